import { useUrlState } from '@/lib/url-state';
import { messages } from '@outpost/contracts/messages';
import type { Service } from '@outpost/contracts/services';
import { formatMoney, formatDate } from '@outpost/domain/format';
import { allowanceLabel, orderServices, speedLabel } from '@outpost/domain/services';
import { type ReactNode, useId } from 'react';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { useSession } from '@/lib/session';
import { useServices } from '@/lib/services-query';
import { ServiceActions } from './service-actions';
import { ServiceDialog, useServiceDialog } from './service-dialog';
import { NoValue, ServiceIdentity } from './service-identity';
import { ServicesTabs } from '@/components/services-tabs';
import { ServiceStatusTag } from '@/components/service-status';
import {
  heldPermissions,
  serviceAllowance,
  serviceLabel,
  serviceSpeed,
} from '../utils/service-display';

const SERVICES_PAGE_SIZE = 5;

function orNone(text: string) {
  return text === '' ? <NoValue /> : text;
}

function monthly(cents: number) {
  return (
    <>
      {formatMoney(cents)}
      <span className="price-period"> a month</span>
    </>
  );
}

/**
 * /services (spec 2 section 2): Manage My Services (5 a page, cards on small screens), the
 * pending services, and Upcoming Plan Changes; each row's actions open the service dialogs.
 */
export function ServicesPage({ transferTerms }: { transferTerms?: ReactNode } = {}) {
  const ids = useId();
  const services = useServices();
  const { permissions } = useSession();
  const held = heldPermissions(permissions);
  // The order dialogs live in the address, so a reload reopens them (their wizards keep progress).
  const { dialog, open, close, prefetch } = useServiceDialog({
    orders: { services: services.data, held },
  });
  const [searchParams, setUrlState] = useUrlState();
  const page = Number(searchParams.get('page')) || 1;

  const all = orderServices(services.data ?? []);
  const active = all.filter((s) => s.status !== 'pending');
  const pending = all.filter((s) => s.status === 'pending');
  const upcoming = all.filter((s) => s.upcoming !== null);
  const canCancel = held.has('change-plan');

  const handlePageChange = (next: number) => {
    setUrlState({ page: next === 1 ? null : String(next) });
  };

  // On a phone a service is a row: its icon, name, identifier and plan, its allowance and price
  // under them; the speed a tap away and its actions always under the row.
  const serviceColumns: DataTableColumn<Service>[] = [
    {
      id: 'plan',
      header: 'Plan',
      rowHeader: true,
      narrow: 'primary',
      cell: (s) => (
        <>
          <ServiceIdentity service={s} showPlan />
          <ServiceStatusTag service={s} />
        </>
      ),
    },
    {
      id: 'allowance',
      header: 'Allowance',
      narrow: 'secondary',
      cell: (s) => orNone(serviceAllowance(s)),
    },
    { id: 'speed', header: 'Speed', cell: (s) => orNone(serviceSpeed(s)) },
    { id: 'price', header: 'Price', narrow: 'secondary', cell: (s) => monthly(s.price) },
    {
      id: 'manage',
      header: 'Manage',
      hideLabelWhenStacked: true,
      narrow: 'actions',
      className: 'data-table__actions',
      cell: (s) => <ServiceActions service={s} held={held} onOpen={open} onIntent={prefetch} />,
    },
  ];

  const upcomingColumns: DataTableColumn<Service>[] = [
    {
      id: 'service',
      header: 'Service',
      rowHeader: true,
      narrow: 'primary',
      cell: (s) => <ServiceIdentity service={s} />,
    },
    { id: 'current', header: 'Current plan', cell: (s) => s.plan },
    {
      id: 'upcoming',
      header: 'Upcoming plan',
      narrow: 'secondary',
      cell: (s) => s.upcoming?.plan,
    },
    {
      id: 'allowance',
      header: 'Allowance',
      cell: (s) =>
        s.upcoming && orNone(allowanceLabel({ ...s.upcoming, technology: s.technology })),
    },
    {
      id: 'speed',
      header: 'Speed',
      cell: (s) => s.upcoming && orNone(speedLabel({ ...s.upcoming, technology: s.technology })),
    },
    { id: 'price', header: 'Price', cell: (s) => s.upcoming && monthly(s.upcoming.price) },
    {
      id: 'effective',
      header: 'Effective',
      narrow: 'trailing',
      cell: (s) => s.upcoming && formatDate(s.upcoming.effective),
    },
  ];
  if (canCancel) {
    upcomingColumns.push({
      id: 'manage',
      header: 'Manage',
      hideLabelWhenStacked: true,
      narrow: 'actions',
      className: 'data-table__actions',
      cell: (s) => (
        <button
          type="button"
          className="button button--small"
          onClick={() => open('cancel-change', s)}
        >
          Cancel change<span className="visually-hidden"> for {serviceLabel(s)}</span>
        </button>
      ),
    });
  }

  const showUpcoming = services.isPending || upcoming.length > 0;

  return (
    <div className="page page--wide">
      <h1 className="page__title">My Services</h1>
      <ServicesTabs />
      {services.isError && (
        <LoadError error={messages.banner.loadData} onRetry={() => void services.refetch()} />
      )}

      {!services.isError && (
        <section
          // While loading, the section keeps about the room of the services (no layout shift).
          className={services.isPending ? 'page-section services-loading' : 'page-section'}
          aria-labelledby={`${ids}-manage`}
        >
          <h2 id={`${ids}-manage`}>Manage My Services</h2>
          <DataTable
            rows={active}
            columns={serviceColumns}
            rowKey={(s) => s.serviceid}
            caption="Manage My Services"
            captionHidden
            pageSize={SERVICES_PAGE_SIZE}
            page={page}
            onPageChange={handlePageChange}
            loading={services.isPending}
            loadingLabel="Loading your services…"
            empty={
              pending.length > 0 ? (
                <p>
                  You have no active services yet. Your new services are listed under Pending
                  Services.
                </p>
              ) : (
                <p>You have no services yet.</p>
              )
            }
            className="services-table"
          />
        </section>
      )}

      {pending.length > 0 && (
        <section className="page-section" aria-labelledby={`${ids}-pending`}>
          <h2 id={`${ids}-pending`}>Pending Services</h2>
          <p className="page__subtitle">
            These services are being set up. We will let you know when they are connected.
          </p>
          <ul className="service-cards">
            {pending.map((s) => (
              <li key={s.serviceid} className="service-card">
                <ServiceIdentity service={s} showPlan />
                <p className="service-card__status">
                  <span className="tag tag--muted">Pending</span>
                </p>
                <ServiceActions service={s} held={held} onOpen={open} onIntent={prefetch} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {showUpcoming && !services.isError && (
        <section className="page-section" aria-labelledby={`${ids}-upcoming`}>
          <h2 id={`${ids}-upcoming`}>Upcoming Plan Changes</h2>
          <DataTable
            rows={upcoming}
            columns={upcomingColumns}
            rowKey={(s) => s.serviceid}
            caption="Upcoming Plan Changes"
            captionHidden
            pageSize={SERVICES_PAGE_SIZE}
            loading={services.isPending}
            loadingLabel="Loading upcoming plan changes…"
            empty={<p>No plan changes are scheduled.</p>}
          />
        </section>
      )}

      <ServiceDialog dialog={dialog} onClose={close} transferTerms={transferTerms} />
    </div>
  );
}
