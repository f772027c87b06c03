import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { internalReferralsPath, type Referral } from '@outpost/contracts/referrals';
import { REFERRAL_CODE_PATTERN } from '@outpost/domain/referrals-rules';
import { DAY_MS } from '@outpost/domain/services';
import { queryRows } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf } from '../../test/test-app';
import { balanceCents } from '../billing/ledger';
import { HOLDER_REFERRAL_CODE } from '../../seed/referrals';
import { referralAddressKey } from './referral-address';
import { referralsErrors } from './referrals.errors';
import { runReferralCredits } from './referral-credits';
import { referralCodeFor } from './referrals.service';

const KEY = 'referrals-test-service-key-0123456789abcdef';
const HOLDER = 5001;
const LIMITED = 5004;
const OTHER = 5006; // holder of account 100003 (Walker Homestead), no code yet
const OTHER_ACCOUNT = 100003;

let ctx: TestContext;
const api = apiFor(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext({ env: { INTERNAL_API_KEY: KEY } });
});
afterAll(async () => ctx.close());

function record(body: object, key: string | null = KEY) {
  return ctx.app.inject({
    method: 'POST',
    url: internalReferralsPath,
    headers: key === null ? {} : { 'x-service-key': key },
    payload: body,
  });
}

let nextAccount = 100051;
/** A newly signed-up customer: an account with one pending service at the address. */
async function newCustomer(address: {
  line: string;
  suburb: string;
  state: string;
  postcode: string;
}) {
  const accountId = nextAccount++;
  const serviceId = accountId + 100_000;
  await ctx.database.db.execute(
    sql`insert into accounts (id, name) values (${accountId}, 'New customer')`,
  );
  await ctx.database.db.execute(sql`insert into services
      (id, account_id, type, status, technology, plan_id, identifier, addr_abbr, addr_line,
       addr_suburb, addr_state, addr_postcode, period_start)
      values (${serviceId}, ${accountId}, 'Broadband', 'pending', 'Fixed Wireless', 32,
              ${`AVC${serviceId}`}, ${address.line}, ${address.line}, ${address.suburb},
              ${address.state}, ${address.postcode}, now())`);
  return { accountId, serviceId };
}

async function codeOf(userId: number): Promise<string> {
  const res = await api.get(apiPaths.referralOffer, userId);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { code: string }).code;
}

async function referralCredits(accountId: number) {
  return queryRows<{ id: number; amount_cents: number; balance_cents: number; reason: string }>(
    ctx.database.db,
    sql`select id, amount_cents, balance_cents, reason from transactions
         where account_id = ${accountId} and reason like 'Referral credit:%' order by id`,
  );
}

describe('GET referral offer (Get Started in one call)', () => {
  it("answers the running offer, the holder's code, the share link and message", async () => {
    const res = await api.get(apiPaths.referralOffer, HOLDER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache'); // personal: no shared cache (decision 032)
    expect(res.json().data).toEqual({
      offer: {
        headline: '$50 credit for you and $50 off for every friend you refer',
        referrer_credit_cents: 5000,
        friend_credit_cents: 5000,
        qualifying_days: 30,
        terms: expect.stringContaining('stay connected for 30 days'),
        ends_at: null,
      },
      code: 'CZN4W8RD',
      share_url: 'https://www.example.com/get-connected?ref=CZN4W8RD',
      share_text:
        'Join me on Outpost Demo Broadband: sign up with my referral code CZN4W8RD and get $50.00 off your first bill.',
    });
  });

  it('is open to any active contact of the account (the limited one too), not to no one', async () => {
    expect(await codeOf(LIMITED)).toBe(HOLDER_REFERRAL_CODE);
    const anonymous = await api.get(apiPaths.referralOffer, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes one code for an account when 20 first reads arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.get(apiPaths.referralOffer, OTHER)),
    );
    const codes = new Set(answers.map((r) => (r.json().data as { code: string }).code));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    const rows = await queryRows<{ code: string }>(
      ctx.database.db,
      sql`select code from referral_codes where account_id = ${OTHER_ACCOUNT}`,
    );
    expect(rows).toEqual([{ code }]);
    expect(await codeOf(OTHER)).toBe(code); // stable ever after
  });

  it("draws again when a new code equals another account's", async () => {
    const draws = [HOLDER_REFERRAL_CODE, 'QQQQ2222'];
    const code = await referralCodeFor(ctx.database.db, 100002, new Date(), () => draws.shift()!);
    expect(code).toBe('QQQQ2222');
  });
});

