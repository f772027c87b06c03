import { useWatch } from 'react-hook-form';
import type { ColumnDef } from '@tanstack/react-table';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminProduct } from '@outpost/contracts/admin';
import { PRODUCT_IMAGES, PRODUCT_TYPES, productPriceProblem } from '@outpost/domain/admin-rules';
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

/**
 * The products the portal sells (routers, mesh, handsets); admins add and change them, with the
 * same price rule as the server's (RRP at least the price).
 */
export const ProductsPanel = catalogueItemPanel({
  title: 'Products',
  queryKey: 'products',
  loading: 'Loading the products',
  empty: 'No products yet.',
  newLabel: 'New product',
  addLabel: 'Add product',
  columns,
  description: () => "An order copies the product's price: a change applies to orders from now on.",
  list: (signal) => call(adminRoutes.adminProducts, { signal }),
  values: (product): Values =>
    product
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
  body: (v: Values) => ({
    name: v.name.trim(),
    model: v.model.trim(),
    article: v.article.trim(),
    price_cents: centsOf(v.price),
    rrp_cents: centsOf(v.rrp),
    type: v.type,
    image: v.image,
    sort: Number(v.sort.trim() || '0'),
    active: v.active,
  }),
  problem: (body) => {
    const message = productPriceProblem({
      priceCents: body.price_cents,
      rrpCents: body.rrp_cents,
    });
    return message ? { field: 'rrp', message } : null;
  },
  create: (body, idempotencyKey) => call(adminRoutes.adminCreateProduct, { idempotencyKey, body }),
  change: (product, body) =>
    call(adminRoutes.adminUpdateProduct, {
      params: { productid: String(product.productid) },
      body,
    }),
  Fields: ProductFields,
});

function ProductFields({ register, errors, control }: CatalogueFieldsProps<Values>) {
  const image = useWatch({ control, name: 'image' });
  return (
    <>
      <NameField maxLength={100} error={errors.name?.message} {...register('name', nameRule)} />
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
      <DecimalField
        label="Price ($, GST included)"
        error={errors.price?.message}
        {...register('price', priceRule)}
      />
      <DecimalField
        label="Recommended retail price ($)"
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
      <SortField error={errors.sort?.message} {...register('sort', sortRule)} />
      <SoldCheck className="check" {...register('active')} />
    </>
  );
}
