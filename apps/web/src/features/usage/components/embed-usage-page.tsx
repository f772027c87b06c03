import { messages } from '@outpost/contracts/messages';
import { quotaLabel } from '@outpost/domain/services';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useParams } from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { LoadingState } from '@/components/loading-state';
import { isApiError } from '@/lib/api-error';
import { NoUsageTokenError, useUsageOnlyLogin } from '../api/usage-only-login';
import type { UsageAccess } from '../api/usage-access';
import type { UsageOnlyToken } from '../utils/embed-token';
import { UsageHelpCard } from './usage-help-card';
import { UsageReports } from './usage-reports';

/**
 * What a failed exchange shows (spec 2 section 8): no USER token in the answer, the processing
 * message; a 401, the server's own text (cleaned by the banner); anything else, the page message.
 */
export function embedFailureMessage(error: unknown): string {
  if (error instanceof NoUsageTokenError) return messages.login.processingFailed;
  if (isApiError(error) && error.kind === 'Server' && error.status === 401) return error.message;
  return messages.banner.loadPage;
}

export type UsageOnlyViewProps = {
  /** The exchange of a link for a usage-only token (a query: one request per link). */
  login: UseQueryResult<UsageOnlyToken>;
  /** What a failed exchange shows. */
  failure: (error: unknown) => ReactNode;
  /** Said while the link is exchanged. */
  openingLabel?: string;
};

/**
 * One service's usage through a usage-only token (embedded usage, a staff usage link): that
 * service's usage reports, with no plan selector and no Services or Data Blocks navigation.
 */
export function UsageOnlyView({
  login,
  failure,
  openingLabel = 'Opening your usage…',
}: UsageOnlyViewProps) {
  const token = login.data;
  const access = useMemo<UsageAccess | null>(
    () => (token ? { kind: 'embed', token: token.token } : null),
    [token],
  );

  let content;
  if (login.isPending) {
    content = <LoadingState label={openingLabel} />;
  } else if (login.isError) {
    content = failure(login.error);
  } else if (token && access) {
    content = (
      <>
        <UsageReports
          serviceid={token.serviceid}
          access={access}
          peakLabel={quotaLabel(token.technology)}
          showPlan
        />
        <UsageHelpCard liveChat={false} />
      </>
    );
  }

  return (
    <div className="page page--wide">
      <h1 className="page__title">Data Usage</h1>
      {content}
    </div>
  );
}

/**
 * /embed/usage/:otc (spec 2 section 2, Embedded usage page; basic layout): the one-time code is
 * exchanged once for a USER token scoped to one service, then that service's usage reports are
 * shown.
 */
export function EmbedUsagePage() {
  const { otc = '' } = useParams();
  const login = useUsageOnlyLogin(otc);
  return (
    <UsageOnlyView
      login={login}
      failure={(error) => <ErrorBanner error={embedFailureMessage(error)} />}
    />
  );
}
