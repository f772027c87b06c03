import type { Service } from '@outpost/contracts/services';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { Modal } from '@/components/modal';
import { analytics } from '@/lib/analytics';
import { availableBlocksQueryOptions } from '../api/get-available-blocks';
import { availablePlansQueryOptions } from '../api/get-available-plans';
import { productsQueryOptions } from '../api/products';
import { barringOptionsQueryOptions, telephonyFeaturesQueryOptions } from '../api/telephony';
import { BuyBlockModal } from './buy-block-modal';
import { CallBarringModal } from './call-barring-modal';
import { LandlineOptionsModal } from './landline-options-modal';
import { CancelPlanChangeModal } from './cancel-plan-change-modal';
import { ChangePlanModal } from './change-plan-modal';
import { AddNicknameModal, RemoveNicknameModal } from './nickname-modal';
import type { ServiceDialogKind } from './service-actions';

// Purchase a product loads with its first use (or the intent to), not with My Services.
const loadProductPurchase = () => import('./product-purchase-modal');
const ProductPurchaseModal = lazy(async () => ({
  default: (await loadProductPurchase()).ProductPurchaseModal,
}));

export type OpenServiceDialog = { kind: ServiceDialogKind; service: Service };

/** How each modal's view is recorded (like a page view, as spec 2 names the transfer modals'). */
const modalViews: Readonly<Record<ServiceDialogKind, string>> = {
  'change-plan': '/services/change-plan',
  'cancel-change': '/services/cancel-plan-change',
  'buy-block': '/services/buy-data-block',
  'add-nickname': '/services/add-nickname',
  'remove-nickname': '/services/remove-nickname',
  'call-barring': '/services/call-barring',
  'landline-options': '/services/landline-options',
  'order-product': '/services/order-product',
};

/** Which service dialog is open; opening records the modal view. */
export function useServiceDialog() {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<OpenServiceDialog | null>(null);

  const open = useCallback((kind: ServiceDialogKind, service: Service) => {
    analytics.track('Modal View', { path: modalViews[kind] });
    // A snapshot: the list may reload while the dialog is open, the dialog keeps its service.
    setDialog({ kind, service });
  }, []);

  const close = useCallback(() => setDialog(null), []);

  /** Starts loading what a dialog shows first, on hover or focus of its button. */
  const prefetch = useCallback(
    (kind: ServiceDialogKind, service: Service) => {
      if (kind === 'change-plan')
        void queryClient.prefetchQuery(availablePlansQueryOptions(service.serviceid));
      if (kind === 'buy-block')
        void queryClient.prefetchQuery(availableBlocksQueryOptions(service.serviceid));
      if (kind === 'call-barring')
        void queryClient.prefetchQuery(barringOptionsQueryOptions(service.serviceid));
      if (kind === 'landline-options')
        void queryClient.prefetchQuery(telephonyFeaturesQueryOptions(service.serviceid));
      if (kind === 'order-product') {
        void loadProductPurchase().catch(() => undefined);
        void queryClient.prefetchQuery(productsQueryOptions());
      }
    },
    [queryClient],
  );

  return { dialog, open, close, prefetch };
}

export type ServiceDialogProps = { dialog: OpenServiceDialog | null; onClose: () => void };

/** The open service dialog, mounted only while open (closing drops its fields and errors). */
export function ServiceDialog({ dialog, onClose }: ServiceDialogProps) {
  if (!dialog) return null;
  const { kind, service } = dialog;
  switch (kind) {
    case 'change-plan':
      return <ChangePlanModal service={service} onClose={onClose} />;
    case 'cancel-change':
      return <CancelPlanChangeModal service={service} onClose={onClose} />;
    case 'buy-block':
      return <BuyBlockModal service={service} onClose={onClose} />;
    case 'add-nickname':
      return <AddNicknameModal service={service} onClose={onClose} />;
    case 'remove-nickname':
      return <RemoveNicknameModal service={service} onClose={onClose} />;
    case 'call-barring':
      return <CallBarringModal service={service} onClose={onClose} />;
    case 'landline-options':
      return <LandlineOptionsModal service={service} onClose={onClose} />;
    case 'order-product':
      return (
        <Suspense
          fallback={
            <Modal open title="Purchase a Product" onClose={onClose}>
              <LoadingState label="Loading products…" />
            </Modal>
          }
        >
          <ProductPurchaseModal service={service} onClose={onClose} />
        </Suspense>
      );
  }
}
