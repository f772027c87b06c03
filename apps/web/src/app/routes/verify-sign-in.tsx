import { VerifyAccessPage } from '@/features/auth/components/verify-access-page';

/** /forgot-password/verify/sign-in: verify access, then the dashboard. */
export function Component() {
  return <VerifyAccessPage variant={{ kind: 'sign-in' }} />;
}
