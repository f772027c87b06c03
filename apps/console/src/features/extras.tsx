import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminExtra } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import { call } from '../api';
import { Field } from '../components/field';
import { ErrorNotice } from '../components/ui';
import { DecimalField, NameField, centsOf, dollarsOf, nameRule, priceRule } from './catalogue-form';
import { catalogueItemPanel, type CatalogueFieldsProps } from './catalogue-item-panel';

const columns: ColumnDef<AdminExtra, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Extra',
    cell: ({ row }) => (
      <span className="cell-stack">
        <span className="strong">{row.original.name}</span>
        <span className="muted small-text">{row.original.description}</span>
      </span>
    ),
  },
  {
    accessorKey: 'price_cents',
    header: 'Monthly price',
    meta: { numeric: true },
    cell: ({ getValue }) => formatDollars(getValue<number>()),
  },
  {
    id: 'plans',
    header: 'Offered with',
    accessorFn: (e) => e.plan_ids.length,
    cell: ({ getValue }) => `${getValue<number>()} plans`,
  },
  { accessorKey: 'services', header: 'Services', meta: { numeric: true } },
  { accessorKey: 'extraid', header: 'Extra id', meta: { numeric: true } },
];

type Values = { name: string; description: string; price: string; plan_ids: string[] };

/**
 * The extras plans may offer (static IP, modem rental); admins add and change them. An extra is
 * what it is, its monthly price and the plans that offer it.
 */
export const ExtrasPanel = catalogueItemPanel({
  title: 'Extras',
  queryKey: 'extras',
  loading: 'Loading the extras',
  empty: 'No extras yet.',
  newLabel: 'New extra',
  addLabel: 'Add extra',
  columns,
  description: (extra: AdminExtra | null) =>
    extra && extra.services > 0
      ? `${extra.services} services have it. A new price is billed from their next invoice; a plan no longer offering it leaves it on the services that have it.`
      : undefined,
  list: (signal) => call(adminRoutes.adminExtras, { signal }),
  values: (extra): Values =>
    extra
      ? {
          name: extra.name,
          description: extra.description,
          price: dollarsOf(extra.price_cents),
          plan_ids: extra.plan_ids.map(String),
        }
      : { name: '', description: '', price: '', plan_ids: [] },
  body: (v: Values) => ({
    name: v.name.trim(),
    description: v.description.trim(),
    price_cents: centsOf(v.price),
    plan_ids: v.plan_ids.map(Number),
  }),
  create: (body, idempotencyKey) => call(adminRoutes.adminCreateExtra, { idempotencyKey, body }),
  change: (extra, body) =>
    call(adminRoutes.adminUpdateExtra, { params: { extraid: String(extra.extraid) }, body }),
  Fields: ExtraFields,
});

function ExtraFields({ register, errors }: CatalogueFieldsProps<Values>) {
  const plans = useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => call(adminRoutes.adminPlans, { signal }),
  });
  return (
    <>
      <NameField maxLength={80} error={errors.name?.message} {...register('name', nameRule)} />
      <DecimalField
        label="Monthly price ($, GST included)"
        error={errors.price?.message}
        {...register('price', priceRule)}
      />
      <div className="span-2">
        <Field
          label="Description (customers read it when choosing)"
          autoComplete="off"
          maxLength={500}
          {...register('description')}
        />
      </div>
      <fieldset className="field span-2">
        <legend>Offered with these plans</legend>
        {plans.isError ? <ErrorNotice error={plans.error} /> : null}
        <div className="check-grid">
          {(plans.data ?? []).map((p) => (
            <label key={p.planid} className="check">
              <input type="checkbox" value={String(p.planid)} {...register('plan_ids')} /> {p.name}{' '}
              <span className="muted">({p.technology})</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
