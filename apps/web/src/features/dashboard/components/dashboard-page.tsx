import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { routePermissions } from '@outpost/contracts/web-routes';
import { LoadError } from '@/components/load-error';
import { useDataSaver } from '@/lib/data-saver';
import { useDataViewed } from '@/lib/native/review-notes';
import { isNativePlatform } from '@/lib/platform';
import { useSession } from '@/lib/session';
import { useDashboard } from '../api/get-dashboard';
import { AccountSummaryCard } from './account-summary-card';
import { BillingActivityCard } from './billing-activity-card';
import { DashboardNotices } from './dashboard-notices';
import { NewsCard } from './news-card';
import { RefusedPageNotice } from './refused-page-notice';
import { SupportCard } from './support-card';
import { type ServiceActionsProps, UsageCard } from './usage-card';

const AD_SLOTS = [1, 2, 3] as const;

export type DashboardPageProps = ServiceActionsProps & {
  /** 'Account ID' when the dashboard has no account block (from the profile), if known. */
  profileAccountId?: number;
  /** The profile is still loading for 'Account ID'. */
  profileAccountIdPending?: boolean;
};

/**
 * The dashboard (/, spec 1 section 2): the greeting with 'Account ID', the notices, then the Usage
 * card grown into the page's hero (issue 41), Account Summary and Billing Activity (each only when
 * its block flag is on; all three as placeholders while the dashboard loads), Support, News &
 * Updates (web only) and three hidden ad slots.
 */
export function DashboardPage({
  profileAccountId,
  profileAccountIdPending = false,
  ...serviceActions
}: DashboardPageProps) {
  const { user, permissions } = useSession();
  const dashboard = useDashboard();
  const native = isNativePlatform();
  // Data saver: no images (the ad slots are the dashboard's only ones; decision 032).
  const dataSaver = useDataSaver();
  const data = dashboard.data ?? null;
  // Native: the review prompt may follow (spec 1 section 4).
  useDataViewed(data !== null);
  const blocks = data?.permissions.blocks;
  const loading = dashboard.isPending;
  const show = {
    account: loading || blocks?.account === true,
    services: loading || blocks?.services === true,
    activity: loading || blocks?.activity === true,
  };
  const canVisit = (path: string) => hasAllPermissions(permissions, routePermissions(path));

  const accountId = data?.account?.accountid ?? profileAccountId;
  const accountIdText =
    accountId !== undefined ? String(accountId) : loading || profileAccountIdPending ? '…' : '–';

  return (
    <div className="page page--wide dashboard">
      <h1 className="page__title">Hi {user?.given_names}</h1>
      <p className="page__subtitle">
        Account ID: <span className="dashboard__account-id">{accountIdText}</span>
      </p>
      <p className="visually-hidden" role="status">
        {loading ? 'Loading your dashboard…' : ''}
      </p>
      {dashboard.isError && (
        <LoadError
          error={messages.banner.loadPage}
          onRetry={() => void dashboard.refetch()}
          resetKey={dashboard.errorUpdatedAt}
        />
      )}
      <RefusedPageNotice />
      <DashboardNotices notices={data?.notices ?? []} />
      <div className="dashboard__grid">
        {/* The hero first (issue 41): the chosen service's data left; then the account. */}
        {show.services && <UsageCard dashboard={data} canVisit={canVisit} {...serviceActions} />}
        {show.account && <AccountSummaryCard dashboard={data} canVisit={canVisit} />}
        {show.activity && <BillingActivityCard dashboard={data} canVisit={canVisit} />}
        <SupportCard native={native} />
        {!native && <NewsCard />}
      </div>
      {!dataSaver && (
        <div className="ad-slots" hidden>
          {AD_SLOTS.map((slot) => (
            // Empty until an ad is booked: no source, so nothing downloads.
            <img key={slot} className="ad-slot" data-slot={slot} alt="" hidden />
          ))}
        </div>
      )}
    </div>
  );
}
