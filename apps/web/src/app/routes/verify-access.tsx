import { VerifyAccessPage } from '@/features/auth/components/verify-access-page';

/** /forgot-password/verify: verify access, then the forced password update. */
export function Component() {
  return <VerifyAccessPage variant={{ kind: 'recovery' }} />;
}
