import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminExtra } from '@outpost/contracts/admin';
import { formatDollars } from '@outpost/domain/money';
import { call, newIdempotencyKey } from '../api';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions, QueryView, Section } from '../components/ui';
import { centsOf, dollarsOf, priceRule } from './catalogue-form';

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

/** The extras plans may offer (static IP, modem rental); admins add and change them. */
export function ExtrasPanel({ provisioning }: { provisioning: boolean }) {
  const [open, setOpen] = useState<AdminExtra | 'new' | null>(null);
  const extras = useQuery({
    queryKey: ['extras'],
    queryFn: ({ signal }) => call(adminRoutes.adminExtras, { signal }),
  });
  return (
    <Section
      title="Extras"
      {...(extras.data ? { count: extras.data.length } : {})}
      actions={
        provisioning ? (
          <button type="button" className="button secondary small" onClick={() => setOpen('new')}>
            <Plus size={14} aria-hidden="true" /> New extra
          </button>
        ) : null
      }
    >
      <QueryView query={extras} loading="Loading the extras">
        {(data) => (
          <DataTable
            label="Extras"
            columns={columns}
            data={data}
            empty="No extras yet."
            {...(provisioning ? { onOpen: setOpen, rowLabel: (e: AdminExtra) => e.name } : {})}
          />
        )}
      </QueryView>
      {open ? (
        <ExtraDialog extra={open === 'new' ? null : open} onClose={() => setOpen(null)} />
      ) : null}
    </Section>
  );
}

type Values = { name: string; description: string; price: string; plan_ids: string[] };

/** An extra, new or changed: what it is, its monthly price and the plans that offer it. */
function ExtraDialog({ extra, onClose }: { extra: AdminExtra | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const plans = useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => call(adminRoutes.adminPlans, { signal }),
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: extra
      ? {
          name: extra.name,
          description: extra.description,
          price: dollarsOf(extra.price_cents),
          plan_ids: extra.plan_ids.map(String),
        }
      : { name: '', description: '', price: '', plan_ids: [] },
  });
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const body = {
      name: v.name.trim(),
      description: v.description.trim(),
      price_cents: centsOf(v.price),
      plan_ids: v.plan_ids.map(Number),
    };
    try {
      if (extra)
        await call(adminRoutes.adminUpdateExtra, {
          params: { extraid: String(extra.extraid) },
          body,
        });
      else await call(adminRoutes.adminCreateExtra, { idempotencyKey, body });
      await queryClient.invalidateQueries({ queryKey: ['extras'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={extra ? `Change ${extra.name}` : 'New extra'}
      {...(extra && extra.services > 0
        ? {
            description: `${extra.services} services have it. A new price is billed from their next invoice; a plan no longer offering it leaves it on the services that have it.`,
          }
        : {})}
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Name"
          autoComplete="off"
          maxLength={80}
          error={errors.name?.message}
          {...register('name', { validate: (v) => (v.trim() ? true : 'Enter the name.') })}
        />
        <Field
          label="Monthly price ($, GST included)"
          inputMode="decimal"
          autoComplete="off"
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
                <input type="checkbox" value={String(p.planid)} {...register('plan_ids')} />{' '}
                {p.name} <span className="muted">({p.technology})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label={extra ? 'Save changes' : 'Add extra'}
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
