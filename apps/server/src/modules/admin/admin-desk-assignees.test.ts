import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths } from '@outpost/contracts/api-paths';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, manualClock } from '../../test/test-app';
import { createStaffMember, setStaffActive } from '../staff/staff.service';

/**
 * Whom a ticket can be given to (docs/decisions/057): the desk reads the active staff members
 * whose role holds `tickets`, without the staff list's scope `staff`.
 */

const time = manualClock(new Date('2027-05-01T00:00:00Z'));
let ctx: TestContext;
const as: Record<'admin' | 'support' | 'billing', Record<string, string>> = {
  admin: {},
  support: {},
  billing: {},
};

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  const db = ctx.database.db;
  for (const [role, email] of [
    ['admin', 'ada.admin@outpost.example'],
    ['support', 'sam.support@outpost.example'],
    ['billing', 'bea.billing@outpost.example'],
  ] as const) {
    as[role] = { 'x-staff-token': await mintStaffSession(db, email, time.clock()) };
  }
  // A colleague at the desk, and one who has left (switched off).
  for (const [email, name] of [
    ['cal.desk@outpost.example', 'Cal Desk'],
    ['lee.left@outpost.example', 'Lee Left'],
  ] as const)
    await createStaffMember(db, { email, name, role: 'support', password: 'A-long-passphrase-1' });
  await setStaffActive(db, 'lee.left@outpost.example', false, time.clock());
});
afterAll(async () => ctx.close());

const assignees = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: adminPaths.adminDeskAssignees, headers });

describe('desk assignees', () => {
  it('gives support the active staff who work the desk, by name, without emails', async () => {
    const res = await assignees(as.support);
    expect(res.statusCode).toBe(200);
    const people = (res.json() as { data: { staffid: number; name: string; role: string }[] }).data;
    // Every role holding `tickets` (billing answers its tickets too); Lee Left is switched off.
    expect(people.map((p) => [p.name, p.role])).toEqual([
      ['Ada Admin', 'admin'],
      ['Bea Billing', 'billing'],
      ['Cal Desk', 'support'],
      ['Sam Support', 'support'],
    ]);
    expect(Object.keys(people[0]!).sort()).toEqual(['name', 'role', 'staffid']);
  });

  it('gives admins and billing the same list', async () => {
    for (const who of [as.admin, as.billing]) {
      const res = await assignees(who);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: { name: string }[] }).data.map((p) => p.name)).toEqual([
        'Ada Admin',
        'Bea Billing',
        'Cal Desk',
        'Sam Support',
      ]);
    }
  });

  it('refuses a caller without a session', async () => {
    const res = await assignees({});
    expect(res.statusCode).toBe(401);
  });
});
