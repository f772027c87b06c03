import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Calls as a persona by username ('holder', 'billing', 'services', 'limited', 'other'). */
const { get } = apiFor(() => ctx);

async function enabledPermissions(who: string): Promise<string[]> {
  const res = await get('/api/portal/users/current/permissions/', who);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { permission: string; enabled: number }[])
    .filter((p) => p.enabled === 1)
    .map((p) => p.permission);
}

describe('permissions', () => {
  it('gives the account holder every permission', async () => {
    const res = await get('/api/portal/users/current/permissions/', 'holder');
    const list = res.json().data as { permission: string; enabled: number }[];
    expect(list).toHaveLength(20);
    expect(list.every((p) => p.enabled === 1)).toBe(true);
  });

  it('gives the billing contact only billing permissions', async () => {
    expect((await enabledPermissions('billing')).sort()).toEqual(
      [
        'edit-paymethods',
        'view-billing-activity',
        'view-current-bill',
        'view-invoices',
        'view-paymethods',
        'view-transactions',
      ].sort(),
    );
  });

  it('gives the services contact only services and usage permissions', async () => {
    expect((await enabledPermissions('services')).sort()).toEqual(
      [
        'change-plan',
        'purchase-block',
        'set-nickname',
        'view-activity',
        'view-detailed-usage',
        'view-services',
      ].sort(),
    );
  });

  it('gives the limited contact none', async () => {
    expect(await enabledPermissions('limited')).toEqual([]);
  });
});

describe('current user and profile', () => {
  it('returns the summary of the caller', async () => {
    const res = await get('/api/portal/users/current/', 'billing');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_id: 5002,
      username: 'billing',
      given_names: 'Alex',
      surname: 'Citizen',
    });
    expect(res.json().data.session_expiry).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('returns the profile of the caller and nobody else', async () => {
    const mine = await get('/api/portal/users/current/profile/', 'other');
    expect(mine.json().data).toMatchObject({
      user_id: 5006,
      account_id: 100003,
      given_names: 'Casey',
      surname: 'Walker',
      role: 'Account Holder',
      account_holder: true,
    });
    expect(mine.body).not.toContain('Jordan');
  });
});

describe('contacts by id (account boundary)', () => {
  it('shows a contact on the same account to a user holding view-users', async () => {
    const res = await get('/api/portal/users/5002/', 'holder');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_id: 5002,
      given_names: 'Alex',
      role: 'Billing Contact',
    });
  });

  it('answers 404 for a contact on another account, without its data', async () => {
    const res = await get('/api/portal/users/5002/', 'other');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe('Invalid request: not found.');
    expect(res.body).not.toContain('Alex');
    expect(res.body).not.toContain('alex.citizen@example.com');
  });

  it('answers 404 for an id that does not exist', async () => {
    const res = await get('/api/portal/users/999999/', 'holder');
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 to a contact without view-users, even for their own account', async () => {
    const res = await get('/api/portal/users/5001/', 'limited');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe('Invalid request: you do not have permission to do this.');
    expect(res.body).not.toContain('Jordan');
  });

  it('rejects an id that is not a positive number with 400', async () => {
    const res = await get('/api/portal/users/abc/', 'holder');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^Invalid request: userid/);
  });
});
