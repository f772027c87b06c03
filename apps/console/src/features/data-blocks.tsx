import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminDataBlock } from '@outpost/contracts/admin';
import { BROADBAND_TECHNOLOGIES, dataBlockShapeProblem } from '@outpost/domain/admin-rules';
import { formatDollars } from '@outpost/domain/money';
import { call, newIdempotencyKey } from '../api';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { Badge, ErrorNotice, FormActions, QueryView, Section } from '../components/ui';
import { centsOf, dollarsOf, priceRule, wholeRule } from './catalogue-form';

type Technology = AdminDataBlock['technology'];

const gb = (mb: number) => (mb === 0 ? '—' : `${mb / 1000} GB`);

const columns: ColumnDef<AdminDataBlock, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Block',
    cell: ({ getValue }) => <span className="strong">{getValue<string>()}</span>,
  },
  {
    id: 'technology',
    header: 'For',
    accessorFn: (b) => b.technology ?? 'Any broadband',
  },
  {
    accessorKey: 'peak_mb',
    header: 'Peak',
    meta: { numeric: true },
    cell: ({ getValue }) => gb(getValue<number>()),
  },
  {
    accessorKey: 'offpeak_mb',
    header: 'Off-peak',
    meta: { numeric: true },
    cell: ({ getValue }) => gb(getValue<number>()),
  },
  {
    accessorKey: 'price_cents',
    header: 'Price',
    meta: { numeric: true },
    cell: ({ getValue }) => formatDollars(getValue<number>()),
  },
  {
    accessorKey: 'active',
    header: 'Sold',
    cell: ({ getValue }) => <Badge status={getValue<boolean>() ? 'active' : 'inactive'} />,
  },
  { accessorKey: 'purchases', header: 'Bought', meta: { numeric: true } },
  { accessorKey: 'sort', header: 'Order', meta: { numeric: true } },
];

/** The data blocks customers may buy; admins add and change them. */
export function DataBlocksPanel({ provisioning }: { provisioning: boolean }) {
  const [open, setOpen] = useState<AdminDataBlock | 'new' | null>(null);
  const blocks = useQuery({
    queryKey: ['data-blocks'],
    queryFn: ({ signal }) => call(adminRoutes.adminDataBlocks, { signal }),
  });
  return (
    <Section
      title="Data blocks"
      {...(blocks.data ? { count: blocks.data.length } : {})}
      actions={
        provisioning ? (
          <button type="button" className="button secondary small" onClick={() => setOpen('new')}>
            <Plus size={14} aria-hidden="true" /> New data block
          </button>
        ) : null
      }
    >
      <QueryView query={blocks} loading="Loading the data blocks">
        {(data) => (
          <DataTable
            label="Data blocks"
            columns={columns}
            data={data}
            empty="No data blocks yet."
            {...(provisioning ? { onOpen: setOpen, rowLabel: (b: AdminDataBlock) => b.name } : {})}
          />
        )}
      </QueryView>
      {open ? (
        <DataBlockDialog block={open === 'new' ? null : open} onClose={() => setOpen(null)} />
      ) : null}
    </Section>
  );
}

type Values = {
  name: string;
  technology: string;
  peak_gb: string;
  offpeak_gb: string;
  price: string;
  sort: string;
  active: boolean;
};

const ANY = '';
const mbOf = (value: string) => (value.trim() === '' ? 0 : Math.round(Number(value) * 1000));
const gbOf = (mb: number) => (mb === 0 ? '' : String(mb / 1000));
const sizeRule = {
  validate: (v: string) =>
    v.trim() === '' || (/^\d+(\.\d{1,3})?$/.test(v.trim()) && Number(v) >= 0)
      ? true
      : 'Enter the size in GB, like 10 or 2.5.',
};

/** A data block, new or changed; the same rule as the server's says what makes one whole. */
function DataBlockDialog({
  block,
  onClose,
}: {
  block: AdminDataBlock | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: block
      ? {
          name: block.name,
          technology: block.technology ?? ANY,
          peak_gb: gbOf(block.peak_mb),
          offpeak_gb: gbOf(block.offpeak_mb),
          price: dollarsOf(block.price_cents),
          sort: String(block.sort),
          active: block.active,
        }
      : {
          name: '',
          technology: ANY,
          peak_gb: '',
          offpeak_gb: '',
          price: '',
          sort: '0',
          active: true,
        },
  });
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const technology = (v.technology === ANY ? null : v.technology) as Technology;
    const body = {
      name: v.name.trim(),
      technology,
      peak_mb: mbOf(v.peak_gb),
      offpeak_mb: mbOf(v.offpeak_gb),
      price_cents: centsOf(v.price),
      sort: Number(v.sort.trim() || '0'),
      active: v.active,
    };
    const problem = dataBlockShapeProblem({
      technology,
      peakMb: body.peak_mb,
      offpeakMb: body.offpeak_mb,
    });
    if (problem) {
      setError('peak_gb', { message: problem });
      return;
    }
    try {
      if (block)
        await call(adminRoutes.adminUpdateDataBlock, {
          params: { blockid: String(block.blockid) },
          body,
        });
      else await call(adminRoutes.adminCreateDataBlock, { idempotencyKey, body });
      await queryClient.invalidateQueries({ queryKey: ['data-blocks'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={block ? `Change ${block.name}` : 'New data block'}
      description="A purchase copies the block's name, sizes and price: a change applies to purchases from now on."
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
        <Field label="Sold for" as="select" {...register('technology')}>
          <option value={ANY}>Any broadband</option>
          {BROADBAND_TECHNOLOGIES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Field>
        <Field
          label="Peak or anytime data (GB)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.peak_gb?.message}
          {...register('peak_gb', sizeRule)}
        />
        <Field
          label="Off-peak data (GB)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.offpeak_gb?.message}
          {...register('offpeak_gb', sizeRule)}
        />
        <Field
          label="Price ($, GST included)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.price?.message}
          {...register('price', priceRule)}
        />
        <Field
          label="Order in the list (lowest first)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.sort?.message}
          {...register('sort', wholeRule('the order'))}
        />
        <label className="check span-2">
          <input type="checkbox" {...register('active')} /> Sold to customers
        </label>
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label={block ? 'Save changes' : 'Add data block'}
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
