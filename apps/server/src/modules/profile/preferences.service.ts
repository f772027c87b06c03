import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  Preference,
  SelectionOption,
  UpdatePreferencesInput,
} from '@outpost/contracts/account';
import type { PreferenceSection, PreferenceType } from '@outpost/domain/account-rules';
import { PREFERENCE_TEXT_MAX, TWO_FACTOR_CHANGE_AT } from '@outpost/domain/account-rules';
import { checkContactEmail, checkContactPhone } from '@outpost/domain/contacts-rules';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../lib/auth-context';
import { preferenceDefinitions, userPreferences, users } from '../../db/accounts.schema';
import { profileError } from './profile.errors';

/**
 * Account Preferences (spec 3 sections 3 and 7; docs/decisions/016). A contact sees a preference
 * only when they hold every permission it lists; what they cannot see they cannot change either
 * (it answers 404, like an unknown id). A PATCH is all or nothing.
 */

type DefinitionRow = typeof preferenceDefinitions.$inferSelect;

/** How the two-factor method reads (users.two_factor_method). */
export function twoFactorLabel(method: string | null): string {
  switch (method) {
    case 'sms':
      return 'On: a code by SMS';
    case 'email':
      return 'On: a code by email';
    case 'totp':
      return 'On: an authenticator app';
    default:
      return 'Off';
  }
}

function visible(def: DefinitionRow, held: ReadonlySet<string>): boolean {
  return def.permissions.every((p) => held.has(p));
}

/** The caller's preferences they may see, in display order, with their own values or defaults. */
export async function listPreferences(db: Db, auth: AuthContext): Promise<Preference[]> {
  const [rows, [user]] = await Promise.all([
    db
      .select({ def: preferenceDefinitions, data: userPreferences.data })
      .from(preferenceDefinitions)
      .leftJoin(
        userPreferences,
        and(
          eq(userPreferences.preferenceId, preferenceDefinitions.id),
          eq(userPreferences.userId, auth.userId),
        ),
      )
      .orderBy(asc(preferenceDefinitions.sort)),
    db
      .select({ method: users.twoFactorMethod })
      .from(users)
      .where(and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId))),
  ]);
  return rows
    .filter((r) => visible(r.def, auth.permissions))
    .map(({ def, data }) => ({
      id: def.id,
      section: def.section as PreferenceSection,
      preference: def.preference,
      type: def.type as PreferenceType,
      data: (def.type === 'info'
        ? { value: twoFactorLabel(user?.method ?? null), change_at: TWO_FACTOR_CHANGE_AT }
        : (data ?? def.defaultData)) as Preference['data'],
      permissions: def.permissions,
    }));
}

type Item = UpdatePreferencesInput[number];

function isValueObject(data: Item['data']): data is { value: string | boolean } {
  return !Array.isArray(data);
}

/** The value to store for one item, in the definition's shape; throws a clear 400 when wrong. */
function checkedData(def: DefinitionRow, data: Item['data']): unknown {
  const fail = (why: string) => profileError('preferenceValueInvalid', def.preference, why);
  switch (def.type as PreferenceType) {
    case 'info':
      throw profileError('preferenceReadOnly');
    case 'selection': {
      const options = def.defaultData as SelectionOption[];
      const why = `choose one of ${options.map((o) => `'${o.value}'`).join(', ')}.`;
      if (!Array.isArray(data)) throw fail(why);
      const chosen = data.filter((o) => o.selected);
      const known = new Set(options.map((o) => o.value));
      if (
        data.length !== options.length ||
        new Set(data.map((o) => o.value)).size !== options.length ||
        data.some((o) => !known.has(o.value)) ||
        chosen.length !== 1
      )
        throw fail(why);
      return options.map((o) => ({ value: o.value, selected: o.value === chosen[0]!.value }));
    }
    case 'toggle':
      if (!isValueObject(data) || typeof data.value !== 'boolean') throw fail('must be on or off.');
      return { value: data.value };
    case 'text': {
      if (!isValueObject(data) || typeof data.value !== 'string')
        throw fail(`must be text of at most ${PREFERENCE_TEXT_MAX} characters.`);
      const value = data.value.trim();
      if (value.length > PREFERENCE_TEXT_MAX)
        throw fail(`must be text of at most ${PREFERENCE_TEXT_MAX} characters.`);
      return { value };
    }
    case 'email': {
      if (!isValueObject(data) || typeof data.value !== 'string')
        throw fail('must be an email address.');
      const value = data.value.trim();
      const problem = value === '' ? null : checkContactEmail(value);
      if (problem !== null) throw fail(`${problem}.`);
      return { value };
    }
    case 'phone': {
      if (!isValueObject(data) || typeof data.value !== 'string')
        throw fail('must be a phone number.');
      const value = data.value.trim();
      const problem = checkContactPhone(value);
      if (problem !== null) throw fail(problem);
      return { value };
    }
    default:
      throw fail('cannot be changed.');
  }
}

/** PATCH user preferences: every item checked first, then all written in one transaction. */
export async function updatePreferences(
  db: Db,
  auth: AuthContext,
  items: UpdatePreferencesInput,
): Promise<Preference[]> {
  const ids = items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw profileError('preferenceListedTwice');
  const defs = await db
    .select()
    .from(preferenceDefinitions)
    .where(inArray(preferenceDefinitions.id, ids));
  const byId = new Map(defs.map((d) => [d.id, d]));
  const writes = items.map((item) => {
    const def = byId.get(item.id);
    // Unknown, or one the caller may not see: the same 404.
    if (!def || !visible(def, auth.permissions)) throw notFound();
    return { def, data: checkedData(def, item.data) };
  });
  await withTransaction(db, async (tx) => {
    for (const { def, data } of writes) {
      await tx
        .insert(userPreferences)
        .values({ userId: auth.userId, preferenceId: def.id, data, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.preferenceId],
          set: { data, updatedAt: new Date() },
        });
    }
  });
  return listPreferences(db, auth);
}
