import { formatDollars } from '@outpost/domain/money';
import { BILLING_FIELDS } from '@outpost/domain/product-address';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FieldErrors, TelephonyApplication } from '@outpost/domain/application-rules';
import {
  applicationMessages,
  isAgreement,
  phoneDigits,
  productAddressErrors,
  telephonyApplicationErrors,
} from '@outpost/domain/application-rules';
import type {
  OrderInput,
  OrderResult,
  Product,
  ProductOrderInput,
  ProviderOption,
} from '@outpost/contracts/orders';
import type { OrderKind } from '@outpost/domain/orders-rules';
import { WAITING_ORDER_STATUSES } from '@outpost/domain/orders-rules';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import { businessDate } from '@outpost/domain/time/zoned';
import { canOrderProduct } from '@outpost/domain/services';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { accountCharges } from '../billing/billing.schema';
import type { ServiceRow } from '../services/services.service';
import { ordersError, ordersErrors, ordersStatuses } from './orders.errors';
import { orders, phoneProviders, products } from './orders.schema';
import { createOrder } from './orders.service';

/**
 * Product orders, number transfers and new VoIP orders (docs/decisions/022). Each is a
 * prepare/commit: `check*` runs at prepare and again in the commit's transaction with the service
 * row locked; `place*` records the order, its ticket and (a product) its charge, exactly once.
 */

type ProductRow = typeof products.$inferSelect;
type Who = { userId: number; authorName: string };

/** A form's field errors: 400 with the first message, and every one in `fields`. */
function invalid(fields: FieldErrors): AppError {
  const first = Object.values(fields)[0]!;
  return new AppError(
    'applicationInvalid',
    ordersErrors.applicationInvalid(first),
    ordersStatuses.applicationInvalid,
    fields,
  );
}

// ---- products

function toProduct(p: ProductRow): Product {
  return {
    productid: p.id,
    name: p.name,
    model: p.model,
    article: p.article,
    price: p.priceCents,
    rrp: p.rrpCents,
    image: p.image,
    type: p.type as Product['type'],
  };
}

/** The catalogue: products still sold, in the provider's order. */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sort));
  return rows.map(toProduct);
}

/**
 * A product order's rules: Order Now is offered on services that are not Landline or VOIP (spec 2
 * section 6), the product is still sold, and the addresses pass the shared rules.
 */
export async function checkProductOrder(
  db: Db,
  service: ServiceRow,
  input: ProductOrderInput,
): Promise<ProductRow> {
  if (!canOrderProduct(service)) throw ordersError('orderNotAvailable');
  const [product] = await db.select().from(products).where(eq(products.id, input.productid));
  if (!product?.active) throw ordersError('productUnavailable');
  const errors = productAddressErrors(input);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return product;
}

/** The address lines as the desk reads them. */
function addressLine(parts: (string | undefined)[]): string {
  return parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
}

/** What is kept of a product order: the fields sent, billing left out when it is the shipping. */
function productPayload(input: ProductOrderInput): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...input };
  delete kept.serviceid;
  if (input.billing_same) for (const f of BILLING_FIELDS) delete kept[f];
  return kept;
}

/** The order and its ticket, and the price as a charge on the next invoice. */
export async function placeProductOrder(
  tx: Db,
  service: ServiceRow,
  product: ProductRow,
  input: ProductOrderInput,
  who: Who,
  now: Date,
): Promise<OrderResult> {
  const ship = addressLine([
    input.shipping_addr_line1,
    input.shipping_addr_line2,
    input.shipping_suburb,
    `${input.shipping_state} ${input.shipping_postcode}`,
  ]);
  const bill = input.billing_same
    ? 'same as shipping'
    : addressLine([
        input.billing_addr_line1,
        input.billing_addr_line2,
        input.billing_suburb,
        `${input.billing_state ?? ''} ${input.billing_postcode ?? ''}`,
      ]);
  const result = await createOrder(tx, {
    kind: 'product',
    accountId: service.accountId,
    serviceId: service.id,
    userId: who.userId,
    authorName: who.authorName,
    payload: productPayload(input),
    subject: `Product order: ${product.name}`,
    body: [
      `Please send ${product.name} (${product.model}, article ${product.article}).`,
      `Price: ${formatDollars(product.priceCents)}, on the next invoice.`,
      `Ship to: ${ship}`,
      `Billing address: ${bill}`,
      'Expected delivery within 10 business days.',
    ].join('\n'),
    priceCents: product.priceCents,
    now,
  });
  await tx.insert(accountCharges).values({
    accountId: service.accountId,
    serviceId: service.id,
    kind: 'product',
    description: `${product.name} (${product.model}), order ${result.orderid}`,
    amountCents: product.priceCents,
    sourceId: result.orderid,
    createdAt: now,
  });
  return result;
}

// ---- transfers and new VoIP

