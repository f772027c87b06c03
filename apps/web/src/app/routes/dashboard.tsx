import { hasAllPermissions } from '@outpost/contracts/permissions';
import { routePermissions } from '@outpost/contracts/web-routes';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import {
  type ServiceModalParts,
  useServiceModals,
} from '@/features/dashboard/hooks/use-service-modals';
import { availableBlocksQueryOptions } from '@/features/services/api/get-available-blocks';
import { availablePlansQueryOptions } from '@/features/services/api/get-available-plans';
import { useKeepNetworkStatus } from '@/features/support/api/keep-network-status';
import { useSession } from '@/lib/session';

/**
 * The dashboard page, composed here because its Usage card opens the services feature's Change
 * Plan and Buy a Data Block modals (a feature never imports another one).
 */

const loadServiceDialog = () => import('@/features/services/components/service-dialog');

// The modals are not part of the dashboard's first download: they load when one is asked for.
const ServiceDialog = lazy(async () => ({ default: (await loadServiceDialog()).ServiceDialog }));

/** The services feature's part of the modals: their code and each one's first data. */
const serviceModalParts: ServiceModalParts = {
  loadDialog: loadServiceDialog,
  prefetchFirstData: (queryClient, action, serviceid) => {
    if (action === 'change-plan')
      void queryClient.prefetchQuery(availablePlansQueryOptions(serviceid));
    else void queryClient.prefetchQuery(availableBlocksQueryOptions(serviceid));
  },
};

export function Component() {
  const { permissions } = useSession();
  const dashboard = useDashboard();
  // 'Account ID' comes with the account block; without it, from the profile (the route loader
  // started it beside the dashboard when the block was not expected).
  const needsProfile = dashboard.isSuccess && dashboard.data.account === null;
  const profile = useQuery({ ...profileQueryOptions(), enabled: needsProfile });
  const modals = useServiceModals(serviceModalParts);
  // Outages & Network Status is kept on the device after any dashboard visit (decision 031), the
  // page people need during an outage; fetched once the dashboard's own data is in.
  useKeepNetworkStatus(
    dashboard.isSuccess &&
      dashboard.fetchStatus === 'idle' &&
      hasAllPermissions(permissions, routePermissions('/support/network-status')),
  );

  return (
    <>
      <DashboardPage
        profileAccountId={needsProfile ? profile.data?.account_id : undefined}
        profileAccountIdPending={needsProfile && profile.isPending}
        canOpenServiceActions={hasAllPermissions(permissions, ['view-services'])}
        onServiceAction={(action, serviceid) => void modals.open(action, serviceid)}
        onServiceActionIntent={modals.prefetch}
        pendingAction={modals.pending}
        serviceActionError={modals.error}
      />
      {modals.dialog && (
        <Suspense fallback={null}>
          <ServiceDialog dialog={modals.dialog} onClose={modals.close} />
        </Suspense>
      )}
    </>
  );
}
