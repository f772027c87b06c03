import { z } from 'zod';
import { apiPaths } from './api-paths';
import { envelope, idParam } from './http';
import {
  ORDER_REASON_MAX,
  ORDER_STATUSES,
  TELEPHONY_FEATURE_TYPES,
  TELEPHONY_TEXT_MAX,
} from '@outpost/domain/orders-rules';
import { csrfOutput } from './recovery';
import { defineRoute } from './route-contract';
import { serviceParams } from './services';

/**
 * Orders (docs/decisions/021): call barring and landline options (spec 2 sections 3, 4, 7), each
 * an order with its ticket, and the provider's move of an order's status (internal).
 */

const bodyId = z.number().int().positive().max(2_147_483_647);

export const barringOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** The service's current mode. */
  selected: z.boolean(),
  /** Asked for in an order not yet completed: the mode the service will have (issue 35). */
  requested: z.boolean(),
});
export type BarringOption = z.infer<typeof barringOptionSchema>;
export const barringOptionsOutput = envelope(z.array(barringOptionSchema));

export const setBarringInput = z.strictObject({
  barring_mode: z.string().trim().min(1).max(40),
});
export type SetBarringInput = z.infer<typeof setBarringInput>;

export const orderResultSchema = z.object({
  ticketid: z.number().int(),
  orderid: z.number().int(),
  /** 'T240001': the number the customer quotes. */
  number: z.string(),
});
export type OrderResult = z.infer<typeof orderResultSchema>;
export const orderResultOutput = envelope(orderResultSchema);

export const telephonyOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  selected: z.boolean(),
  extra: z
    .object({ id: z.string(), type: z.string(), preference: z.string(), data: z.string() })
    .optional(),
});

export const telephonyFeatureSchema = z.object({
  featureid: z.number().int(),
  feature: z.string(),
  label: z.string(),
  section: z.string(),
  /** Monthly price in cents while on (0: free). */
  price: z.number().int(),
  type: z.enum(TELEPHONY_FEATURE_TYPES),
  /** A toggle's two values, off then on; null for other types. */
  range: z.array(z.string()).nullable(),
  value: z.string(),
  requires: z.array(z.number().int()),
  data: z.array(telephonyOptionSchema),
  permissions: z.array(z.string()),
});
export type TelephonyFeature = z.infer<typeof telephonyFeatureSchema>;
export const telephonyFeaturesOutput = envelope(z.array(telephonyFeatureSchema));

export const setTelephonyFeaturesInput = z
  .array(
    z.strictObject({
      featureid: bodyId,
      value: z.string().max(TELEPHONY_TEXT_MAX),
    }),
  )
  .min(1)
  .max(50);
export type SetTelephonyFeaturesInput = z.infer<typeof setTelephonyFeaturesInput>;

export const orderParams = z.strictObject({ orderid: idParam });
/** Why the provider rejects an order (docs/decisions/058): the customer is told it. */
export const orderRejectReason = z.string().trim().min(1).max(ORDER_REASON_MAX);
export const internalOrderStatusInput = z.strictObject({
  status: z.enum(ORDER_STATUSES),
  /** With `rejected` only, and needed there. */
  reason: orderRejectReason.optional(),
});
export const internalOrderStatusOutput = envelope(
  z.object({
    orderid: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    ticketid: z.number().int(),
    ticket_status: z.string(),
  }),
);

// ---- Products, transfers and new VoIP (docs/decisions/022)

/** The product types of the catalogue (routers, mesh nodes, phone handsets). */
export const PRODUCT_TYPES = ['router', 'mesh', 'handset'] as const;

/** A product (spec 2 section 3): prices in cents; image a small WebP under /products/. */
export const productSchema = z.object({
  productid: z.number().int(),
  name: z.string(),
  model: z.string(),
  /** The article number. */
  article: z.string(),
  price: z.number().int(),
  /** The recommended retail price, in cents. */
  rrp: z.number().int(),
  image: z.string(),
  type: z.enum(PRODUCT_TYPES),
});
export type Product = z.infer<typeof productSchema>;
export const productsOutput = envelope(z.array(productSchema));

