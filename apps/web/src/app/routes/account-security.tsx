import { AccountLayout } from '@/features/account/components/account-layout';
import { SecurityBiometric } from '@/features/account/security/components/security-biometric';
import { SecurityIdentification } from '@/features/account/security/components/security-identification';
import { SecurityPassword } from '@/features/account/security/components/security-password';
import { SecuritySessions } from '@/features/account/security/components/security-sessions';
import { SecurityTwoFactor } from '@/features/account/security/components/security-two-factor';

/**
 * /account/security (spec 3 sections 2.8, 4, 5; docs/decisions/016): password, identification
 * method, two-factor, biometric login (native) and the signed-in devices. No route permission.
 */
export function Component() {
  return (
    <AccountLayout title="Account Security">
      <div className="security">
        <SecurityPassword />
        <SecurityIdentification />
        <SecurityTwoFactor />
        <SecurityBiometric />
        <SecuritySessions />
      </div>
    </AccountLayout>
  );
}
