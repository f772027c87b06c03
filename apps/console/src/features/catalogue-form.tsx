import type { ComponentProps } from 'react';
import { Field } from '../components/field';

/** What the catalogue's forms share: a name, a price typed in dollars (kept in cents), an order. */

export const dollarsOf = (cents: number) => (cents / 100).toFixed(2);
export const centsOf = (dollars: string) => Math.round(Number(dollars.trim()) * 100);

/** Every item has a name. */
export const nameRule = {
  validate: (v: string) => (v.trim() ? true : 'Enter the name.'),
};

/** A price in dollars and cents, like 79 or 79.95. */
export const priceRule = {
  validate: (v: string) =>
    /^\d+(\.\d{1,2})?$/.test(v.trim()) ? true : 'Enter the price in dollars, like 79 or 79.95.',
};

/** A whole number of megabytes or a sort position ('' is 0). */
export const wholeRule = (what: string) => ({
  validate: (v: string) => (/^\d*$/.test(v.trim()) ? true : `Enter ${what} as a whole number.`),
});

type FieldProps = ComponentProps<typeof Field>;

/** The item's name (give it `register('name', nameRule)`). */
export function NameField(props: Omit<FieldProps, 'label'>) {
  return <Field label="Name" autoComplete="off" {...props} />;
}

/** A number typed with decimals: a price in dollars, a size in GB. */
export function DecimalField(props: FieldProps) {
  return <Field inputMode="decimal" autoComplete="off" {...props} />;
}

/** Where an item stands in the customers' list, lowest first (give it `register('sort')`). */
export function SortField(props: Omit<FieldProps, 'label'>) {
  return (
    <Field
      label="Order in the list (lowest first)"
      inputMode="numeric"
      autoComplete="off"
      {...props}
    />
  );
}

export const sortRule = wholeRule('the order');

/** Whether customers may buy the item (give it `register('active')`). */
export function SoldCheck({ className, ...control }: ComponentProps<'input'>) {
  return (
    <label className={className}>
      <input type="checkbox" {...control} /> Sold to customers
    </label>
  );
}
