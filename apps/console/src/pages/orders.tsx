import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { adminRoutes } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import { ORDER_STATUSES, orderNumber } from '@outpost/domain/orders-rules';
import { callPage } from '../api';
import { DataTable } from '../components/data-table';
import { Field } from '../components/field';
import { Badge, ErrorNotice, Loading, PageHeader, When } from '../components/ui';
import {
  ORDER_KIND_FILTERS,
  orderFiltersFromSearch,
  orderFiltersToSearch,
  orderKindText,
  type OrderFilters,
} from '../features/desk-queue';

type Order = Awaited<ReturnType<typeof callPage<typeof adminRoutes.adminOrders>>>['rows'][number];

const PAGE = 50;

const columns: ColumnDef<Order, unknown>[] = [
  {
    accessorKey: 'orderid',
    header: 'Order',
    cell: ({ getValue }) => <span className="mono">{orderNumber(getValue<number>())}</span>,
  },
  {
    accessorKey: 'subject',
    header: 'What',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span className="strong">{row.original.subject}</span>
        <span className="muted">{orderKindText(row.original.kind)}</span>
      </div>
    ),
  },
  {
    id: 'customer',
    accessorFn: (o) => o.account.name,
    header: 'Customer',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span>{row.original.account.name}</span>
        <span className="muted">
          Account {row.original.account.accountid}
          {row.original.service ? ` · ${row.original.service.identifier}` : ''}
        </span>
      </div>
    ),
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
  {
    id: 'price',
    accessorFn: (o) => o.price_cents ?? o.monthly_cents ?? 0,
    header: 'Price',
    meta: { numeric: true },
    cell: ({ row }) => {
      const { price_cents: once, monthly_cents: monthly } = row.original;
      if (once === null && monthly === null) return <span className="muted">—</span>;
      return (
        <div className="cell-stack">
          {once !== null ? <span>{formatDollars(once)}</span> : null}
          {monthly !== null ? (
            <span className="muted">{formatDollars(monthly)} a month</span>
          ) : null}
        </div>
      );
    },
  },
  {
    accessorKey: 'created',
    header: 'Placed',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
  {
    accessorKey: 'updated',
    header: 'Last moved',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
];

const STATUS_TEXT: Record<OrderFilters['status'], string> = {
  waiting: 'Waiting (received or in progress)',
  received: 'Received',
  'in-progress': 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
};

/**
 * The orders queue (decision 058): products and telephony orders, those waiting the oldest first
 * (those done the latest moved first); the status and kind are in the address.
 */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = orderFiltersFromSearch(params);
  const queue = useQuery({
    queryKey: ['orders', orderFiltersToSearch(filters).toString()],
    queryFn: ({ signal }) =>
      callPage(adminRoutes.adminOrders, {
        query: {
          status: filters.status,
          kind: filters.kind,
          limit: String(PAGE),
          offset: String(filters.from),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => queue.data?.rows ?? [], [queue.data]);
  const waiting = filters.status === 'waiting';

  return (
    <div className="page">
      <PageHeader
        title="Orders"
        subtitle={
          waiting
            ? 'Orders waiting for us, the one waiting longest first. Open one to move it on.'
            : `${STATUS_TEXT[filters.status]} orders, the latest moved first.`
        }
      />
      <form
        className="filter-bar"
        aria-label="Filter the orders"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field
          label="Status"
          as="select"
          value={filters.status}
          onChange={(event) =>
            setParams(
              orderFiltersToSearch({
                ...filters,
                status: event.target.value as OrderFilters['status'],
                from: 0,
              }),
            )
          }
        >
          {(['waiting', ...ORDER_STATUSES] as const).map((s) => (
            <option key={s} value={s}>
              {STATUS_TEXT[s]}
            </option>
          ))}
        </Field>
        <Field
          label="Kind"
          as="select"
          value={filters.kind ?? ''}
          onChange={(event) => {
            const kind = event.target.value as 'product' | 'telephony' | '';
            setParams(
              orderFiltersToSearch({
                status: filters.status,
                from: 0,
                ...(kind ? { kind } : {}),
              }),
            );
          }}
        >
          <option value="">Any kind</option>
          {ORDER_KIND_FILTERS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.title}
            </option>
          ))}
        </Field>
      </form>
      {queue.isPending ? (
        <Loading label="Loading the orders" />
      ) : queue.isError ? (
        <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <DataTable
          label={waiting ? 'Orders waiting, the oldest first' : 'Orders, the latest moved first'}
          columns={columns}
          data={rows}
          onOpen={(o) => void navigate(`/orders/${o.orderid}`)}
          rowLabel={(o) =>
            `${orderNumber(o.orderid)}: ${o.subject}, ${o.account.name}, ${o.status}`
          }
          pager={{
            offset: filters.from,
            pageSize: PAGE,
            hasMore: queue.data.hasMore,
            onPage: (from) => setParams(orderFiltersToSearch({ ...filters, from })),
            busy: queue.isPlaceholderData,
          }}
          empty={
            waiting
              ? 'No order is waiting. New orders show here as customers place them.'
              : 'No orders here.'
          }
        />
      )}
    </div>
  );
}