/**
 * Fields are loose strings here; their rules (required, the state's postcode ranges, an adult's
 * date of birth, Australian numbers) are in application-rules.ts, shared with the wizards, and
 * answer field errors: `{data: {error, fields: {path: message}}}`.
 */
const field = z.string().max(200);
const optionalField = field.optional();

/** The product order (spec 2 section 3) and the billing address the form also has. */
export const productOrderInput = z.strictObject({
  /** The service the order was placed from (Order Now on a service). */
  serviceid: bodyId,
  productid: bodyId,
  shipping_addr_line1: field,
  shipping_addr_line2: optionalField,
  shipping_state: field,
  shipping_suburb: field,
  shipping_postcode: field,
  billing_same: z.boolean(),
  billing_addr_line1: optionalField,
  billing_addr_line2: optionalField,
  billing_state: optionalField,
  billing_suburb: optionalField,
  billing_postcode: optionalField,
});
export type ProductOrderInput = z.infer<typeof productOrderInput>;
const csrf = z.string().min(1).max(200);
export const productOrderCommitInput = productOrderInput.extend({ csrf });

const applicant = z.strictObject({ given_names: field, surname: field, date_of_birth: field });
const address = z.strictObject({
  street_address: field,
  suburb: field,
  state: field,
  postcode: field,
});

/** A transfer or new VoIP application (spec 2 section 3), exactly as the spec gives it. */
export const telephonyApplicationSchema = z.strictObject({
  type: z.literal('Telephony'),
  technology: z.enum(['Landline', 'VOIP']),
  telephony: z.union([
    z.strictObject({
      is_transfer: z.literal(1),
      transfer: z.strictObject({
        phone_number: field,
        current_provider: field,
        account_number: field,
      }),
    }),
    z.strictObject({ is_transfer: z.literal(0) }),
  ]),
  applicant,
  address,
});

/**
 * prepare-order / commit-order (spec 2 section 7): the application, and for a landline transfer
 * the agreement text typed (I AGREE) and when it was agreed. `serviceid`: the service whose
 * Request Transfer or New Service button started it (its can_transfer / can_ordernew).
 */
export const orderInput = z.strictObject({
  serviceid: bodyId,
  application: telephonyApplicationSchema,
  agreement: z.string().max(40).optional(),
  agreed_at: z.iso.datetime({ offset: true }).optional(),
});
export type OrderInput = z.infer<typeof orderInput>;
export const orderCommitInput = orderInput.extend({ csrf });

/** A provider a number can be transferred from (spec 2 section 3). */
export const providerOptionSchema = z.object({ value: z.string(), label: z.string() });
export type ProviderOption = z.infer<typeof providerOptionSchema>;
export const providersOutput = envelope(z.array(providerOptionSchema));

const serviceRef = [{ in: 'params', name: 'serviceid', kind: 'service' }] as const;
const bodyServiceRef = [{ in: 'body', name: 'serviceid', kind: 'service' }] as const;

const productOrderExample = {
  productid: 1,
  shipping_addr_line1: '12 Wattle Rd',
  shipping_suburb: 'Longreach',
  shipping_state: 'QLD',
  shipping_postcode: '4730',
  billing_same: true,
};

/** A new VoIP order (a transfer example would find the first caller's transfer under way). */
const orderExample = {
  application: {
    type: 'Telephony',
    technology: 'VOIP',
    telephony: { is_transfer: 0 },
    applicant: { given_names: 'Jo', surname: 'Citizen', date_of_birth: '1970-05-01' },
    address: {
      street_address: '12 Wattle Rd',
      suburb: 'Longreach',
      state: 'QLD',
      postcode: '4730',
    },
  },
};

