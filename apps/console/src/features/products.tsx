import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminProduct } from '@outpost/contracts/admin';
import { PRODUCT_IMAGES, PRODUCT_TYPES, productPriceProblem } from '@outpost/domain/admin-rules';
import { formatDollars } from '@outpost/domain/money';
import { call, newIdempotencyKey } from '../api';
import { DataTable } from '../components/data-table';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { Badge, ErrorNotice, FormActions, QueryView, Section } from '../components/ui';
import { centsOf, dollarsOf, priceRule, wholeRule } from './catalogue-form';

const columns: ColumnDef<AdminProduct, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Product',
    cell: ({ row }) => (
      <span className="cell-stack">
        <span className="strong">{row.original.name}</span>
        <span className="muted small-text">{row.original.model}</span>
      </span>
    ),
  },
  {
    accessorKey: 'article',
    header: 'Article',
    cell: ({ getValue }) => <span className="mono">{getValue<string>()}</span>,
  },
  { accessorKey: 'type', header: 'Type' },
  {
    accessorKey: 'price_cents',
    header: 'Price',
    meta: { numeric: true },
    cell: ({ getValue }) => formatDollars(getValue<number>()),
  },
  {
    accessorKey: 'rrp_cents',
    header: 'RRP',
    meta: { numeric: true },
    cell: ({ getValue }) => formatDollars(getValue<number>()),
  },
  {
    accessorKey: 'active',
    header: 'Sold',
    cell: ({ getValue }) => <Badge status={getValue<boolean>() ? 'active' : 'inactive'} />,
  },
  { accessorKey: 'sort', header: 'Order', meta: { numeric: true } },
];

/** The products the portal sells (routers, mesh, handsets); admins add and change them. */
export function ProductsPanel({ provisioning }: { provisioning: boolean }) {
  const [open, setOpen] = useState<AdminProduct | 'new' | null>(null);
  const products = useQuery({
    queryKey: ['products'],
    queryFn: ({ signal }) => call(adminRoutes.adminProducts, { signal }),
  });
  return (
    <Section
      title="Products"
      {...(products.data ? { count: products.data.length } : {})}
      actions={
        provisioning ? (
          <button type="button" className="button secondary small" onClick={() => setOpen('new')}>
            <Plus size={14} aria-hidden="true" /> New product
          </button>
        ) : null
      }
    >
      <QueryView query={products} loading="Loading the products">
        {(data) => (
          <DataTable
            label="Products"
            columns={columns}
            data={data}
            empty="No products yet."
            {...(provisioning ? { onOpen: setOpen, rowLabel: (p: AdminProduct) => p.name } : {})}
          />
        )}
      </QueryView>
      {open ? (
        <ProductDialog product={open === 'new' ? null : open} onClose={() => setOpen(null)} />
      ) : null}
    </Section>
  );
}

type Values = {
  name: string;
  model: string;
  article: string;
  price: string;
  rrp: string;
  type: AdminProduct['type'];
  image: (typeof PRODUCT_IMAGES)[number];
  sort: string;
  active: boolean;
};

/** The picture's file name as words: '/products/mesh-twin.webp' is 'mesh twin'. */
const pictureName = (image: string) =>
  image
    .replace(/^\/products\//, '')
    .replace(/\.webp$/, '')
    .replaceAll('-', ' ');

/** A product, new or changed; the same price rule as the server's (RRP at least the price). */
function ProductDialog({
  product,
  onClose,
}: {
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: product
      ? {
          name: product.name,
          model: product.model,
          article: product.article,
          price: dollarsOf(product.price_cents),
          rrp: dollarsOf(product.rrp_cents),
          type: product.type,
          image: (PRODUCT_IMAGES as readonly string[]).includes(product.image)
            ? (product.image as Values['image'])
            : PRODUCT_IMAGES[0],
          sort: String(product.sort),
          active: product.active,
        }
      : {
          name: '',
          model: '',
          article: '',
          price: '',
          rrp: '',
          type: 'router',
          image: PRODUCT_IMAGES[0],
          sort: '0',
          active: true,
        },
  });
  const image = watch('image');
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const body = {
      name: v.name.trim(),
      model: v.model.trim(),
      article: v.article.trim(),
      price_cents: centsOf(v.price),
      rrp_cents: centsOf(v.rrp),
      type: v.type,
      image: v.image,
      sort: Number(v.sort.trim() || '0'),
      active: v.active,
    };
    const problem = productPriceProblem({ priceCents: body.price_cents, rrpCents: body.rrp_cents });
    if (problem) {
      setError('rrp', { message: problem });
      return;
    }
    try {
      if (product)
        await call(adminRoutes.adminUpdateProduct, {
          params: { productid: String(product.productid) },
          body,
        });
      else await call(adminRoutes.adminCreateProduct, { idempotencyKey, body });
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={product ? `Change ${product.name}` : 'New product'}
      description="An order copies the product's price: a change applies to orders from now on."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Name"
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name', { validate: (v) => (v.trim() ? true : 'Enter the name.') })}
        />
        <Field
          label="Model"
          autoComplete="off"
          maxLength={100}
          error={errors.model?.message}
          {...register('model', { validate: (v) => (v.trim() ? true : 'Enter the model.') })}
        />
        <Field
          label="Article number"
          autoComplete="off"
          maxLength={40}
          error={errors.article?.message}
          {...register('article', {
            validate: (v) =>
              /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(v.trim())
                ? true
                : 'Enter 1 to 40 letters, digits or . _ -',
          })}
        />
        <Field label="Type" as="select" {...register('type')}>
          {PRODUCT_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Field>
        <Field
          label="Price ($, GST included)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.price?.message}
          {...register('price', priceRule)}
        />
        <Field
          label="Recommended retail price ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.rrp?.message}
          {...register('rrp', priceRule)}
        />
        <Field label="Picture" as="select" {...register('image')}>
          {PRODUCT_IMAGES.map((i) => (
            <option key={i} value={i}>
              {pictureName(i)}
            </option>
          ))}
        </Field>
        <img className="product-picture" src={image} alt={`The ${pictureName(image)} picture`} />
        <Field
          label="Order in the list (lowest first)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.sort?.message}
          {...register('sort', wholeRule('the order'))}
        />
        <label className="check">
          <input type="checkbox" {...register('active')} /> Sold to customers
        </label>
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label={product ? 'Save changes' : 'Add product'}
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
