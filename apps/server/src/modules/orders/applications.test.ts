import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { OrderResult, Product, ProviderOption } from '@outpost/contracts/orders';
import { errorOf } from '../../test/test-app';
import { HOLDER_EMAIL, SERVICES, ordersTestContext } from './orders.test-support';

const { time, api, rows, moveOrder, orderRow, ticketRow, emailsTo, billingRunLines } =
  ordersTestContext('internal-service-key-for-the-applications-test');
const { SKY, LANDLINE, VOIP, FOREIGN } = SERVICES;

const productPaths = { prepare: apiPaths.productOrderPrepare, commit: apiPaths.productOrderCommit };
const orderPaths = { prepare: apiPaths.prepareOrder, commit: apiPaths.commitOrder };

const countOrders = async () =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n;

const shipping = {
  shipping_addr_line1: '12 Wattle Rd',
  shipping_suburb: 'Longreach',
  shipping_state: 'QLD',
  shipping_postcode: '4730',
};

const billingElsewhere = {
  billing_same: false,
  billing_addr_line1: 'PO Box 77',
  billing_suburb: 'Toowoomba',
  billing_state: 'QLD',
  billing_postcode: '4350',
};

const applicant = { given_names: 'Jordan', surname: 'Citizen', date_of_birth: '1970-05-01' };
const address = {
  street_address: '12 Wattle Rd',
  suburb: 'Longreach',
  state: 'QLD',
  postcode: '4730',
};

const transfer = (technology: 'Landline' | 'VOIP', phone_number: string) => ({
  type: 'Telephony',
  technology,
  telephony: {
    is_transfer: 1,
    transfer: { phone_number, current_provider: 'telstra', account_number: 'ACC-88123' },
  },
  applicant,
  address,
});
const newVoip = {
  type: 'Telephony',
  technology: 'VOIP',
  telephony: { is_transfer: 0 },
  applicant,
  address,
};
const agreed = () => ({ agreement: 'i agree', agreed_at: time.clock().toISOString() });

