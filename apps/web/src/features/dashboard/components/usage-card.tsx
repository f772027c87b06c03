import { selectService } from '@/lib/selected-service';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { canBuyBlock, canChangePlan } from '@outpost/domain/services';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { ServerActionButton } from '@/components/server-action-button';
import { ServiceIcon } from '@/components/service-icon';
import { ServiceSelect } from '@/components/service-select';
import { ServiceStatusNotice } from '@/components/service-status';
import { getDefaultService } from '@/lib/session';
import {
  daysRemaining,
  daysText,
  gigabytes,
  totalUsedGb,
  runOutProjection,
  usageBars,
  usageLead,
  type UsageService,
  usagePeriodEnd,
  usageServiceLabel,
  usageServices,
} from '../utils/usage';
import { DashboardCard } from './dashboard-card';
import { UsageBars } from './usage-bars';

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

/** The hero's first line: the big figure, then how long it has to last. */
function Lead({ left, days }: { left: string; days: string }) {
  return (
    <p className="usage-hero__lead">
      <span className="usage-hero__left">{left}</span>
      <span className="usage-hero__dot" aria-hidden="true">
        {' · '}
      </span>
      <span className="usage-hero__days">{days}</span>
    </p>
  );
}

/** The hero's shape in grey while the dashboard loads: it holds the loaded hero's height. */
function UsageHeroSkeleton() {
  return (
    <div className="usage-hero usage-hero--skeleton" aria-hidden="true">
      <div className="usage-hero__head">
        <span className="usage-hero__icon" />
        <span className="skeleton__line usage-hero__skeleton-select" />
      </div>
      <div className="usage-hero__body">
        <div className="usage-hero__main">
          <span className="skeleton__line usage-hero__skeleton-lead" />
          <span className="skeleton__line skeleton__line--short" />
          <span className="skeleton__line usage-hero__skeleton-bar" />
        </div>
      </div>
    </div>
  );
}

/**
 * Usage (spec 1 section 2), grown into the dashboard's hero (issue 41): the service with its
 * icon and the plan selector, then what is left and for how long ('33.54 GB left · 18 days') and
 * where the pace so far leads, the bars of the peak (or anytime) and off-peak allowances used,
 * the period's end and days remaining; limitless plans show 'Unlimited Data' and the total used.
 * Change Plan and Buy Data Block open the services' modals for the chosen plan.
 */
export function UsageCard(props: UsageCardProps) {
  const { dashboard } = props;
  return (
    <DashboardCard
      title="Usage"
      loading={!dashboard}
      className="dashboard-usage"
      skeleton={<UsageHeroSkeleton />}
    >
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
  const bars = usageBars(service);
  const days = daysRemaining(service.usage);
  const lead = usageLead(bars, days);
  const unmetered = service.usage.unmetered_usage;

  const actionButton = (action: ServiceAction, label: string) => {
    const busy = pendingAction?.action === action && pendingAction.serviceid === service.serviceid;
    return (
      <ServerActionButton
        className={action === 'change-plan' ? 'button button--primary' : 'button button--secondary'}
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
    <div className="usage-hero">
      <div className="usage-hero__head">
        <span className="usage-hero__icon">
          <ServiceIcon technology={service.technology} size={24} />
        </span>
        <ServiceSelect
          id={`${ids}-plan`}
          services={services}
          selected={service}
          optionLabel={usageServiceLabel}
          onChange={(serviceid) => setChosen(Number(serviceid))}
        />
      </div>
      <div className="usage-hero__body">
        <div className="usage-hero__main">
          {limitless ? (
            <>
              <Lead left="Unlimited Data" days={daysText(days)} />
              <p className="usage-hero__projection">
                {gigabytes(totalUsedGb(service.usage))} used so far this period
              </p>
              <LimitlessTable service={service} />
            </>
          ) : lead && bars[0] ? (
            <>
              <Lead {...lead} />
              <p className="usage-hero__projection">{runOutProjection(bars[0], service.usage)}</p>
              <UsageBars bars={bars} />
            </>
          ) : (
            <p>This plan has no data allowance to show.</p>
          )}
        </div>
        <div className="usage-hero__side">
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
            className="button button--quiet dashboard-card__more"
          >
            View Detailed Usage
            <ChevronRight aria-hidden="true" focusable="false" size={18} />
          </Link>
        )}
      </div>
    </div>
  );
}
