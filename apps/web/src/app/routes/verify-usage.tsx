import { useParams } from 'react-router';
import { VerifyAccessPage } from '@/features/auth/components/verify-access-page';

/** /forgot-password/verify/usage/:serviceid: verify access, make the service the default, then its usage. */
export function Component() {
  const { serviceid = '' } = useParams();
  return <VerifyAccessPage variant={{ kind: 'usage', serviceId: serviceid }} />;
}
