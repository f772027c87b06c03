import type { Service } from '@outpost/contracts/services';
import { type ServiceAction, serviceActions } from '@outpost/domain/services';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MenuButton } from '@/components/menu-button';
import { useServerAction } from '@/lib/online';
import { setDefaultService } from '@/lib/session';
import { serviceLabel } from '../utils/service-display';

/** The dialogs a service row opens. */
export type ServiceDialogKind =
  | 'change-plan'
  | 'cancel-change'
  | 'buy-block'
  | 'add-nickname'
  | 'edit-nickname'
  | 'remove-nickname'
  | 'call-barring'
  | 'landline-options'
  | 'order-product'
  | 'request-transfer'
  | 'new-service';

/** The order dialogs: kept in the address (with the service), so a reload reopens them. */
export const ORDER_DIALOGS = ['request-transfer', 'new-service'] as const;
export type OrderDialogKind = (typeof ORDER_DIALOGS)[number];

export type ServiceActionsProps = {
  service: Service;
  held: ReadonlySet<string>;
  onOpen: (kind: ServiceDialogKind, service: Service) => void;
  /** Started on hover or focus of a button, so its dialog's data is there sooner. */
  onIntent?: (kind: ServiceDialogKind, service: Service) => void;
};

/** The actions built so far (Order Now comes with the products). */
const built: ReadonlySet<ServiceAction> = new Set<ServiceAction>([
  'view-usage',
  'make-request',
  'change-plan',
  'buy-data-block',
  'nickname',
  'call-barring',
  'landline-options',
  'order-product',
  'request-transfer',
  'new-service',
]);

/**
 * A service row's Manage actions, per the permissions and conditions of spec 2 section 6: the
 * first one the user may take as a button, the others in a 'Manage' menu.
 */
export function ServiceActions({ service, held, onOpen, onIntent }: ServiceActionsProps) {
  const actions = serviceActions(service, held).filter((action) => built.has(action));
  const label = serviceLabel(service);
  const forService = <span className="visually-hidden"> for {label}</span>;
  // Every dialog here changes something on the server: offline they do not open (lib/online.ts).
  const serverAction = useServerAction();

  /** One action: the row's primary button, or an item of the Manage menu. */
  const render = (action: ServiceAction, primary: boolean): ReactNode => {
    const look = primary
      ? { className: 'button button--small button--primary' }
      : { className: 'menu-button__item', role: 'menuitem', tabIndex: -1 };
    const button = (kind: ServiceDialogKind, text: string, key: string = action) => (
      <button
        key={key}
        type="button"
        {...look}
        disabled={serverAction.disabled}
        title={serverAction.reason}
        onClick={() => onOpen(kind, service)}
        onPointerEnter={onIntent && (() => onIntent(kind, service))}
        onFocus={onIntent && (() => onIntent(kind, service))}
      >
        {text}
        {forService}
      </button>
    );
    switch (action) {
      case 'view-usage':
        return (
          <Link
            key={action}
            to="/services/usage"
            {...look}
            onClick={() => setDefaultService(String(service.serviceid))}
          >
            View usage{forService}
          </Link>
        );
      case 'make-request':
        return (
          <Link key={action} to={`/support/new-ticket?serviceid=${service.serviceid}`} {...look}>
            Make a Request{forService}
          </Link>
        );
      case 'change-plan':
        return button('change-plan', 'Change Plan');
      case 'buy-data-block':
        return button('buy-block', 'Buy Data Block');
      case 'nickname':
        // One item that changes its text, so focus returns to the row after the change; with a
        // nickname, Edit Nickname before it (a new name without removing the old one first).
        return service.has_nickname
          ? [
              button('edit-nickname', 'Edit Nickname', 'edit-nickname'),
              button('remove-nickname', 'Remove Nickname'),
            ]
          : button('add-nickname', 'Add Nickname');
      case 'call-barring':
        return button('call-barring', 'Call Barring');
      case 'landline-options':
        return button('landline-options', 'Landline Options');
      case 'order-product':
        return button('order-product', 'Order Now');
      case 'request-transfer':
        return button('request-transfer', 'Request Transfer');
      case 'new-service':
        return button('new-service', 'New Service');
      default:
        return null;
    }
  };

  const [first, ...rest] = actions;
  if (first === undefined) return null;
  return (
    <div className="service-actions" role="group" aria-label={`Manage ${label}`}>
      {render(first, true)}
      {rest.length > 0 && (
        <MenuButton
          label={
            <>
              Manage<span className="visually-hidden"> {label}</span>
            </>
          }
        >
          {rest.map((action) => render(action, false))}
        </MenuButton>
      )}
    </div>
  );
}
