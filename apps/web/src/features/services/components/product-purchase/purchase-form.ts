import { type ProductAddress, productAddressErrors } from '@outpost/domain/application-rules';
import { BILLING_FIELDS, SHIPPING_FIELDS } from '@outpost/domain/product-address';
import { messages } from '@outpost/contracts/messages';
import type { ProductOrderInput } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { isAuState } from '@outpost/domain/au-states';
import { formatMoney } from '@outpost/domain/format';
import { type Rules, rulesResolver } from '@/components/form/rules-resolver';
import { ApiError } from '@/lib/api-error';

export type PurchaseStep = 'product' | 'address' | 'confirm' | 'saving';
export const NUMBERED_STEPS = ['product', 'address', 'confirm'] as const;

/** The form: the product chosen (its id as the radio's value) and the addresses. */
export type PurchaseValues = Required<ProductAddress> & { productid: string };

export const ADDRESS_FIELDS = [...SHIPPING_FIELDS, ...BILLING_FIELDS] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Spec 2 section 9: 'Expected router delivery is within 10 business days.' */
export const DELIVERY_TEXT = 'Expected delivery within 10 business days.';
export const chargeText = (price: number) =>
  `The price of ${formatMoney(price)} is charged on your next invoice.`;

/** The address rules are the server's (`productAddressErrors`): each field takes its message. */
export const purchaseRules = rulesResolver<PurchaseValues>({
  productid: (value) => (value === '' ? messages.telephony.required : null),
  ...(Object.fromEntries(
    ADDRESS_FIELDS.map((name) => [
      name,
      (_value: string, values: PurchaseValues) => productAddressErrors(values)[name] ?? null,
    ]),
  ) as Rules<PurchaseValues>),
});

/** The service's address as the shipping address to start from (where the service is). */
export function startingValues(service: Service): PurchaseValues {
  const known = isAuState(service.addr_state);
  return {
    productid: '',
    shipping_addr_line1: known ? service.addr_line : '',
    shipping_addr_line2: '',
    shipping_suburb: known ? service.addr_suburb : '',
    shipping_state: known ? service.addr_state : '',
    shipping_postcode: known ? service.addr_postcode : '',
    billing_same: true,
    billing_addr_line1: '',
    billing_addr_line2: '',
    billing_suburb: '',
    billing_state: '',
    billing_postcode: '',
  };
}

/** The payload (spec 2 section 3): trimmed; a line 2 only when given, billing only when not the same. */
export function orderOf(serviceid: number, v: PurchaseValues): ProductOrderInput {
  const shipping2 = v.shipping_addr_line2.trim();
  const billing2 = v.billing_addr_line2.trim();
  return {
    serviceid,
    productid: Number(v.productid),
    shipping_addr_line1: v.shipping_addr_line1.trim(),
    ...(shipping2 === '' ? {} : { shipping_addr_line2: shipping2 }),
    shipping_suburb: v.shipping_suburb.trim(),
    shipping_state: v.shipping_state,
    shipping_postcode: v.shipping_postcode.trim(),
    billing_same: v.billing_same,
    ...(v.billing_same
      ? {}
      : {
          billing_addr_line1: v.billing_addr_line1.trim(),
          ...(billing2 === '' ? {} : { billing_addr_line2: billing2 }),
          billing_suburb: v.billing_suburb.trim(),
          billing_state: v.billing_state,
          billing_postcode: v.billing_postcode.trim(),
        }),
  };
}

/**
 * Where a refused order returns (spec 2 section 8: 'returns to the earlier step with the server's
 * error text'): to the step that shows the fields the server named; to the catalogue when the
 * product is no longer sold (409 'Please choose another.'); to the address when the check
 * (prepare) refused it otherwise; else to Confirm.
 */
export function errorStepOf(error: unknown): PurchaseStep {
  if (!(error instanceof ApiError)) return 'confirm';
  const named = Object.keys(error.fields ?? {});
  if (named.length > 0) return named.every((path) => path === 'productid') ? 'product' : 'address';
  if (error.status === 409) return 'product';
  return error.phase === 'prepare' ? 'address' : 'confirm';
}
