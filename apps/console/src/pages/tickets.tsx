import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { adminRoutes, type DeskTicket } from '@outpost/contracts/admin';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TEAMS } from '@outpost/domain/tickets-rules';
import { callPage } from '../api';
import { DataTable } from '../components/data-table';
import { Field } from '../components/field';
import { Tabs } from '../components/tabs';
import { Badge, ErrorNotice, Loading, PageHeader } from '../components/ui';
import {
  DESK_AGES,
  DESK_TECHNOLOGIES,
  DESK_VIEW_TABS,
  deskFiltersFromSearch,
  deskFiltersToSearch,
  deskQueryOf,
  hasDeskFilters,
  priorityText,
  teamText,
  type DeskFilters,
} from '../features/desk-queue';
import { useDeskStaff } from '../features/desk-staff';
import { Due, useNow } from '../features/desk-ui';
import { useSession } from '../session';

const PAGE = 50;

const EMPTY: Record<DeskFilters['view'], string> = {
  all: 'No tickets.',
  new: 'No new tickets: every ticket has been looked at.',
  mine: 'Nothing assigned to you is open. Take one from Unassigned.',
  unassigned: 'Every open ticket has an owner.',
  waiting: 'No ticket is waiting on a customer.',
  overdue: 'Nothing is overdue.',
};

function columnsAt(now: Date): ColumnDef<DeskTicket, unknown>[] {
  return [
    {
      accessorKey: 'number',
      header: 'Reference',
      cell: ({ getValue }) => <span className="mono">{getValue<string>()}</span>,
    },
    {
      accessorKey: 'subject',
      header: 'Subject',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span className="strong">{row.original.subject}</span>
          <span className="muted">
            {row.original.category}
            {row.original.service ? ` · ${row.original.service.technology}` : ''}
          </span>
        </div>
      ),
    },
    {
      accessorKey: 'account_name',
      header: 'Customer',
      cell: ({ row }) => (
        <div className="cell-stack">
          <span>{row.original.account_name}</span>
          <span className="muted">Account {row.original.accountid}</span>
        </div>
      ),
    },
    {
      accessorKey: 'status',
      header: 'Status',
      cell: ({ getValue }) => <Badge status={getValue<string>()} />,
    },
    {
      accessorKey: 'priority',
      header: 'Priority',
      sortingFn: (a, b) =>
        TICKET_PRIORITIES.indexOf(a.original.priority) -
        TICKET_PRIORITIES.indexOf(b.original.priority),
      cell: ({ row }) => <Badge status={row.original.priority} />,
    },
    {
      accessorKey: 'team',
      header: 'Team',
      cell: ({ row }) => <span>{teamText(row.original.team)}</span>,
    },
    {
      id: 'assignee',
      accessorFn: (t) => t.assignee?.name ?? '',
      header: 'Assignee',
      cell: ({ row }) =>
        row.original.assignee ? (
          row.original.assignee.name
        ) : (
          <span className="muted">Unassigned</span>
        ),
    },
    {
      accessorKey: 'due',
      header: 'Due',
      cell: ({ row }) => <Due due={row.original.due} overdue={row.original.overdue} now={now} />,
    },
  ];
}

/**
 * The ticket desk's queue (decision 057): saved views as tabs, filters, soonest due first, a page
 * at a time. The view, the filters and the page are in the address, so a link or Back keeps them.
 */
