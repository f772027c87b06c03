import { z } from 'zod';
import { apiPaths } from './api-paths';
import { envelope, idParam } from './http';
import { ORDER_STATUSES, TELEPHONY_FEATURE_TYPES, TELEPHONY_TEXT_MAX } from './orders-rules';
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
export const internalOrderStatusInput = z.strictObject({ status: z.enum(ORDER_STATUSES) });
export const internalOrderStatusOutput = envelope(
  z.object({
    orderid: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    ticketid: z.number().int(),
    ticket_status: z.string(),
  }),
);

const serviceRef = [{ in: 'params', name: 'serviceid', kind: 'service' }] as const;

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
      "Operations: move an order on (received, in-progress, completed) and its ticket's status",
    access: 'internal',
    permissions: [],
    objects: [],
    params: orderParams,
    body: internalOrderStatusInput,
    response: internalOrderStatusOutput,
    example: { params: { orderid: 1 }, body: { status: 'in-progress' } },
  }),
};
