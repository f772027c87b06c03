import { AccountLayout } from '@/features/account/components/account-layout';

/** /account/permissions (spec 3 section 2.8). */
export function Component() {
  return (
    <AccountLayout title="Account Permissions">
      <p>Coming soon.</p>
    </AccountLayout>
  );
}
