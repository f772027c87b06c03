import { StaffLoginVerifyPage } from '@/features/staff/components/staff-login-verify-page';

export { StaffLoginVerifyPage as Component };
