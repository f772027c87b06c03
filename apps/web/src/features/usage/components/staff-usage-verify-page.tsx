import { messages } from '@outpost/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { StaffLinkFailure } from '@/components/staff-link-failure';
import { staffUsageVerifyQueryOptions } from '../api/staff-usage-verify';
import { UsageOnlyView } from './embed-usage-page';

/**
 * /staff-usage/:serviceid/verify?token=... (docs/decisions/025; basic layout): the link's token is
 * exchanged once for a usage-only token of that service (kept as embedded usage keeps its own),
 * then that service's usage is shown as the embedded usage page shows it.
 */
export function StaffUsageVerifyPage() {
  const { serviceid = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = token !== '' && /^[0-9]{1,10}$/.test(serviceid);
  const login = useQuery({ ...staffUsageVerifyQueryOptions(serviceid, token), enabled: valid });
  if (!valid) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Staff usage verification</h1>
        <p className="staff-link__refused">{messages.staff.linkInvalid}</p>
      </div>
    );
  }
  return (
    <UsageOnlyView
      login={login}
      failure={(error) => <StaffLinkFailure error={error} />}
      openingLabel={messages.staff.opening}
    />
  );
}
