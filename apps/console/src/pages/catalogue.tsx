import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ColumnDef } from '@tanstack/react-table';
import { adminRoutes } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import { call } from '../api';
import { DataTable } from '../components/data-table';
import { Badge, Day, ErrorNotice, Loading, PageHeader, Section } from '../components/ui';
import { Tabs } from '../components/tabs';
import { DataBlocksPanel } from '../features/data-blocks';
import { ExtrasPanel } from '../features/extras';
import { PlanDialog } from '../features/plan-form';
import { ProductsPanel } from '../features/products';
import { can, useSession } from '../session';

type Plan = Awaited<ReturnType<typeof call<typeof adminRoutes.adminPlans>>>[number];

const columns: ColumnDef<Plan, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Plan',
    cell: ({ getValue }) => <span className="strong">{getValue<string>()}</span>,
  },
  { accessorKey: 'technology', header: 'Technology' },
  {
    accessorKey: 'price_cents',
    header: 'Monthly price',
    meta: { numeric: true },
    cell: ({ getValue }) => formatDollars(getValue<number>()),
  },
  {
    id: 'allowance',
    header: 'Data',
    accessorFn: (p) =>
      p.unlimited
        ? 'Unlimited'
        : p.peak_quota_mb === null
          ? '—'
          : `${p.peak_quota_mb / 1000} GB${p.offpeak_quota_mb ? ` + ${p.offpeak_quota_mb / 1000} GB off-peak` : ''}`,
  },
  {
    id: 'speed',
    header: 'Speed',
    accessorFn: (p) =>
      p.download_kbps === null
        ? '—'
        : `${p.download_kbps / 1000}/${(p.upload_kbps ?? 0) / 1000} Mbps`,
  },
  {
    id: 'next_price',
    header: 'Next price',
    accessorFn: (p) => p.price_changes[0]?.effective ?? '',
    cell: ({ row }) => {
      const next = row.original.price_changes[0];
      return next ? (
        <span>
          {formatDollars(next.price_cents)} from <Day date={next.effective} />
        </span>
      ) : (
        <span className="muted">—</span>
      );
    },
  },
  { accessorKey: 'services', header: 'Services', meta: { numeric: true } },
  {
    accessorKey: 'selectable',
    header: 'Offered',
    cell: ({ getValue }) => <Badge status={getValue<boolean>() ? 'active' : 'inactive'} />,
  },
  { accessorKey: 'planid', header: 'Plan id', meta: { numeric: true } },
];

/** The catalogue's tabs; the one open is in the URL (?tab=extras), so a link opens it. */
const TABS = ['plans', 'extras', 'data-blocks', 'products'] as const;
type Tab = (typeof TABS)[number];

/**
 * The catalogue: plans by technology, the extras plans offer, data blocks and products, a tab
 * each. Everyone reads it; those who provision add and change.
 */
export function CataloguePage() {
  const session = useSession();
  const provisioning = can(session?.staff.role, 'provisioning');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'plans';
  return (
    <div className="page">
      <PageHeader
        title="Catalogue"
        subtitle={
          provisioning
            ? 'Plans, extras, data blocks and products. Open a row to change it.'
            : 'Plans, extras, data blocks and products, with their prices.'
        }
      />
      <Tabs
        label="Catalogue"
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'plans' ? {} : { tab: value }, { replace: true })
        }
        tabs={[
          { value: 'plans', title: 'Plans', content: <PlansPanel provisioning={provisioning} /> },
          {
            value: 'extras',
            title: 'Extras',
            content: <ExtrasPanel provisioning={provisioning} />,
          },
          {
            value: 'data-blocks',
            title: 'Data blocks',
            content: <DataBlocksPanel provisioning={provisioning} />,
          },
          {
            value: 'products',
            title: 'Products',
            content: <ProductsPanel provisioning={provisioning} />,
          },
        ]}
      />
    </div>
  );
}

/** The plans services may be given, by technology. */
function PlansPanel({ provisioning }: { provisioning: boolean }) {
  // The plan open by id: the dialog shows the catalogue's latest (a price change just scheduled).
  const [editingId, setEditingId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const plans = useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => call(adminRoutes.adminPlans, { signal }),
  });
  const technologies = [...new Set((plans.data ?? []).map((p) => p.technology))];
  const editing = plans.data?.find((p) => p.planid === editingId) ?? null;
  return (
    <>
      {provisioning ? (
        <div className="page-actions tab-actions">
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            <Plus size={14} aria-hidden="true" /> New plan
          </button>
        </div>
      ) : null}
      {plans.isPending ? (
        <Loading label="Loading the catalogue" />
      ) : plans.isError ? (
        <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />
      ) : technologies.length === 0 ? (
        <div className="empty-state">
          <p>No plans yet.{provisioning ? ' Add the first with New plan.' : ''}</p>
        </div>
      ) : (
        technologies.map((tech) => {
          const rows = plans.data.filter((p) => p.technology === tech);
          return (
            <Section key={tech} title={tech} count={rows.length}>
              <DataTable
                label={`${tech} plans`}
                columns={columns}
                data={rows}
                empty="No plans."
                {...(provisioning
                  ? { onOpen: (p: Plan) => setEditingId(p.planid), rowLabel: (p: Plan) => p.name }
                  : {})}
                initialSorting={[{ id: 'price_cents', desc: false }]}
              />
            </Section>
          );
        })
      )}
      {provisioning && creating ? <PlanDialog plan={null} open onOpenChange={setCreating} /> : null}
      {provisioning && editing ? (
        <PlanDialog
          plan={editing}
          open
          onOpenChange={(open) => (open ? undefined : setEditingId(null))}
        />
      ) : null}
    </>
  );
}
