import { AccountLayout } from '@/features/account/components/account-layout';

/** /account/preferences (spec 3 section 2.8). */
export function Component() {
  return (
    <AccountLayout title="Account Preferences">
      <p>Coming soon.</p>
    </AccountLayout>
  );
}
