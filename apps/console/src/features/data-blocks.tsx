import type { ColumnDef } from '@tanstack/react-table';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminDataBlock } from '@outpost/contracts/admin';
import { BROADBAND_TECHNOLOGIES, dataBlockShapeProblem } from '@outpost/domain/admin-rules';
import { formatDollars } from '@outpost/domain/money';
import { call } from '../api';
import { Field } from '../components/field';
import { Badge } from '../components/ui';
import {
  DecimalField,
  NameField,
  SoldCheck,
  SortField,
  centsOf,
  dollarsOf,
  nameRule,
  priceRule,
  sortRule,
} from './catalogue-form';
import { catalogueItemPanel, type CatalogueFieldsProps } from './catalogue-item-panel';

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

/**
 * The data blocks customers may buy; admins add and change them. The same rule as the server's
 * says what makes a block whole.
 */
export const DataBlocksPanel = catalogueItemPanel({
  title: 'Data blocks',
  queryKey: 'data-blocks',
  loading: 'Loading the data blocks',
  empty: 'No data blocks yet.',
  newLabel: 'New data block',
  addLabel: 'Add data block',
  columns,
  description: () =>
    "A purchase copies the block's name, sizes and price: a change applies to purchases from now on.",
  list: (signal) => call(adminRoutes.adminDataBlocks, { signal }),
  values: (block): Values =>
    block
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
  body: (v: Values) => ({
    name: v.name.trim(),
    technology: (v.technology === ANY ? null : v.technology) as Technology,
    peak_mb: mbOf(v.peak_gb),
    offpeak_mb: mbOf(v.offpeak_gb),
    price_cents: centsOf(v.price),
    sort: Number(v.sort.trim() || '0'),
    active: v.active,
  }),
  problem: (body) => {
    const message = dataBlockShapeProblem({
      technology: body.technology,
      peakMb: body.peak_mb,
      offpeakMb: body.offpeak_mb,
    });
    return message ? { field: 'peak_gb', message } : null;
  },
  create: (body, idempotencyKey) =>
    call(adminRoutes.adminCreateDataBlock, { idempotencyKey, body }),
  change: (block, body) =>
    call(adminRoutes.adminUpdateDataBlock, { params: { blockid: String(block.blockid) }, body }),
  Fields: DataBlockFields,
});

function DataBlockFields({ register, errors }: CatalogueFieldsProps<Values>) {
  return (
    <>
      <NameField maxLength={80} error={errors.name?.message} {...register('name', nameRule)} />
      <Field label="Sold for" as="select" {...register('technology')}>
        <option value={ANY}>Any broadband</option>
        {BROADBAND_TECHNOLOGIES.map((t) => (
          <option key={t}>{t}</option>
        ))}
      </Field>
      <DecimalField
        label="Peak or anytime data (GB)"
        error={errors.peak_gb?.message}
        {...register('peak_gb', sizeRule)}
      />
      <DecimalField
        label="Off-peak data (GB)"
        error={errors.offpeak_gb?.message}
        {...register('offpeak_gb', sizeRule)}
      />
      <DecimalField
        label="Price ($, GST included)"
        error={errors.price?.message}
        {...register('price', priceRule)}
      />
      <SortField error={errors.sort?.message} {...register('sort', sortRule)} />
      <SoldCheck className="check span-2" {...register('active')} />
    </>
  );
}