describe('products', () => {
  it('lists the products still sold, with cents and small images; only with purchase-products', async () => {
    const res = await api.get(apiPaths.products);
    expect(res.statusCode).toBe(200);
    const products = res.json().data as Product[];
    expect(products.map((p) => p.productid)).toEqual([1, 2, 3, 4, 5]);
    expect(products[0]).toEqual({
      productid: 1,
      name: 'Wi-Fi 6 Router',
      model: 'Outpost AX1800',
      article: 'OP-RT-AX1800',
      price: 14900,
      rrp: 19900,
      image: '/products/router-ax1800.webp',
      type: 'router',
    });
    expect(new Set(products.map((p) => p.type))).toEqual(new Set(['router', 'mesh', 'handset']));
    for (const who of ['services', 'viewer', 'limited']) {
      expect((await api.get(apiPaths.products, who)).statusCode).toBe(403);
    }
  });

  it('answers field errors with the spec messages and changes nothing', async () => {
    const before = await countOrders();
    const empty = await api.post(apiPaths.productOrderPrepare, {
      serviceid: SKY,
      productid: 1,
      shipping_addr_line1: '',
      shipping_suburb: ' ',
      shipping_state: '',
      shipping_postcode: '',
      billing_same: false,
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('Invalid request: Shipping Address is required');
    expect(empty.json().data.fields).toEqual({
      shipping_addr_line1: 'Shipping Address is required',
      shipping_suburb: 'Suburb is required',
      shipping_state: 'State is required',
      shipping_postcode: 'Postcode is required',
      billing_addr_line1: 'Billing Address is required',
      billing_suburb: 'Suburb is required',
      billing_state: 'State is required',
      billing_postcode: 'Postcode is required',
    });
    const wrong = await api.post(apiPaths.productOrderPrepare, {
      serviceid: SKY,
      productid: 1,
      ...shipping,
      shipping_postcode: '2000',
      billing_same: false,
      billing_addr_line1: 'PO Box 1',
      billing_suburb: 'Hobart',
      billing_state: 'Tasmania',
      billing_postcode: '70a0',
    });
    expect(wrong.json().data.fields).toEqual({
      shipping_postcode: 'This postcode is not in QLD.',
      billing_state: 'Please choose a state from the list.',
      billing_postcode: 'Postcode must be 4 digits.',
    });
    expect(await countOrders()).toBe(before);
  });

  it('ships to and bills an address in the ACT, like every other address form', async () => {
    const prepared = await api.post(apiPaths.productOrderPrepare, {
      serviceid: SKY,
      productid: 1,
      shipping_addr_line1: '4 Northbourne Ave',
      shipping_suburb: 'Canberra',
      shipping_state: 'ACT',
      shipping_postcode: '2600',
      billing_same: false,
      billing_addr_line1: 'PO Box 12',
      billing_suburb: 'Braddon',
      billing_state: 'ACT',
      billing_postcode: '2612',
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
  });

  it('refuses a Landline service, a product no longer sold, another account and contacts without the permission', async () => {
    const body = { productid: 1, ...shipping, billing_same: true };
    const landline = await api.post(apiPaths.productOrderPrepare, { ...body, serviceid: LANDLINE });
    expect(landline.statusCode).toBe(409);
    expect(errorOf(landline)).toBe('Bad request: This change is not available for this service.');
    const gone = await api.post(apiPaths.productOrderPrepare, {
      ...body,
      serviceid: SKY,
      productid: 6,
    });
    expect(gone.statusCode).toBe(409);
    expect(errorOf(gone)).toBe(
      'Bad request: That product is no longer available. Please choose another.',
    );
    expect(
      (await api.post(apiPaths.productOrderPrepare, { ...body, serviceid: SKY, productid: 99 }))
        .statusCode,
    ).toBe(409);
    expect(
      (await api.post(apiPaths.productOrderPrepare, { ...body, serviceid: FOREIGN })).statusCode,
    ).toBe(404);
    expect(
      (await api.post(apiPaths.productOrderPrepare, { ...body, serviceid: SKY }, 'services'))
        .statusCode,
    ).toBe(403);
  });

  it('orders once: the order, its ticket, the email, and the price on the next invoice', async () => {
    const before = (await emailsTo(HOLDER_EMAIL)).length;
    const body = { serviceid: SKY, productid: 1, ...shipping, ...billingElsewhere };
    const prepared = await api.post(apiPaths.productOrderPrepare, body);
    expect(prepared.statusCode).toBe(200);
    const { csrf } = prepared.json().data as { csrf: string };
    // A double click, and more: 20 commits of the one csrf at once make one order.
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post(apiPaths.productOrderCommit, { ...body, csrf })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => (r.json().data as OrderResult).orderid));
    expect(ids.size).toBe(1);
    const order = results[0]!.json().data as OrderResult;
    expect(order.number).toBe(`T${order.ticketid}`);

    const row = await orderRow(order.orderid);
    expect(row).toMatchObject({
      kind: 'product',
      accountId: 100001,
      serviceId: SKY,
      userId: 5001,
      priceCents: 14900,
      status: 'received',
      ticketId: order.ticketid,
      payload: { productid: 1, ...shipping, ...billingElsewhere },
    });
    const ticket = await ticketRow(order.ticketid);
    expect(ticket).toMatchObject({ subject: 'Product order: Wi-Fi 6 Router', source: 'order' });
    const [message] = await rows<{ body: string }>(
      sql`select body from ticket_messages where ticket_id = ${order.ticketid}`,
    );
    expect(message!.body).toBe(
      [
        'Please send Wi-Fi 6 Router (Outpost AX1800, article OP-RT-AX1800).',
        'Price: $149.00, on the next invoice.',
        'Ship to: 12 Wattle Rd, Longreach, QLD 4730',
        'Billing address: PO Box 77, Toowoomba, QLD 4350',
        'Expected delivery within 10 business days.',
      ].join('\n'),
    );
    const charges = await rows<{ amount_cents: number; kind: string }>(
      sql`select amount_cents, kind from account_charges where kind = 'product' and source_id = ${order.orderid}`,
    );
    expect(charges).toEqual([{ amount_cents: 14900, kind: 'product' }]);
    const emails = await emailsTo(HOLDER_EMAIL);
    expect(emails.length).toBe(before + 1);
    expect(emails[0]!.body).toContain(
      `Thank you for your order of a Wi-Fi 6 Router. Your order number is ${order.orderid} and your ticket number is ${order.number}.`,
    );

    // The next billing run puts the price on the invoice.
    const lines = await billingRunLines('product');
    expect(lines).toEqual([
      {
        description: `Wi-Fi 6 Router (Outpost AX1800), order ${order.orderid} ordered 10/01/27`,
        amount_cents: 14900,
        kind: 'product',
      },
    ]);
  });

  it('keeps billing out of the order when it is the shipping address', async () => {
    const res = await api.prepareCommit(productPaths, {
      serviceid: SKY,
      productid: 5,
      ...shipping,
      billing_same: true,
      billing_addr_line1: 'ignored',
    });
    expect(res.statusCode).toBe(200);
    const row = await orderRow((res.json().data as OrderResult).orderid);
    expect(row.payload).toEqual({ productid: 5, ...shipping, billing_same: true });
    expect(row.priceCents).toBe(6900);
  });
});

describe('providers', () => {
  it('lists the landline and VoIP providers, only with order-services', async () => {
    const landline = (await api.get(apiPaths.landlineProviders)).json().data as ProviderOption[];
    expect(landline[0]).toEqual({ value: 'telstra', label: 'Telstra' });
    expect(landline.at(-1)).toEqual({ value: 'other', label: 'Other' });
    expect(landline.map((p) => p.value)).not.toContain('mynetfone');
    const voip = (await api.get(apiPaths.voipProviders)).json().data as ProviderOption[];
    expect(voip.map((p) => p.value)).toContain('mynetfone');
    for (const who of ['services', 'viewer']) {
      expect((await api.get(apiPaths.landlineProviders, who)).statusCode).toBe(403);
      expect((await api.get(apiPaths.voipProviders, who)).statusCode).toBe(403);
    }
  });
});

describe('transfers and new VoIP', () => {
  it('answers each field error on its path (an adult, a real date, an Australian number, the state postcode, a listed provider)', async () => {
    const before = await countOrders();
    const res = await api.post(apiPaths.prepareOrder, {
      serviceid: VOIP,
      application: {
        ...transfer('VOIP', '12345'),
        telephony: {
          is_transfer: 1,
          transfer: { phone_number: '12345', current_provider: 'acme', account_number: '' },
        },
        applicant: { given_names: 'Sam', surname: '', date_of_birth: '2010-01-11' },
        address: { street_address: '1 Main St', suburb: 'Bourke', state: 'QLD', postcode: '2840' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({
      'telephony.transfer.phone_number':
        'Please enter an Australian phone number with its area code, like 07 5550 0123.',
      'telephony.transfer.current_provider': 'Please choose your current provider from the list.',
      'telephony.transfer.account_number': 'Account Number is required',
      'applicant.surname': 'Last Name is required',
      'applicant.date_of_birth': 'The applicant must be 18 or older.',
      'address.postcode': 'This postcode is not in QLD.',
    });
    const badDate = await api.post(apiPaths.prepareOrder, {
      serviceid: VOIP,
      application: { ...newVoip, applicant: { ...applicant, date_of_birth: '1980-02-30' } },
    });
    expect(badDate.json().data.fields).toEqual({
      'applicant.date_of_birth': 'Please enter a real date of birth.',
    });
    const empty = await api.post(apiPaths.prepareOrder, {
      serviceid: VOIP,
      application: {
        ...newVoip,
        applicant: { given_names: '', surname: '', date_of_birth: '' },
        address: { street_address: '', suburb: '', state: '', postcode: '' },
      },
    });
    expect(empty.json().data.fields).toEqual({
      'applicant.given_names': 'First Name is required',
      'applicant.surname': 'Last Name is required',
      'applicant.date_of_birth': 'Date of Birth is required',
      'address.street_address': 'Address is required',
      'address.suburb': 'Suburb is required',
      'address.state': 'State is required',
      'address.postcode': 'Postcode is required',
    });
    expect(await countOrders()).toBe(before);
  });

  it('checks the service: its flags, its technology, its account, and the permission', async () => {
    // The landline has can_transfer but not can_ordernew.
    const newOnLandline = await api.post(apiPaths.prepareOrder, {
      serviceid: LANDLINE,
      application: newVoip,
    });
    expect(newOnLandline.statusCode).toBe(409);
    expect(errorOf(newOnLandline)).toBe(
      'Bad request: This change is not available for this service.',
    );
    const wrongWizard = await api.post(apiPaths.prepareOrder, {
      serviceid: VOIP,
      application: transfer('Landline', '07 4658 1234'),
      ...agreed(),
    });
    expect(wrongWizard.statusCode).toBe(409);
    expect(errorOf(wrongWizard)).toBe(
      'Bad request: This service takes a VoIP order, not this one.',
    );
    // A broadband service takes neither.
    expect(
      (await api.post(apiPaths.prepareOrder, { serviceid: SKY, application: newVoip })).statusCode,
    ).toBe(409);
    expect(
      (await api.post(apiPaths.prepareOrder, { serviceid: FOREIGN, application: newVoip }))
        .statusCode,
    ).toBe(404);
    for (const who of ['services', 'viewer', 'billing']) {
      expect(
        (await api.post(apiPaths.prepareOrder, { serviceid: VOIP, application: newVoip }, who))
          .statusCode,
      ).toBe(403);
    }
    // Not the spec's shape: refused by the schema.
    const extra = await api.post(apiPaths.prepareOrder, {
      serviceid: VOIP,
      application: { ...newVoip, telephony: { is_transfer: 2 } },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('needs I AGREE and when it was agreed for a landline transfer, and keeps them as evidence', async () => {
    const application = transfer('Landline', '(07) 4658 1234');
    const none = await api.post(apiPaths.prepareOrder, { serviceid: LANDLINE, application });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fields).toEqual({
      agreement: 'Please type I AGREE to accept the terms.',
    });
    const notAgreed = await api.post(apiPaths.prepareOrder, {
      serviceid: LANDLINE,
      application,
      agreement: 'I AGRE',
      agreed_at: time.clock().toISOString(),
    });
    expect(notAgreed.statusCode).toBe(400);
    const stale = await api.post(apiPaths.prepareOrder, {
      serviceid: LANDLINE,
      application,
      agreement: 'I AGREE',
      agreed_at: new Date(time.clock().getTime() - 2 * 86_400_000).toISOString(),
    });
    expect(stale.statusCode).toBe(400);

    const before = (await emailsTo(HOLDER_EMAIL)).length;
    const body = { serviceid: LANDLINE, application, ...agreed() };
    const res = await api.prepareCommit(orderPaths, body);
    expect(res.statusCode).toBe(200);
    const order = res.json().data as OrderResult;
    const row = await orderRow(order.orderid);
    expect(row).toMatchObject({
      kind: 'landline-transfer',
      serviceId: LANDLINE,
      payload: application,
      agreement: 'i agree',
      agreedAt: time.clock(),
      priceCents: null,
    });
    const ticket = await ticketRow(order.ticketid);
    expect(ticket.subject).toBe('Landline transfer: (07) 4658 1234');
    const [message] = await rows<{ body: string }>(
      sql`select body from ticket_messages where ticket_id = ${order.ticketid}`,
    );
    expect(message!.body).toBe(
      [
        'Please arrange this landline transfer.',
        'Number: (07) 4658 1234',
        'Current provider: Telstra, account ACC-88123',
        'Applicant: Jordan Citizen (date of birth checked, 18 or older)',
        'Service address: 12 Wattle Rd, Longreach, QLD 4730',
        'Priority Assistance: the customer confirmed no one at the premises needs it.',
        `Terms & Conditions: agreed ("i agree") at ${time.clock().toISOString()}.`,
      ].join('\n'),
    );
    const emails = await emailsTo(HOLDER_EMAIL);
    expect(emails.length).toBe(before + 1);
    expect(emails[0]!.body).toContain('Thank you for your landline transfer request.');

    // The same number again while the first is under way: refused, with the first's ticket.
    const again = await api.post(apiPaths.prepareOrder, {
      ...body,
      application: transfer('Landline', '07 4658 1234'),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(
      `Bad request: A transfer of this number is already under way (ticket ${order.number}). We will be in touch.`,
    );
    // Once operations complete it, the number may be asked for again.
    for (const status of ['in-progress', 'completed']) {
      expect((await moveOrder(order.orderid, status)).statusCode).toBe(200);
    }
    expect((await api.post(apiPaths.prepareOrder, body)).statusCode).toBe(200);
  });

  it('places a VoIP transfer and a new VoIP order, each with its ticket', async () => {
    const voip = await api.prepareCommit(orderPaths, {
      serviceid: VOIP,
      application: transfer('VOIP', '1300 555 010'),
    });
    expect(voip.statusCode).toBe(200);
    const v = await orderRow((voip.json().data as OrderResult).orderid);
    expect(v).toMatchObject({ kind: 'voip-transfer', agreement: null, agreedAt: null });
    expect((await ticketRow(v.ticketId)).subject).toBe('VoIP transfer: 1300 555 010');

    const fresh = await api.prepareCommit(orderPaths, { serviceid: VOIP, application: newVoip });
    expect(fresh.statusCode).toBe(200);
    const n = await orderRow((fresh.json().data as OrderResult).orderid);
    expect(n).toMatchObject({ kind: 'new-voip', payload: newVoip });
    expect((await ticketRow(n.ticketId)).subject).toBe('New VoIP service at Longreach QLD');
    // The holder's My Tickets lists both.
    const list = await api.get(apiPaths.supportTickets);
    const ids = (list.json().data as { ticketid: number }[]).map((t) => t.ticketid);
    expect(ids).toEqual(expect.arrayContaining([v.ticketId, n.ticketId]));
  });

  it('places one order for 20 concurrent commits of one csrf', async () => {
    const body = { serviceid: VOIP, application: newVoip };
    const prepared = await api.post(apiPaths.prepareOrder, body);
    const { csrf } = prepared.json().data as { csrf: string };
    const before = await countOrders();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post(apiPaths.commitOrder, { ...body, csrf })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => (r.json().data as OrderResult).orderid)).size).toBe(1);
    expect(await countOrders()).toBe(before + 1);
    // A commit with another body than the prepared one is refused.
    const other = await api.post(apiPaths.commitOrder, {
      ...body,
      application: { ...newVoip, address: { ...address, suburb: 'Winton' } },
      csrf,
    });
    expect(other.statusCode).toBe(400);
  });
});
