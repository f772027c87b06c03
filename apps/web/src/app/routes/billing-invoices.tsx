import { hasAllPermissions } from '@outpost/contracts/permissions';
import { routePermissions } from '@outpost/contracts/web-routes';
import { InvoicesPage } from '@/features/billing/components/invoices-page';
import { accountSummaryShown } from '@/features/billing/utils/account-summary';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { AccountSummaryCard } from '@/features/dashboard/components/account-summary-card';
import { useSession } from '@/lib/session';

/**
 * /billing/invoices: the billing feature's page with the dashboard's Account Summary card (the
 * same data and card; the dashboard query is cached when coming from /).
 */
export function Component() {
  const dashboard = useDashboard();
  const { permissions } = useSession();
  const canVisit = (path: string) => hasAllPermissions(permissions, routePermissions(path));
  const data = dashboard.data ?? null;
  return (
    <InvoicesPage
      summary={
        accountSummaryShown(data) && (
          <AccountSummaryCard dashboard={data} canVisit={canVisit} variant="invoices" />
        )
      }
    />
  );
}
