import { selectService } from '@/lib/selected-service';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { canBuyBlock, canChangePlan } from '@outpost/domain/services';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { ServiceStatusNotice } from '@/components/service-status';
import { getDefaultService } from '@/lib/session';
import {
  daysRemaining,
  gigabytes,
  totalUsedGb,
  runOutProjection,
  usageBars,
  type UsageService,
  usagePeriodEnd,
  usageServiceLabel,
  usageServices,
} from '../utils/usage';
import { DashboardCard } from './dashboard-card';
import { UsageBars, UsageGauge } from './usage-gauge';
import { ServerActionButton } from '@/components/server-action-button';

/** The service modals the card opens (the services feature's Change Plan and Buy a Data Block). */
export type ServiceAction = 'change-plan' | 'buy-block';

export type ServiceActionsProps = {
  /** Opens the action's modal for the service. */
  onServiceAction: (action: ServiceAction, serviceid: number) => void;
  /** The pointer or focus is on the action's button: start loading what its modal needs. */
  onServiceActionIntent?: (action: ServiceAction, serviceid: number) => void;
  /** The action whose modal is being opened (its button shows that it is busy). */
  pendingAction?: { action: ServiceAction; serviceid: number } | null;
  /** Why the last modal could not be opened. */
  serviceActionError?: unknown;
  /** Whether the modals can be opened at all (they need the services list: view-services). */
  canOpenServiceActions: boolean;
};

export type UsageCardProps = ServiceActionsProps & {
  dashboard: Dashboard | null;
  canVisit: (path: string) => boolean;
};

function LimitlessTable({ service }: { service: UsageService }) {
  return (
    <table className="facts-table">
      <caption className="visually-hidden">Data this period</caption>
      <tbody>
        <tr>
          <th scope="row">Allowance</th>
          <td>Unlimited Data</td>
        </tr>
        <tr>
          <th scope="row">Total used</th>
          <td>{gigabytes(totalUsedGb(service.usage))}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * Usage (spec 1 section 2): a plan selector, the period's end and days left, and bars of the
 * peak (or anytime) and off-peak allowances used; limitless plans show 'Unlimited Data' and the
 * total used. Change Plan and Buy Data Block open the services' modals for the chosen plan.
 */
export function UsageCard(props: UsageCardProps) {
  const { dashboard } = props;
  return (
    <DashboardCard title="Usage" loading={!dashboard} className="dashboard-usage">
      {dashboard && <UsageCardBody {...props} dashboard={dashboard} />}
    </DashboardCard>
  );
}

function UsageCardBody({
  dashboard,
  canVisit,
  onServiceAction,
  onServiceActionIntent,
  pendingAction,
  serviceActionError,
  canOpenServiceActions,
}: UsageCardProps & { dashboard: Dashboard }) {
  const ids = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const services = usageServices(dashboard.services);
  const service = selectService(services, chosen, getDefaultService());
  if (!service) return <p>There is no usage to show for your services.</p>;

  const { links } = dashboard.permissions;
  const limitless = service.is_limitless || service.usage.is_limitless;
  const [main, ...others] = usageBars(service);
  const days = daysRemaining(service.usage);
  const unmetered = service.usage.unmetered_usage;

  const actionButton = (action: ServiceAction, label: string) => {
    const busy = pendingAction?.action === action && pendingAction.serviceid === service.serviceid;
    return (
      <ServerActionButton
        className={
          action === 'change-plan' ? 'button button--primary button--small' : 'button button--small'
        }
        aria-disabled={pendingAction ? true : undefined}
        onClick={() => {
          if (!pendingAction) onServiceAction(action, service.serviceid);
        }}
        onPointerEnter={() => onServiceActionIntent?.(action, service.serviceid)}
        onFocus={() => onServiceActionIntent?.(action, service.serviceid)}
      >
        {busy && <span className="spinner spinner--small" aria-hidden="true" />}
        {label}
      </ServerActionButton>
    );
  };

  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-plan`}>Plan</label>
        <select
          id={`${ids}-plan`}
          value={service.serviceid}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {services.map((s) => (
            <option key={s.serviceid} value={s.serviceid}>
              {usageServiceLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {/* Side by side where the card is wide enough: the dial, then the period's figures. */}
      <div className="usage-summary">
        {limitless ? (
          <LimitlessTable service={service} />
        ) : main ? (
          <>
            <UsageGauge bar={main} projection={runOutProjection(main, service.usage)} />
            {others.length > 0 && <UsageBars bars={others} />}
          </>
        ) : (
          <p>This plan has no data allowance to show.</p>
        )}
        <dl className="facts">
          <div>
            <dt>Period end date</dt>
            <dd>{usagePeriodEnd(service.usage)}</dd>
          </div>
          <div>
            <dt>Days remaining</dt>
            <dd>{days}</dd>
          </div>
        </dl>
        {!limitless && unmetered > 0 && (
          <p className="dashboard-card__note">Unmetered data used: {gigabytes(unmetered)}</p>
        )}
      </div>
      {/* A suspended service's usage stays in view; nothing is offered to buy or change. */}
      <ServiceStatusNotice service={service} />
      <ErrorBanner error={serviceActionError} />
      <p className="visually-hidden" role="status">
        {pendingAction ? 'Opening…' : ''}
      </p>
      <div className="dashboard-card__actions">
        {links['change-plan'] &&
          canOpenServiceActions &&
          canChangePlan(service) &&
          actionButton('change-plan', 'Change Plan')}
        {links['purchase-block'] &&
          canOpenServiceActions &&
          !limitless &&
          canBuyBlock(service) &&
          actionButton('buy-block', 'Buy Data Block')}
        {links['view-detailed-usage'] && canVisit('/services/usage') && (
          <Link
            to={`/services/usage?service=${service.serviceid}`}
            className="dashboard-card__link"
          >
            View Detailed Usage
          </Link>
        )}
      </div>
    </>
  );
}