/** The providers a number of this technology can come from, in the provider's order. */
export async function listProviders(
  db: Db,
  technology: 'Landline' | 'VOIP',
): Promise<ProviderOption[]> {
  return db
    .select({ value: phoneProviders.value, label: phoneProviders.label })
    .from(phoneProviders)
    .where(eq(phoneProviders.technology, technology))
    .orderBy(asc(phoneProviders.sort));
}

/** A landline's agreement may be this old at prepare and commit (the wizard's last steps). */
const AGREEMENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export type TelephonyDecision = { kind: OrderKind; providers: ProviderOption[] };

/**
 * A telephony application's rules (spec 2 sections 3 to 6): Request Transfer needs the service's
 * can_transfer and the wizard of its technology (Landline for a landline, else VOIP); New Service
 * needs can_ordernew and is a VOIP order. The fields pass the shared rules (the provider one of
 * the list); a landline transfer carries I AGREE and when it was agreed; and a number is not
 * transferred twice at once.
 */
export async function checkTelephonyOrder(
  db: Db,
  service: ServiceRow,
  input: OrderInput,
  now: Date,
): Promise<TelephonyDecision> {
  const app = input.application as TelephonyApplication;
  const transfer = app.telephony.is_transfer === 1;
  if (transfer ? !service.canTransfer : !service.canOrderNew)
    throw ordersError('orderNotAvailable');
  const expected = transfer ? (service.technology === 'Landline' ? 'Landline' : 'VOIP') : 'VOIP';
  if (app.technology !== expected) throw ordersError('orderTechnology', expected);
  const kind: OrderKind = !transfer
    ? 'new-voip'
    : expected === 'Landline'
      ? 'landline-transfer'
      : 'voip-transfer';

  const providers = await listProviders(db, app.technology);
  const errors = telephonyApplicationErrors(
    app,
    businessDate(now),
    providers.map((p) => p.value),
  );
  if (kind === 'landline-transfer') {
    const agreedAt = input.agreed_at ? new Date(input.agreed_at).getTime() : NaN;
    const recent =
      agreedAt <= now.getTime() + CLOCK_SKEW_MS && agreedAt >= now.getTime() - AGREEMENT_MAX_AGE_MS;
    if (!isAgreement(input.agreement ?? '') || !recent)
      errors.agreement = applicationMessages.agree;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  if (app.telephony.is_transfer === 1) {
    const digits = phoneDigits(app.telephony.transfer.phone_number);
    const open = await db
      .select({ payload: orders.payload, ticketId: orders.ticketId })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, service.accountId),
          eq(orders.kind, kind),
          inArray(orders.status, WAITING_ORDER_STATUSES),
        ),
      );
    const twin = open.find((o) => {
      const t = (o.payload as Partial<TelephonyApplication>).telephony;
      return t?.is_transfer === 1 && phoneDigits(t.transfer.phone_number) === digits;
    });
    if (twin) throw ordersError('transferInProgress', ticketNumber(twin.ticketId));
  }
  return { kind, providers };
}

const KIND_TITLE: Partial<Record<OrderKind, string>> = {
  'landline-transfer': 'Landline transfer',
  'voip-transfer': 'VoIP transfer',
  'new-voip': 'New VoIP service',
};

/** The order and its ticket; the agreement text and time kept with a landline transfer. */
export async function placeTelephonyOrder(
  tx: Db,
  service: ServiceRow,
  input: OrderInput,
  decision: TelephonyDecision,
  who: Who,
  now: Date,
): Promise<OrderResult> {
  const app = input.application as TelephonyApplication;
  const title = KIND_TITLE[decision.kind]!;
  const landline = decision.kind === 'landline-transfer';
  const lines = [
    `Applicant: ${app.applicant.given_names.trim()} ${app.applicant.surname.trim()} (date of birth checked, 18 or older)`,
    `Service address: ${addressLine([app.address.street_address, app.address.suburb, `${app.address.state} ${app.address.postcode}`])}`,
  ];
  if (app.telephony.is_transfer === 1) {
    const t = app.telephony.transfer;
    const provider =
      decision.providers.find((p) => p.value === t.current_provider)?.label ?? t.current_provider;
    lines.unshift(
      `Number: ${t.phone_number.trim()}`,
      `Current provider: ${provider}, account ${t.account_number.trim()}`,
    );
  }
  if (landline) {
    lines.push(
      'Priority Assistance: the customer confirmed no one at the premises needs it.',
      `Terms & Conditions: agreed ("${input.agreement!.trim()}") at ${input.agreed_at}.`,
    );
  }
  const subject =
    app.telephony.is_transfer === 1
      ? `${title}: ${app.telephony.transfer.phone_number.trim()}`
      : `${title} at ${app.address.suburb.trim()} ${app.address.state}`;
  return createOrder(tx, {
    kind: decision.kind,
    accountId: service.accountId,
    serviceId: service.id,
    userId: who.userId,
    authorName: who.authorName,
    payload: app,
    subject,
    body: [`Please arrange this ${title.toLowerCase()}.`, ...lines].join('\n'),
    agreement: landline ? input.agreement!.trim() : null,
    agreedAt: landline ? new Date(input.agreed_at!) : null,
    now,
  });
}
