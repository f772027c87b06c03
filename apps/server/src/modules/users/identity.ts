import type { SQL } from 'drizzle-orm';
import { and, ne, or, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/accounts.schema';

/**
 * One email, one mobile, one person (docs/decisions/035). Recovery finds a person by email or
 * mobile and the step-up and login codes go there, so an address that names another person who is
 * not removed (Active or Invited, any account) is refused wherever a person's address is set. The
 * comparisons are the expressions of the unique indexes `users_email_person_uq` and
 * `users_mobile_person_uq`, which decide when two requests race.
 */
export const emailKey = (value: string): string => value.trim().toLowerCase();
export const mobileKey = (value: string): string => value.replace(/[^0-9]/g, '');

const emailColumnKey: SQL = sql`lower(trim(${users.email}))`;
const mobileColumnKey: SQL = sql`nullif(regexp_replace(${users.mobile}, '[^0-9]', '', 'g'), '')`;

export type IdentityKind = 'email' | 'mobile';

/**
 * Which of the given addresses already names another person (never who): 'email' first, then
 * 'mobile', or null. `except`: the person whose own address it may be.
 */
export async function addressTaken(
  db: Db,
  wanted: { email?: string | null | undefined; mobile?: string | null | undefined },
  except?: number,
): Promise<IdentityKind | null> {
  const email = wanted.email ? emailKey(wanted.email) : '';
  const mobile = wanted.mobile ? mobileKey(wanted.mobile) : '';
  const matches = [
    email === '' ? undefined : sql`${emailColumnKey} = ${email}`,
    mobile === '' ? undefined : sql`${mobileColumnKey} = ${mobile}`,
  ].filter((m) => m !== undefined);
  if (matches.length === 0) return null;
  const rows = await db
    .select({
      email: sql<boolean>`coalesce(${emailColumnKey} = ${email}, false)`,
    })
    .from(users)
    .where(
      and(
        or(...matches),
        ne(users.roleStatus, 'Removed'),
        except === undefined ? undefined : ne(users.id, except),
      ),
    )
    .limit(2);
  if (rows.length === 0) return null;
  return rows.some((r) => r.email) ? 'email' : 'mobile';
}

/** The index a unique violation broke, when it is one of the person-address indexes. */
export function takenByIndex(error: unknown): IdentityKind | null {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  const e = cause as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  if (e?.code !== '23505') return null;
  const where = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  if (where.includes('users_email_person_uq')) return 'email';
  if (where.includes('users_mobile_person_uq')) return 'mobile';
  return null;
}