export function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const now = useNow();
  const filters = deskFiltersFromSearch(params);
  const queue = useQuery({
    queryKey: ['desk-tickets', deskFiltersToSearch(filters).toString()],
    queryFn: ({ signal }) =>
      callPage(adminRoutes.adminTickets, { query: deskQueryOf(filters, PAGE), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const rows = useMemo(() => queue.data?.rows ?? [], [queue.data]);
  const people = useDeskStaff(rows.map((r) => r.assignee));
  const columns = useMemo(() => columnsAt(now), [now]);
  // A new view or filter starts at the first page.
  const change = (next: Partial<DeskFilters>) =>
    setParams(deskFiltersToSearch({ ...filters, from: 0, ...next }));
  const choose = (key: keyof DeskFilters) => (event: { target: { value: string } }) =>
    change({ [key]: event.target.value || undefined } as Partial<DeskFilters>);

  const table = queue.isPending ? (
    <Loading label="Loading the queue" />
  ) : queue.isError ? (
    <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />
  ) : (
    <DataTable
      label={`Tickets: ${DESK_VIEW_TABS.find((t) => t.value === filters.view)?.title ?? 'All'}, the soonest due first`}
      columns={columns}
      data={rows}
      onOpen={(t) => void navigate(`/tickets/${t.ticketid}`)}
      rowLabel={(t) =>
        `${t.number}: ${t.subject}, ${t.account_name}, ${t.status}, ${t.overdue ? 'overdue' : 'not overdue'}`
      }
      pager={{
        offset: filters.from,
        pageSize: PAGE,
        hasMore: queue.data.hasMore,
        onPage: (from) => setParams(deskFiltersToSearch({ ...filters, from })),
        busy: queue.isPlaceholderData,
      }}
      empty={hasDeskFilters(filters) ? 'No ticket matches these filters.' : EMPTY[filters.view]}
    />
  );

  return (
    <div className="page">
      <PageHeader
        title="Tickets"
        subtitle="The desk's queue, the soonest due first. Open a ticket with a click or Enter."
      />
      <form
        className="filter-bar"
        aria-label="Filter the queue"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label="Status" as="select" value={filters.status ?? ''} onChange={choose('status')}>
          <option value="">Any status</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Field>
        <Field
          label="Priority"
          as="select"
          value={filters.priority ?? ''}
          onChange={choose('priority')}
        >
          <option value="">Any priority</option>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {priorityText(p)}
            </option>
          ))}
        </Field>
        <Field label="Team" as="select" value={filters.team ?? ''} onChange={choose('team')}>
          <option value="">Any team</option>
          {TICKET_TEAMS.map((t) => (
            <option key={t} value={t}>
              {teamText(t)}
            </option>
          ))}
        </Field>
        <Field
          label="Assignee"
          as="select"
          value={filters.assignee ?? ''}
          onChange={choose('assignee')}
        >
          <option value="">Anyone or no one</option>
          <option value="none">Unassigned</option>
          {session ? <option value={String(session.staff.staffid)}>Me</option> : null}
          {people
            .filter((p) => p.staffid !== session?.staff.staffid)
            .map((p) => (
              <option key={p.staffid} value={String(p.staffid)}>
                {p.name}
              </option>
            ))}
          {/* An owner named in the address but not in the list still shows as chosen. */}
          {filters.assignee &&
          filters.assignee !== 'none' &&
          !people.some((p) => String(p.staffid) === filters.assignee) ? (
            <option value={filters.assignee}>Staff member {filters.assignee}</option>
          ) : null}
        </Field>
        <Field
          label="Technology"
          as="select"
          value={filters.technology ?? ''}
          onChange={choose('technology')}
        >
          <option value="">Any technology</option>
          {DESK_TECHNOLOGIES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Field>
        <Field label="Age" as="select" value={filters.older ?? ''} onChange={choose('older')}>
          <option value="">Any age</option>
          {DESK_AGES.map((d) => (
            <option key={d} value={d}>
              Opened {d === '1' ? '1 day' : `${d} days`} ago or more
            </option>
          ))}
          {filters.older && !(DESK_AGES as readonly string[]).includes(filters.older) ? (
            <option value={filters.older}>Opened {filters.older} days ago or more</option>
          ) : null}
        </Field>
        {hasDeskFilters(filters) ? (
          <button
            type="button"
            className="button quiet small"
            onClick={() => setParams(deskFiltersToSearch({ view: filters.view, from: 0 }))}
          >
            Clear filters
          </button>
        ) : null}
      </form>
      <Tabs
        label="Saved views"
        value={filters.view}
        onValueChange={(view) => change({ view: view as DeskFilters['view'] })}
        tabs={DESK_VIEW_TABS.map((t) => ({ value: t.value, title: t.title, content: table }))}
      />
    </div>
  );
}
