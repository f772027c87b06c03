import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BarringOption, OrderResult, TelephonyFeature } from '@outpost/contracts/orders';
import { MESSAGE_LIMITS } from '../../lib/message-limits';
import { errorOf } from '../../test/test-app';
import { serviceBarring, orders } from './orders.schema';
import { HOLDER_EMAIL, SERVICES, ordersTestContext } from './orders.test-support';

const {
  context,
  api,
  rows,
  moveOrder,
  orderRow,
  ticketRow,
  ticketBody,
  emailsTo,
  billingRunLines,
} = ordersTestContext('internal-service-key-for-the-orders-test-001');
const { LANDLINE, VOIP, PENDING, FOREIGN } = SERVICES;

const serviceUrl = (serviceid: number) => buildPath(apiPaths.service, { serviceid });
const barringUrl = (serviceid: number) => buildPath(apiPaths.barringOptions, { serviceid });
const featuresUrl = (serviceid: number) => buildPath(apiPaths.telephonyFeatures, { serviceid });

describe('call barring', () => {
  it('lists the options with the current mode selected', async () => {
    const res = await api.get(barringUrl(LANDLINE));
    expect(res.statusCode).toBe(200);
    const options = res.json().data as BarringOption[];
    expect(options.map((o) => o.value)).toEqual([
      'none',
      'international',
      'premium',
      'international-premium',
      'all-outgoing',
    ]);
    expect(options.filter((o) => o.selected).map((o) => o.value)).toEqual(['none']);
  });

  it('refuses a pending service, a service without the flag, another account and no change-plan', async () => {
    expect((await api.get(barringUrl(PENDING))).statusCode).toBe(409);
    const voip = await api.patch(serviceUrl(VOIP), { barring_mode: 'international' });
    expect(voip.statusCode).toBe(409);
    expect(errorOf(voip)).toBe('Bad request: This change is not available for this service.');
    expect((await api.patch(serviceUrl(FOREIGN), { barring_mode: 'premium' })).statusCode).toBe(
      404,
    );
    expect((await api.get(barringUrl(FOREIGN))).statusCode).toBe(404);
    for (const who of ['viewer', 'limited', 'billing']) {
      expect(
        (await api.patch(serviceUrl(LANDLINE), { barring_mode: 'premium' }, who)).statusCode,
      ).toBe(403);
      expect((await api.get(barringUrl(LANDLINE), who)).statusCode).toBe(403);
    }
    const unknown = await api.patch(serviceUrl(LANDLINE), { barring_mode: 'everything' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('Bad request: Please choose one of the call barring options.');
    expect((await api.patch(serviceUrl(LANDLINE), { barring_mode: '' })).statusCode).toBe(400);
    expect((await api.patch(serviceUrl(LANDLINE), {})).statusCode).toBe(400);
    expect(await context().database.db.select().from(orders)).toEqual([]);
  });

  it('creates an order, its ticket and an email; the mode waits for the order; the nickname flow is untouched', async () => {
    const before = (await emailsTo(HOLDER_EMAIL)).length;
    const res = await api.patch(serviceUrl(LANDLINE), { barring_mode: 'international' });
    expect(res.statusCode).toBe(200);
    const order = res.json().data as OrderResult;
    expect(order.number).toBe(`T${order.ticketid}`);
    const row = await orderRow(order.orderid);
    expect(row).toMatchObject({
      kind: 'call-barring',
      accountId: 100001,
      serviceId: LANDLINE,
      userId: 5001,
      payload: { barring_mode: 'international' },
      status: 'received',
      ticketId: order.ticketid,
      monthlyCents: null,
      priceCents: null,
    });
    const ticket = await ticketRow(order.ticketid);
    expect(ticket).toMatchObject({
      source: 'order',
      status: 'New',
      serviceId: LANDLINE,
      subject: 'Call barring change (07 5550 0123)',
    });
    // Only a ticket so far: the service keeps its mode, the new one shows as requested.
    const modes = await context()
      .database.db.select()
      .from(serviceBarring)
      .where(eq(serviceBarring.serviceId, LANDLINE));
    expect(modes).toEqual([]);
    const options = (await api.get(barringUrl(LANDLINE))).json().data as BarringOption[];
    expect(options.find((o) => o.selected)!.value).toBe('none');
    expect(options.filter((o) => o.requested).map((o) => o.value)).toEqual(['international']);
    const mail = await emailsTo(HOLDER_EMAIL);
    expect(mail.length).toBe(before + 1);
    expect(mail[0]!.body).toContain(
      `Your order number is ${order.orderid} and your ticket number is T${order.ticketid}.`,
    );
    // The ticket is in My Tickets.
    const list = (await api.get(apiPaths.supportTickets)).json().data as { ticketid: number }[];
    expect(list.map((t) => t.ticketid)).toContain(order.ticketid);
    // Nicknames keep their own prepare/commit.
    const nick = await api.prepareCommit(
      {
        prepare: apiPaths.setNicknamePrepare,
        commit: apiPaths.setNicknameCommit,
        params: { serviceid: LANDLINE },
      },
      { nickname: 'Kitchen' },
    );
    expect(nick.statusCode).toBe(200);
  });

  it('20 identical PATCHes at once make one order (the same one answers them all)', async () => {
    const before = (await emailsTo(HOLDER_EMAIL)).length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.patch(serviceUrl(LANDLINE), { barring_mode: 'premium' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => (r.json().data as OrderResult).orderid));
    expect(ids.size).toBe(1);
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where kind = 'call-barring' and payload = '{"barring_mode":"premium"}'::jsonb`,
    );
    expect(n!.n).toBe(1);
    expect((await emailsTo(HOLDER_EMAIL)).length).toBe(before + 1);
  });

  it('operations move the order on and its ticket follows; backwards is refused', async () => {
    const res = await api.patch(serviceUrl(LANDLINE), { barring_mode: 'all-outgoing' });
    const order = res.json().data as OrderResult;
    expect(
      (await moveOrder(order.orderid, 'in-progress', 'wrong-key-wrong-key-wrong-key-1')).statusCode,
    ).toBe(403);
    const skip = await moveOrder(order.orderid, 'completed');
    expect(skip.statusCode).toBe(409);
    expect(errorOf(skip)).toBe(
      'Invalid request: an order that is received cannot move to completed; it can move to in-progress or rejected.',
    );
    const progress = await moveOrder(order.orderid, 'in-progress');
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toEqual({
      orderid: order.orderid,
      status: 'in-progress',
      ticketid: order.ticketid,
      ticket_status: 'Open',
    });
    expect((await ticketRow(order.ticketid)).status).toBe('Open');
    // No longer 'received': the same request now opens a new order.
    const again = await api.patch(serviceUrl(LANDLINE), { barring_mode: 'all-outgoing' });
    expect((again.json().data as OrderResult).orderid).not.toBe(order.orderid);
    expect((await moveOrder(order.orderid, 'completed')).statusCode).toBe(200);
    expect((await ticketRow(order.ticketid)).status).toBe('Resolved');
    expect((await orderRow(order.orderid)).status).toBe('completed');
    expect((await moveOrder(order.orderid, 'received')).statusCode).toBe(409);
    expect((await moveOrder(999_999, 'in-progress')).statusCode).toBe(404);
  });

  it('the requested mode becomes the current one only when its order is completed', async () => {
    const barring = async () =>
      (await api.get(barringUrl(LANDLINE))).json().data as BarringOption[];
    const before = (await barring()).find((o) => o.selected)!.value;
    // A mode no earlier test has an open order for (an open twin would answer instead).
    const mode = 'international-premium';
    expect(before).not.toBe(mode);
    const order = (await api.patch(serviceUrl(LANDLINE), { barring_mode: mode })).json()
      .data as OrderResult;
    const pending = await barring();
    expect(pending.find((o) => o.selected)!.value).toBe(before);
    expect(pending.filter((o) => o.requested).map((o) => o.value)).toEqual([mode]);
    expect((await moveOrder(order.orderid, 'in-progress')).statusCode).toBe(200);
    expect((await barring()).find((o) => o.selected)!.value).toBe(before);
    expect((await moveOrder(order.orderid, 'completed')).statusCode).toBe(200);
    const done = await barring();
    expect(done.find((o) => o.selected)!.value).toBe(mode);
    expect(done.find((o) => o.value === mode)!.requested).toBe(false);
  });
});

describe('landline options', () => {
  const features = async (who: string, serviceid = LANDLINE) =>
    (await api.get(featuresUrl(serviceid), who)).json().data as TelephonyFeature[];

  it('lists the features with types, ranges, dependencies and prices; hides what the caller may not use', async () => {
    const all = await features('holder');
    expect(all.map((f) => f.featureid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const forwarding = all.find((f) => f.featureid === 3)!;
    expect(forwarding).toMatchObject({
      type: 'toggle',
      range: ['off', 'on'],
      value: 'off',
      price: 300,
    });
    expect(all.find((f) => f.featureid === 4)).toMatchObject({ type: 'text', requires: [3] });
    expect(all.find((f) => f.featureid === 1)!.data.find((o) => o.selected)!.value).toBe('show');
    // services holds change-plan but not purchase-products: no international pack.
    expect((await features('services')).map((f) => f.featureid)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The VoIP service adds its VoIP-only feature.
    expect((await features('holder', VOIP)).map((f) => f.featureid)).toContain(9);
    expect((await api.get(featuresUrl(PENDING))).statusCode).toBe(409);
    expect((await api.get(featuresUrl(200101))).statusCode).toBe(409);
    expect((await api.get(featuresUrl(FOREIGN))).statusCode).toBe(404);
    expect((await api.get(featuresUrl(LANDLINE), 'viewer')).statusCode).toBe(403);
  });

  it('validates values, dependencies, permissions and the service', async () => {
    const patch = (body: object, who = 'holder', serviceid = LANDLINE) =>
      api.patch(featuresUrl(serviceid), body, who);
    const required = await patch([{ featureid: 3, value: 'on' }]);
    expect(required.statusCode).toBe(400);
    expect(errorOf(required)).toBe('Bad request: Forward calls to: This field is required');
    const blank = await patch([
      { featureid: 3, value: 'on' },
      { featureid: 4, value: '   ' },
    ]);
    expect(errorOf(blank)).toBe('Bad request: Forward calls to: This field is required');
    // A voicemail PIN is 4 to 8 digits, with the form's message.
    for (const pin of ['12', '12ab', '123456789']) {
      const badPin = await patch([
        { featureid: 6, value: 'on' },
        { featureid: 7, value: pin },
      ]);
      expect(badPin.statusCode, pin).toBe(400);
      expect(errorOf(badPin), pin).toBe(
        'Bad request: Voicemail PIN: Your voicemail PIN must be 4 to 8 digits',
      );
    }
    const badToggle = await patch([{ featureid: 2, value: 'maybe' }]);
    expect(errorOf(badToggle)).toBe('Bad request: Call waiting: Please choose one of the options.');
    const badSelect = await patch([{ featureid: 1, value: 'shout' }]);
    expect(errorOf(badSelect)).toBe(
      'Bad request: Show my number when I call: Please choose one of the options.',
    );
    const unknown = await patch([{ featureid: 99, value: 'on' }]);
    expect(errorOf(unknown)).toBe(
      'Bad request: That landline option is not available for this service.',
    );
    const twice = await patch([
      { featureid: 2, value: 'on' },
      { featureid: 2, value: 'off' },
    ]);
    expect(errorOf(twice)).toBe('Bad request: Each landline option may be sent only once.');
    // A feature the caller may not see is one they may not change.
    expect(errorOf(await patch([{ featureid: 8, value: 'on' }], 'services'))).toBe(
      'Bad request: That landline option is not available for this service.',
    );
    // VoIP-only on a landline.
    expect((await patch([{ featureid: 9, value: 'on' }])).statusCode).toBe(400);
    expect((await patch([], 'holder')).statusCode).toBe(400);
    expect((await patch([{ featureid: 2, value: 'off' }], 'holder', PENDING)).statusCode).toBe(409);
    expect((await patch([{ featureid: 2, value: 'off' }], 'holder', FOREIGN)).statusCode).toBe(404);
    expect((await patch([{ featureid: 2, value: 'off' }], 'limited')).statusCode).toBe(403);
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where kind = 'landline-options'`,
    );
    expect(n!.n).toBe(0);
  });

  it('turns on call forwarding: an order with its monthly charge, a ticket, an email, and the next invoice bills it', async () => {
    const before = (await emailsTo(HOLDER_EMAIL)).length;
    const res = await api.patch(featuresUrl(LANDLINE), [
      { featureid: 3, value: 'on' },
      { featureid: 4, value: '0412345678' },
    ]);
    expect(res.statusCode).toBe(200);
    const order = res.json().data as OrderResult;
    expect(await orderRow(order.orderid)).toMatchObject({
      kind: 'landline-options',
      monthlyCents: 300,
      payload: [
        { featureid: 3, value: 'on' },
        { featureid: 4, value: '0412345678' },
      ],
    });
    expect(await ticketBody(order.ticketid)).toBe(
      [
        'Please change these landline options on 07 5550 0123:',
        '- Call forwarding: On ($3.00 per month)',
        '- Forward calls to: 0412345678',
      ].join('\n'),
    );
    expect((await emailsTo(HOLDER_EMAIL)).length).toBe(before + 1);
    const now = await features('holder');
    expect(now.find((f) => f.featureid === 3)!.value).toBe('on');
    expect(now.find((f) => f.featureid === 4)!.value).toBe('0412345678');

    // The next billing run: the holder's next period start, then the invoice's lines.
    const lines = await billingRunLines();
    expect(lines).toContainEqual({
      description: 'Call forwarding (07 5550 0123)',
      amount_cents: 300,
      kind: 'option',
    });
    // A free toggle is not billed; the off voicemail is not billed.
    expect(lines.some((l) => l.description.startsWith('Voicemail'))).toBe(false);
  });

  it('20 identical PATCHes at once make one order', async () => {
    const body = [
      { featureid: 6, value: 'on' },
      { featureid: 7, value: '4321' },
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.patch(featuresUrl(LANDLINE), body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => (r.json().data as OrderResult).orderid)).size).toBe(1);
    // The ticket the customer reads in My Tickets never shows the PIN; the order keeps it.
    const order = results[0]!.json().data as OrderResult;
    expect(await ticketBody(order.ticketid)).toBe(
      [
        'Please change these landline options on 07 5550 0123:',
        '- Voicemail: On ($2.00 per month)',
        '- Voicemail PIN: ••••',
      ].join('\n'),
    );
    expect(await orderRow(order.orderid)).toMatchObject({ payload: body });
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where kind = 'landline-options' and monthly_cents = 200`,
    );
    expect(n!.n).toBe(1);
  });
});

describe('message limits (docs/decisions/036)', () => {
  const clearCounters = () => rows(sql`delete from rate_limits where key like 'msg:%'`);
  beforeEach(clearCounters);
  afterEach(clearCounters);

  it('mails at most 10 orders a person an hour: the change past that is refused with 429 and not made', async () => {
    // The order's own mails (a move's mail to the customer is the provider's, not counted).
    const orderMails = async () =>
      (await emailsTo(HOLDER_EMAIL)).filter((m) => m.subject?.includes('we have your order'))
        .length;
    const before = await orderMails();
    const modes = ['international', 'premium', 'international-premium', 'all-outgoing', 'none'];
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof api.patch>> | undefined;
    let last = '';
    for (let i = 0; i < 30 && !refused; i += 1) {
      const mode = modes[i % modes.length]!;
      const res = await api.patch(serviceUrl(LANDLINE), { barring_mode: mode });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
      else {
        expect(res.statusCode, res.body).toBe(200);
        last = mode;
      }
      // Each order leaves 'received', so the next change is a new order with its own mail.
      if (res.statusCode === 200)
        await moveOrder((res.json().data as OrderResult).orderid, 'in-progress');
    }
    expect(refused).toBeDefined();
    expect(errorOf(refused!)).toBe('Too many requests. Please wait an hour and try again.');
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    // (A change to the mode already set makes no order and no mail, and is not counted.)
    expect(statuses.at(-1)).toBe(429);
    expect((await orderMails()) - before).toBe(MESSAGE_LIMITS.order.perUser);
    // The refused change was not made: the latest order asks for the last mode accepted.
    const [latest] = await rows<{ payload: { barring_mode: string } }>(
      sql`select payload from orders where kind = 'call-barring' order by id desc limit 1`,
    );
    expect(latest!.payload.barring_mode).toBe(last);
  });
});
