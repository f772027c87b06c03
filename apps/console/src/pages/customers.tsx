import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, Search } from 'lucide-react';
import { adminRoutes } from '@outpost/contracts/admin';
import { callPage } from '../api';
import { DataTable } from '../components/data-table';
import { Badge, ErrorNotice, Loading, PageHeader } from '../components/ui';
import { NewCustomerDialog } from '../features/new-customer';
import { can, useSession } from '../session';

type Match = Awaited<
  ReturnType<typeof callPage<typeof adminRoutes.adminSearchAccounts>>
>['rows'][number];

const PAGE = 50;

const columns: ColumnDef<Match, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Customer',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span className="strong">{row.original.name}</span>
        {row.original.holder ? <span className="muted">{row.original.holder}</span> : null}
      </div>
    ),
  },
  { accessorKey: 'accountid', header: 'Account', meta: { numeric: true } },
  {
    accessorKey: 'email',
    header: 'Email',
    cell: ({ getValue }) => getValue<string | null>() ?? '—',
  },
  {
    accessorKey: 'mobile',
    header: 'Mobile',
    cell: ({ getValue }) => getValue<string | null>() ?? '—',
  },
  {
    accessorKey: 'matched',
    header: 'Matched on',
    enableSorting: false,
    cell: ({ getValue }) => <span className="muted">{getValue<string | null>() ?? 'name'}</span>,
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
];

/** Find a customer: one box for every way a desk knows them (trigram search, typo-tolerant). */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const q = (params.get('q') ?? '').trim();
  // The page is in the address, so a reload or Back keeps it.
  const offset = Math.max(0, Math.min(Number(params.get('from') ?? 0) || 0, 1000));
  const search = useQuery({
    queryKey: ['accounts', q, offset],
    queryFn: ({ signal }) =>
      callPage(adminRoutes.adminSearchAccounts, {
        query: { q: q || undefined, limit: String(PAGE), offset: String(offset) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => search.data?.rows ?? [], [search.data]);
  const hasMore = search.data?.hasMore ?? false;
  const canProvision = can(session?.staff.role, 'provisioning');
  const toPage = (from: number) =>
    setParams({ ...(q ? { q } : {}), ...(from ? { from: String(from) } : {}) });
  const count = offset + rows.length;

  return (
    <div className="page">
      <PageHeader
        title="Customers"
        subtitle={
          q
            ? search.isSuccess
              ? `${hasMore ? `${count}+` : count} ${count === 1 ? 'match' : 'matches'} for “${q}”`
              : `Searching for “${q}”`
            : 'Every customer, the newest first. Search by name, account number, email, mobile, service id, phone number, address or postcode.'
        }
        actions={
          canProvision ? (
            <button type="button" className="button primary" onClick={() => setCreating(true)}>
              <Plus size={14} aria-hidden="true" /> New customer
            </button>
          ) : null
        }
      />
      <form
        role="search"
        className="page-search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          setParams(value ? { q: value } : {});
        }}
      >
        <label htmlFor="customer-search" className="visually-hidden">
          Search customers
        </label>
        <input
          id="customer-search"
          name="q"
          type="search"
          defaultValue={q}
          key={q}
          maxLength={100}
          placeholder="e.g. Harper, 100001, 0412 345 678, AVC000123456789, 4350"
        />
        <button type="submit" className="button secondary">
          <Search size={14} aria-hidden="true" /> Search
        </button>
      </form>
      {search.isPending ? (
        <Loading label={q ? 'Searching' : 'Loading customers'} />
      ) : search.isError ? (
        <ErrorNotice error={search.error} onRetry={() => void search.refetch()} />
      ) : (
        <DataTable
          label={q ? `Customers matching ${q}` : 'Customers, the newest first'}
          columns={columns}
          data={rows}
          onOpen={(row) => void navigate(`/customers/${row.accountid}`)}
          rowLabel={(row) => `${row.name}, account ${row.accountid}`}
          pager={{
            offset,
            pageSize: PAGE,
            hasMore,
            onPage: toPage,
            busy: search.isPlaceholderData,
          }}
          empty={
            q ? (
              <>
                No customer matches “{q}”. Check the spelling, or try an account number, email or
                postcode.
              </>
            ) : (
              <>No customers yet. Add one with New customer, or import them from a CSV file.</>
            )
          }
        />
      )}
      {canProvision ? (
        <NewCustomerDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(accountid) => void navigate(`/customers/${accountid}`)}
        />
      ) : null}
    </div>
  );
}
