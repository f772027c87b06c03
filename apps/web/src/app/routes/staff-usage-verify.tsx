import { StaffUsageVerifyPage } from '@/features/usage/components/staff-usage-verify-page';

export { StaffUsageVerifyPage as Component };
