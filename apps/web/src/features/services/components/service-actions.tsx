import type { Service } from '@outpost/contracts/services';
import { type ServiceAction, serviceActions } from '@outpost/domain/services';
import { Link } from 'react-router';
import { setDefaultService } from '@/lib/session';
import { serviceLabel } from '../utils/service-display';

/** The dialogs a service row opens. */
export type ServiceDialogKind =
  'change-plan' | 'cancel-change' | 'buy-block' | 'add-nickname' | 'remove-nickname';

export type ServiceActionsProps = {
  service: Service;
  held: ReadonlySet<string>;
  onOpen: (kind: ServiceDialogKind, service: Service) => void;
  /** Started on hover or focus of a button, so its dialog's data is there sooner. */
  onIntent?: (kind: ServiceDialogKind, service: Service) => void;
};

/** The actions built so far; Call Barring, Landline Options, Request Transfer and New Service come later. */
const built: ReadonlySet<ServiceAction> = new Set<ServiceAction>([
  'view-usage',
  'make-request',
  'change-plan',
  'buy-data-block',
  'nickname',
]);

/** A service row's Manage actions, per the permissions and conditions of spec 2 section 6. */
export function ServiceActions({ service, held, onOpen, onIntent }: ServiceActionsProps) {
  const actions = serviceActions(service, held).filter((action) => built.has(action));
  const forService = <span className="visually-hidden"> for {serviceLabel(service)}</span>;

  const button = (kind: ServiceDialogKind, text: string, primary = false) => (
    <button
      type="button"
      className={primary ? 'button button--small button--primary' : 'button button--small'}
      onClick={() => onOpen(kind, service)}
      onPointerEnter={onIntent && (() => onIntent(kind, service))}
      onFocus={onIntent && (() => onIntent(kind, service))}
    >
      {text}
      {forService}
    </button>
  );

  return (
    <ul className="action-list" aria-label={`Manage ${serviceLabel(service)}`}>
      {actions.map((action) => {
        switch (action) {
          case 'view-usage':
            return (
              <li key={action}>
                <Link
                  to="/services/usage"
                  className="button button--small"
                  onClick={() => setDefaultService(String(service.serviceid))}
                >
                  View usage{forService}
                </Link>
              </li>
            );
          case 'make-request':
            return (
              <li key={action}>
                <Link to="/support/new-ticket" className="button button--small">
                  Make a Request{forService}
                </Link>
              </li>
            );
          case 'change-plan':
            return <li key={action}>{button('change-plan', 'Change Plan')}</li>;
          case 'buy-data-block':
            return <li key={action}>{button('buy-block', 'Buy Data Block')}</li>;
          case 'nickname':
            // One button that changes its text, so focus returns to it after the change.
            return (
              <li key={action}>
                {service.has_nickname
                  ? button('remove-nickname', 'Remove Nickname')
                  : button('add-nickname', 'Add Nickname')}
              </li>
            );
          default:
            return null;
        }
      })}
    </ul>
  );
}