describe('GET referrals (Active Referrals)', () => {
  it("lists the holder's referrals newest first, names masked, with credit and date", async () => {
    const res = await api.get(apiPaths.referrals, HOLDER);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Referral[];
    expect(list.map(({ name, status, credit_cents }) => ({ name, status, credit_cents }))).toEqual([
      { name: 'Jane C.', status: 'invited', credit_cents: 5000 },
      { name: 'Sam D.', status: 'connected', credit_cents: 5000 },
      { name: 'Alex B.', status: 'credited', credit_cents: 5000 },
    ]);
    expect(res.body).not.toMatch(/Cooper|Doyle|Brennan|Emu|Galah/);
    // The credited one's date is its ledger credit's.
    const [credit] = await queryRows<{ created_at: Date | string }>(
      ctx.database.db,
      sql`select t.created_at from transactions t join referrals r on r.transaction_id = t.id
           where r.referred_surname = 'Brennan'`,
    );
    expect(list[2]!.date).toBe(new Date(credit!.created_at).toISOString());
  });

  it('refuses a contact without view-referrals', async () => {
    const res = await api.get(apiPaths.referrals, LIMITED);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(serverErrors.forbidden);
  });

  it("shows another account none of the holder's referrals", async () => {
    const res = await api.get(apiPaths.referrals, 5005 /* twofactor, holder of account 100002 */);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it("seeded the holder's credit on the ledger with a right running balance", async () => {
    const [credit] = await referralCredits(100001);
    expect(credit).toMatchObject({
      amount_cents: -5000,
      reason: 'Referral credit: Alex B. connected',
    });
    const [before] = await queryRows<{ balance_cents: number }>(
      ctx.database.db,
      sql`select balance_cents from transactions where account_id = 100001 and id < ${credit!.id}
           order by created_at desc, id desc limit 1`,
    );
    expect(credit!.balance_cents).toBe(before!.balance_cents - 5000);
  });
});

describe('POST internal referrals (the sign-up system)', () => {
  const emu = { line: '9 Wombat Street', suburb: 'Aramac', state: 'QLD', postcode: '4726' };

  it('needs the service key', async () => {
    const customer = await newCustomer(emu);
    const body = {
      code: HOLDER_REFERRAL_CODE,
      given_names: 'Kim',
      surname: 'Lee',
      address: emu,
      accountid: customer.accountId,
      serviceid: customer.serviceId,
    };
    expect((await record(body, null)).statusCode).toBe(403);
    expect((await record(body, 'wrong'.repeat(10))).statusCode).toBe(403);
    expect((await api.post(internalReferralsPath, body, HOLDER)).statusCode).toBe(403);
  });

  it("records a referral as invited, with the offer's credit, once per address", async () => {
    const customer = await newCustomer(emu);
    const body = {
      code: HOLDER_REFERRAL_CODE.toLowerCase(),
      given_names: 'Kim',
      surname: 'Lee',
      address: emu,
      accountid: customer.accountId,
      serviceid: customer.serviceId,
    };
    const res = await record(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      referralid: expect.any(Number),
      status: 'invited',
      credit_cents: 5000,
    });
    // The same household written another way, by another new customer.
    const again = await newCustomer(emu);
    const twice = await record({
      ...body,
      address: { line: '9 WOMBAT ST.', suburb: 'aramac', state: 'qld', postcode: '4726' },
      accountid: again.accountId,
      serviceid: again.serviceId,
    });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(referralsErrors.referralAddressTaken);
    // The same service again, at another address.
    const service = await record({ ...body, address: { ...emu, line: '10 Wombat Street' } });
    expect(service.statusCode).toBe(409);
    expect(errorOf(service)).toBe(referralsErrors.referralServiceTaken);
  });

  it('refuses the same new address sent twice at once: one referral', async () => {
    const address = {
      line: '5 Brolga Court',
      suburb: 'Muttaburra',
      state: 'QLD',
      postcode: '4732',
    };
    const customers = [await newCustomer(address), await newCustomer(address)];
    const answers = await Promise.all(
      customers.map((c) =>
        record({
          code: HOLDER_REFERRAL_CODE,
          given_names: 'Pat',
          surname: 'Ng',
          address,
          accountid: c.accountId,
          serviceid: c.serviceId,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses a self-referral: the code's own account or one of its addresses", async () => {
    const own = await record({
      code: HOLDER_REFERRAL_CODE,
      given_names: 'Jordan',
      surname: 'Citizen',
      address: { line: '99 New Road', suburb: 'Longreach', state: 'QLD', postcode: '4730' },
      accountid: 100001,
      serviceid: 200102,
    });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own)).toBe(referralsErrors.referralSelf);
    // The holder's own service address (12 Wattle Road) written as the sign-up form might.
    const address = { line: '12 Wattle Rd', suburb: 'LONGREACH', state: 'Qld', postcode: '4730' };
    const customer = await newCustomer(address);
    const home = await record({
      code: HOLDER_REFERRAL_CODE,
      given_names: 'Jo',
      surname: 'Citizen',
      address,
      accountid: customer.accountId,
      serviceid: customer.serviceId,
    });
    expect(home.statusCode).toBe(400);
    expect(errorOf(home)).toBe(referralsErrors.referralSelf);
  });

  it('refuses an unknown code and a service of another account', async () => {
    const customer = await newCustomer({
      line: '1 Ibis Lane',
      suburb: 'Ilfracombe',
      state: 'QLD',
      postcode: '4727',
    });
    const base = {
      given_names: 'Lou',
      surname: 'Park',
      address: { line: '1 Ibis Lane', suburb: 'Ilfracombe', state: 'QLD', postcode: '4727' },
      accountid: customer.accountId,
      serviceid: customer.serviceId,
    };
    const unknown = await record({ ...base, code: 'ZZZZ2222' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toBe(referralsErrors.referralCodeUnknown);
    const wrongService = await record({ ...base, code: HOLDER_REFERRAL_CODE, serviceid: 200101 });
    expect(wrongService.statusCode).toBe(400);
    expect(errorOf(wrongService)).toBe(referralsErrors.referralServiceUnknown);
  });
});

describe('the referral credit job', () => {
  it('credits the referrer once, after the referred service has been active for 30 days, never twice in parallel runs', async () => {
    const code = await codeOf(OTHER);
    const address = { line: '14 Currawong Road', suburb: 'Jundah', state: 'QLD', postcode: '4736' };
    const customer = await newCustomer(address);
    const res = await record({
      code,
      given_names: 'Chris',
      surname: 'Taylor',
      address,
      accountid: customer.accountId,
      serviceid: customer.serviceId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const referralid = (res.json().data as { referralid: number }).referralid;
    const status = async () =>
      (
        await queryRows<{ status: string; credited_at: unknown; transaction_id: number | null }>(
          ctx.database.db,
          sql`select status, credited_at, transaction_id from referrals where id = ${referralid}`,
        )
      )[0]!;
    const start = Date.now() + DAY_MS;
    const at = (days: number) => new Date(start + days * DAY_MS);
    const balanceBefore = await balanceCents(ctx.database.db, OTHER_ACCOUNT);

    // Not before the service is active, however long it waits.
    await runReferralCredits(ctx.database.db, at(60));
    expect((await status()).status).toBe('invited');

    await ctx.database.db.execute(
      sql`update services set status = 'active', activated_at = ${at(0)} where id = ${customer.serviceId}`,
    );
    await runReferralCredits(ctx.database.db, at(1));
    expect((await status()).status).toBe('connected');
    await runReferralCredits(ctx.database.db, at(29));
    expect((await status()).status).toBe('connected');
    expect(await referralCredits(OTHER_ACCOUNT)).toEqual([]);

    const runs = await Promise.all([
      runReferralCredits(ctx.database.db, at(31)),
      runReferralCredits(ctx.database.db, at(31)),
      runReferralCredits(ctx.database.db, at(31)),
    ]);
    await runReferralCredits(ctx.database.db, at(32));
    const credits = await referralCredits(OTHER_ACCOUNT);
    expect(credits).toEqual([
      {
        id: expect.any(Number),
        amount_cents: -5000,
        balance_cents: balanceBefore - 5000,
        reason: 'Referral credit: Chris T. connected',
      },
    ]);
    expect(await balanceCents(ctx.database.db, OTHER_ACCOUNT)).toBe(balanceBefore - 5000);
    expect(runs.reduce((n, r) => n + r.credited, 0)).toBeGreaterThanOrEqual(1);
    const done = await status();
    expect(done.status).toBe('credited');
    expect(done.transaction_id).toBe(credits[0]!.id);
    expect(new Date(done.credited_at as string).toISOString()).toBe(at(31).toISOString());
  });

  it('never credits a self-referral, even one that reached the table', async () => {
    const [own] = await queryRows<{
      id: number;
      addr_line: string;
      addr_suburb: string;
      addr_state: string;
      addr_postcode: string;
    }>(
      ctx.database.db,
      sql`select id, addr_line, addr_suburb, addr_state, addr_postcode from services where account_id = 100002 order by id limit 1`,
    );
    const key = referralAddressKey({
      line: own!.addr_line,
      suburb: own!.addr_suburb,
      state: own!.addr_state,
      postcode: own!.addr_postcode,
    });
    await ctx.database.db.execute(sql`insert into referrals
        (referrer_account_id, code, offer_id, referred_given_names, referred_surname,
         referred_account_id, referred_service_id, address, address_key, status, credit_cents,
         created_at, connected_at)
        values (100002, 'QQQQ2222', (select min(id) from referral_offers), 'Self', 'Referrer',
                100002, ${own!.id}, 'own', ${key}, 'connected', 5000, now(), now() - interval '60 days')`);
    await runReferralCredits(ctx.database.db, new Date(Date.now() + 90 * DAY_MS));
    expect(await referralCredits(100002)).toEqual([]);
  });
});
