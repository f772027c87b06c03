import type { ActivityService, Service } from '@outpost/contracts/services';
import { serviceActions } from '@outpost/domain/services';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { Modal } from '@/components/modal';
import { analytics } from '@/lib/analytics';
import { useUrlState } from '@/lib/url-state';
import { providersQueryOptions } from '../api/orders';
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
import { ORDER_DIALOGS, type OrderDialogKind, type ServiceDialogKind } from './service-actions';

// The order wizards are a chunk of their own, loaded when one opens (or on hover of its button).
const loadOrders = () => import('./telephony-order/telephony-order-modal');
const LandlineTransferModal = lazy(async () => ({
  default: (await loadOrders()).LandlineTransferModal,
}));
const VoipTransferModal = lazy(async () => ({ default: (await loadOrders()).VoipTransferModal }));
const NewVoipModal = lazy(async () => ({ default: (await loadOrders()).NewVoipModal }));

// Purchase a product loads with its first use (or the intent to), not with My Services.
const loadProductPurchase = () => import('./product-purchase/product-purchase-modal');
const ProductPurchaseModal = lazy(async () => ({
  default: (await loadProductPurchase()).ProductPurchaseModal,
}));

/**
 * A dialog and its service. Buy Data Block opens from Data Blocks too, which has only what
 * view-activity may see of a service (docs/decisions/039); the others open from My Services.
 */
export type OpenServiceDialog =
  | { kind: Exclude<ServiceDialogKind, 'buy-block'>; service: Service }
  | { kind: 'buy-block'; service: ActivityService };

type OpenArgs =
  [kind: ServiceDialogKind, service: Service] | [kind: 'buy-block', service: ActivityService];

/** How each modal's view is recorded (like a page view, as spec 2 names the transfer modals'). */
const modalViews: Readonly<Record<Exclude<ServiceDialogKind, 'request-transfer'>, string>> = {
  'change-plan': '/services/change-plan',
  'cancel-change': '/services/cancel-plan-change',
  'buy-block': '/services/buy-data-block',
  'add-nickname': '/services/add-nickname',
  'edit-nickname': '/services/edit-nickname',
  'remove-nickname': '/services/remove-nickname',
  'call-barring': '/services/call-barring',
  'landline-options': '/services/landline-options',
  'order-product': '/services/order-product',
  'new-service': '/services/new-voip',
};

export function modalView(kind: ServiceDialogKind, service: Pick<Service, 'technology'>): string {
  if (kind === 'request-transfer')
    return service.technology === 'Landline'
      ? '/services/transfer-landline'
      : '/services/transfer-voip';
  return modalViews[kind];
}

const isOrderDialog = (kind: string | null): kind is OrderDialogKind =>
  (ORDER_DIALOGS as readonly (string | null)[]).includes(kind);

export type ServiceDialogOptions = {
  /**
   * The services list and the permissions held: an order dialog (Request Transfer, New Service)
   * is then kept in the address (?order=…&service=…), so it opens again after a reload.
   */
  orders?: { services: readonly Service[] | undefined; held: ReadonlySet<string> };
};

/** Which service dialog is open; opening records the modal view. */
export function useServiceDialog({ orders }: ServiceDialogOptions = {}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<OpenServiceDialog | null>(null);
  const [params, setUrlState] = useUrlState();
  const orderKind = params.get('order');
  const orderService = Number(params.get('service'));
  const services = orders?.services;
  const held = orders?.held;

  // The order dialog the address names, while its service still offers that action.
  const fromUrl = useMemo((): OpenServiceDialog | null => {
    if (!held || !isOrderDialog(orderKind)) return null;
    const service = services?.find((s) => s.serviceid === orderService);
    if (!service || !serviceActions(service, held).includes(orderKind)) return null;
    return { kind: orderKind, service };
  }, [services, held, orderKind, orderService]);

  const open = useCallback(
    (...[kind, service]: OpenArgs) => {
      analytics.track('Modal View', { path: modalView(kind, service) });
      if (orders && isOrderDialog(kind)) {
        setDialog(null);
        setUrlState({ order: kind, service: String(service.serviceid) });
        return;
      }
      // A snapshot: the list may reload while the dialog is open, the dialog keeps its service.
      // OpenArgs pairs 'buy-block' alone with the smaller service type.
      setDialog({ kind, service } as OpenServiceDialog);
    },
    [orders, setUrlState],
  );

  const close = useCallback(() => {
    setDialog(null);
    if (params.has('order') || params.has('service')) setUrlState({ order: null, service: null });
  }, [params, setUrlState]);

  /** Starts loading what a dialog shows first, on hover or focus of its button. */
  const prefetch = useCallback(
    (...[kind, service]: OpenArgs) => {
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
      if (kind === 'request-transfer') {
        void loadOrders().catch(() => undefined);
        void queryClient.prefetchQuery(
          providersQueryOptions(service.technology === 'Landline' ? 'landline' : 'voip'),
        );
      }
      if (kind === 'new-service') void loadOrders().catch(() => undefined);
    },
    [queryClient],
  );

  return { dialog: dialog ?? fromUrl, open, close, prefetch };
}

export type ServiceDialogProps = {
  dialog: OpenServiceDialog | null;
  onClose: () => void;
  /** The landline transfer terms (a content page the app composes in), for its terms step. */
  transferTerms?: ReactNode;
};

/** The open service dialog, mounted only while open (closing drops its fields and errors). */
export function ServiceDialog({ dialog, onClose, transferTerms }: ServiceDialogProps) {
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
    case 'edit-nickname':
      return <AddNicknameModal service={service} onClose={onClose} edit />;
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
    case 'request-transfer':
    case 'new-service':
      return (
        <Suspense fallback={null}>
          {kind === 'new-service' ? (
            <NewVoipModal service={service} onClose={onClose} />
          ) : service.technology === 'Landline' ? (
            <LandlineTransferModal service={service} onClose={onClose} terms={transferTerms} />
          ) : (
            <VoipTransferModal service={service} onClose={onClose} />
          )}
        </Suspense>
      );
  }
}
