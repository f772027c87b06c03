import type { Service } from '@outpost/contracts/services';
import { messages } from '@outpost/contracts/messages';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { analytics } from '@/lib/analytics';
import { isDataSaverOn } from '@/lib/data-saver';
import { servicesQueryOptions } from '@/lib/services-query';
import { dashboardQueryKey } from '../api/get-dashboard';
import type { ServiceAction } from '../components/usage-card';

/** How opening each modal is recorded (as My Services records it). */
const modalViews: Readonly<Record<ServiceAction, string>> = {
  'change-plan': '/services/change-plan',
  'buy-block': '/services/buy-data-block',
};

export type OpenServiceDialog = { kind: ServiceAction; service: Service };
type Pending = { action: ServiceAction; serviceid: number };

/** What the services feature brings (the page composes the two; a feature never imports another). */
export type ServiceModalParts = {
  /** The modals' code. */
  loadDialog: () => Promise<unknown>;
  /** Starts a modal's own first data (the plans, or the blocks). */
  prefetchFirstData: (queryClient: QueryClient, action: ServiceAction, serviceid: number) => void;
};

/**
 * Opening a modal from the dashboard: the modal needs the service as My Services knows it (the
 * shared services list), its own first data (plans or blocks) and its code. All three start at
 * once (already on hover or focus of the button), so opening costs one round trip at most.
 */
export function useServiceModals({ loadDialog, prefetchFirstData }: ServiceModalParts) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<OpenServiceDialog | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<unknown>(null);
  const openedAt = useRef(0);

  const start = (action: ServiceAction, serviceid: number) => {
    void loadDialog().catch(() => undefined);
    void queryClient.prefetchQuery(servicesQueryOptions());
    prefetchFirstData(queryClient, action, serviceid);
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
        loadDialog(),
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
