import { VerifyAccessPage } from '@/features/auth/components/verify-access-page';

export { VerifyAccessPage as Component };
