/**
 * The product order's address fields (spec 2 section 5 'Product shipping'), for the purchase form
 * and the server. Apart from application-rules.ts, which is in the web's 'kit' chunk every page
 * (the dashboard too) loads: only the purchase form needs these names.
 */
import type { ProductAddress } from './application-rules';

/** The shipping address's fields, in the form's order. */
export const SHIPPING_FIELDS = [
  'shipping_addr_line1',
  'shipping_addr_line2',
  'shipping_suburb',
  'shipping_state',
  'shipping_postcode',
] as const satisfies readonly (keyof ProductAddress)[];

/** The billing address's fields: not sent, nor kept, when it is the shipping address. */
export const BILLING_FIELDS = [
  'billing_addr_line1',
  'billing_addr_line2',
  'billing_suburb',
  'billing_state',
  'billing_postcode',
] as const satisfies readonly (keyof ProductAddress)[];