export const ordersRoutes = {
  barringOptions: defineRoute({
    id: 'barringOptions',
    method: 'GET',
    path: apiPaths.barringOptions,
    summary: "A landline's call barring options, its current mode selected",
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    response: barringOptionsOutput,
  }),
  setBarring: defineRoute({
    id: 'setBarring',
    method: 'PATCH',
    path: apiPaths.service,
    summary: "Change a landline's call barring: an order and its ticket (free)",
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    body: setBarringInput,
    response: orderResultOutput,
    example: { body: { barring_mode: 'international' } },
  }),
  telephonyFeatures: defineRoute({
    id: 'telephonyFeatures',
    method: 'GET',
    path: apiPaths.telephonyFeatures,
    summary: "A phone service's landline options with their values (those the caller may see)",
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    response: telephonyFeaturesOutput,
  }),
  setTelephonyFeatures: defineRoute({
    id: 'setTelephonyFeatures',
    method: 'PATCH',
    path: apiPaths.telephonyFeatures,
    summary: 'Change landline options: an order and its ticket; priced options bill monthly',
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    body: setTelephonyFeaturesInput,
    response: orderResultOutput,
    example: { body: [{ featureid: 2, value: 'on' }] },
  }),
  internalOrderStatus: defineRoute({
    id: 'internalOrderStatus',
    method: 'POST',
    path: apiPaths.internalOrderStatus,
    summary:
      'Operations: move an order on (in-progress, completed, or rejected with a reason); its ticket follows and the customer is emailed',
    access: 'internal',
    permissions: [],
    objects: [],
    params: orderParams,
    body: internalOrderStatusInput,
    response: internalOrderStatusOutput,
    example: { params: { orderid: 1 }, body: { status: 'in-progress' } },
  }),
  products: defineRoute({
    id: 'products',
    method: 'GET',
    path: apiPaths.products,
    summary: 'The product catalogue (routers, mesh nodes, a handset) with prices and images',
    access: 'user',
    permissions: ['purchase-products'],
    objects: [],
    response: productsOutput,
  }),
  productOrderPrepare: defineRoute({
    id: 'productOrderPrepare',
    method: 'POST',
    path: apiPaths.productOrderPrepare,
    summary: 'Check a product order (product, shipping and billing address): returns a csrf',
    access: 'user',
    permissions: ['purchase-products'],
    objects: bodyServiceRef,
    body: productOrderInput,
    response: csrfOutput,
    example: { body: productOrderExample },
  }),
  productOrderCommit: defineRoute({
    id: 'productOrderCommit',
    method: 'POST',
    path: apiPaths.productOrderCommit,
    summary: 'Order a product exactly once: an order, its ticket, the price on the next invoice',
    access: 'user',
    permissions: ['purchase-products'],
    objects: bodyServiceRef,
    body: productOrderCommitInput,
    response: orderResultOutput,
    csrfFrom: 'productOrderPrepare',
    example: { body: productOrderExample },
  }),
  prepareOrder: defineRoute({
    id: 'prepareOrder',
    method: 'POST',
    path: apiPaths.prepareOrder,
    summary: 'Check a landline or VoIP transfer or a new VoIP application: returns a csrf',
    access: 'user',
    permissions: ['order-services'],
    objects: bodyServiceRef,
    body: orderInput,
    response: csrfOutput,
    example: { body: orderExample },
  }),
  commitOrder: defineRoute({
    id: 'commitOrder',
    method: 'POST',
    path: apiPaths.commitOrder,
    summary: 'Place a transfer or new VoIP order exactly once: an order and its ticket',
    access: 'user',
    permissions: ['order-services'],
    objects: bodyServiceRef,
    body: orderCommitInput,
    response: orderResultOutput,
    csrfFrom: 'prepareOrder',
    example: { body: orderExample },
  }),
  landlineProviders: defineRoute({
    id: 'landlineProviders',
    method: 'GET',
    path: apiPaths.landlineProviders,
    summary: 'The providers a landline number can be transferred from',
    access: 'user',
    permissions: ['order-services'],
    objects: [],
    response: providersOutput,
  }),
  voipProviders: defineRoute({
    id: 'voipProviders',
    method: 'GET',
    path: apiPaths.voipProviders,
    summary: 'The providers a VoIP number can be transferred from',
    access: 'user',
    permissions: ['order-services'],
    objects: [],
    response: providersOutput,
  }),
};
