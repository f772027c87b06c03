import { hasAllPermissions } from '@outpost/contracts/permissions';
import { routePermissions } from '@outpost/contracts/web-routes';
import type { Service } from '@outpost/contracts/services';
import { messages } from '@outpost/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { dashboardQueryKey, useDashboard } from '@/features/dashboard/api/get-dashboard';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import type { ServiceAction } from '@/features/dashboard/components/usage-card';
import { availableBlocksQueryOptions } from '@/features/services/api/get-available-blocks';
import { availablePlansQueryOptions } from '@/features/services/api/get-available-plans';
import { useKeepNetworkStatus } from '@/features/support/api/keep-network-status';
import { analytics } from '@/lib/analytics';
import { isDataSaverOn } from '@/lib/data-saver';
import { servicesQueryOptions } from '@/lib/services-query';
import { useSession } from '@/lib/session';

/**
 * The dashboard page, composed here because its Usage card opens the services feature's Change
 * Plan and Buy a Data Block modals (a feature never imports another one).
 */

const loadServiceDialog = () => import('@/features/services/components/service-dialog');

// The modals are not part of the dashboard's first download: they load when one is asked for.
const ServiceDialog = lazy(async () => ({ default: (await loadServiceDialog()).ServiceDialog }));

/** How opening each modal is recorded (as My Services records it). */
const modalViews: Readonly<Record<ServiceAction, string>> = {
  'change-plan': '/services/change-plan',
  'buy-block': '/services/buy-data-block',
};

type OpenDialog = { kind: ServiceAction; service: Service };
type Pending = { action: ServiceAction; serviceid: number };

/**
 * Opening a modal from the dashboard: the modal needs the service as My Services knows it (the
 * shared services list), its own first data (plans or blocks) and its code. All three start at
 * once (already on hover or focus of the button), so opening costs one round trip at most.
 */
function useServiceModals() {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<unknown>(null);
  const openedAt = useRef(0);

  const start = (action: ServiceAction, serviceid: number) => {
    void loadServiceDialog().catch(() => undefined);
    void queryClient.prefetchQuery(servicesQueryOptions());
    if (action === 'change-plan')
      void queryClient.prefetchQuery(availablePlansQueryOptions(serviceid));
    else void queryClient.prefetchQuery(availableBlocksQueryOptions(serviceid));
  };

  // Data saver: nothing is fetched for a dialog the user may not open (decision 032).
  const prefetch = (action: ServiceAction, serviceid: number) => {
    if (!isDataSaverOn()) start(action, serviceid);
  };

  const open = async (action: ServiceAction, serviceid: number) => {
    if (pending) return;
    setError(null);
    setPending({ action, serviceid });
    start(action, serviceid);
    try {
      const [services] = await Promise.all([
        queryClient.ensureQueryData(servicesQueryOptions()),
        loadServiceDialog(),
      ]);
      const service = services.find((s) => s.serviceid === serviceid);
      if (!service) {
        setError(messages.banner.loadData);
        return;
      }
      analytics.track('Modal View', { path: modalViews[action] });
      openedAt.current = Date.now();
      setDialog({ kind: action, service });
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(null);
    }
  };

  /** A plan change or a purchase changes the Usage card's figures: reload the dashboard then. */
  const close = () => {
    setDialog(null);
    const changed = queryClient
      .getMutationCache()
      .getAll()
      .some((m) => m.state.status === 'success' && m.state.submittedAt >= openedAt.current);
    if (changed) void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  };

  return { dialog, pending, error, open, close, prefetch };
}

export function Component() {
  const { permissions } = useSession();
  const dashboard = useDashboard();
  // 'Account ID' comes with the account block; without it, from the profile (the route loader
  // started it beside the dashboard when the block was not expected).
  const needsProfile = dashboard.isSuccess && dashboard.data.account === null;
  const profile = useQuery({ ...profileQueryOptions(), enabled: needsProfile });
  const modals = useServiceModals();
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
