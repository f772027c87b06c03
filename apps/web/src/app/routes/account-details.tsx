import { AccountLayout } from '@/features/account/components/account-layout';

/** /account/details (spec 3 section 2.8). */
export function Component() {
  return (
    <AccountLayout title="My Details">
      <p>Coming soon.</p>
    </AccountLayout>
  );
}
