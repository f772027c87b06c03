import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { apiRoutes } from '@outpost/contracts/api-routes';
import { serverErrors } from '@outpost/contracts/messages';
import { outbox } from '../../adapters/messaging.schema';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf } from '../../test/test-app';
import { users } from '../../db/accounts.schema';

/**
 * Every signed-in contact may always see and correct their own details, whatever account
 * permissions they hold (docs/decisions/039), with decision 035's step-up and verification.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const LIMITED = 5004; // Riley Citizen: no optional permission at all

function call(method: 'GET' | 'PATCH' | 'POST', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload ? { payload } : {}),
  });
}

/** The routes of one's own details: none may ever need an account permission. */
const OWN_DETAILS_ROUTES = [
  'ownContact',
  'updateOwnContact',
  'verifyOwnContact',
  'permissions',
  'updatePassword',
  'stepUpSend',
  'stepUpVerify',
  'twoFactor',
  'updateTwoFactor',
  'twoFactorAuthenticator',
];

describe("a contact's own details, without any account permission", () => {
  it('are served by routes that need no permission', () => {
    for (const id of OWN_DETAILS_ROUTES) {
      const route = apiRoutes.find((r) => r.id === id);
      expect(route, id).toBeDefined();
      expect(route!.permissions, id).toEqual([]);
    }
  });

  it('limited reads their own email and mobile, but not the account summary', async () => {
    const s = await mintSession(ctx.database.db, LIMITED);
    const own = await call('GET', apiPaths.ownContact, s.userToken);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({
      given_names: 'Riley',
      surname: 'Citizen',
      email: { email: 'riley.citizen@example.com' },
      mobile: { phone: '0491570159' },
    });
    expect((await call('GET', apiPaths.userAccount, s.userToken)).statusCode).toBe(403);
  });

  it('limited changes their own email after a step-up and the code sent to the new address', async () => {
    const plain = await mintSession(ctx.database.db, LIMITED);
    const refused = await call('PATCH', apiPaths.ownContact, plain.userToken, {
      email: 'riley.new@example.com',
      mobile: '0491570159',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(serverErrors.stepUpRequired);

    const s = await mintSession(ctx.database.db, LIMITED, 'live', new Date(), { stepUp: true });
    const asked = await call('PATCH', apiPaths.ownContact, s.userToken, {
      email: 'riley.new@example.com',
      mobile: '0491570159',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.pending).toEqual({ email: 'riley.new@example.com', mobile: null });

    const [sent] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'riley.new@example.com'));
    const code = /\b(\d{6})\b/.exec(sent!.body)![1]!;
    const verified = await call('POST', apiPaths.ownContactVerify, s.userToken, {
      kind: 'email',
      code,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, LIMITED));
    expect(row!.email).toBe('riley.new@example.com');
  });
});
