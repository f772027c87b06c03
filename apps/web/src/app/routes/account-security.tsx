import { AccountLayout } from '@/features/account/components/account-layout';

/** /account/security (spec 3 section 2.8). */
export function Component() {
  return (
    <AccountLayout title="Account Security">
      <p>Coming soon.</p>
    </AccountLayout>
  );
}
