import { and, eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preferenceDefinitions, roles, userPreferences, users } from '../../db/accounts.schema';
import { heldPermissionsSql } from '../users/users.service';
import { preferenceKeys } from './preference-keys';

/**
 * Who of an account receives usage alerts, and by which channels (docs/decisions/008 and 016):
 * every active contact who holds view-activity (the usage is theirs to see, and the channel
 * preferences need it), each by the channels their preferences switch on (the defaults: in the
 * portal, by email and by push). The in-app alert also needs view-alerts, or it could never be
 * read. Push (docs/decisions/023) is one switch per person for every kind of notification (usage,
 * billing, outages, ticket replies), and reaches only the devices they registered.
 */
export type AlertRecipient = {
  userId: number;
  email: string | null;
  mobile: string | null;
  inApp: boolean;
  byEmail: boolean;
  bySms: boolean;
  byPush: boolean;
};

const channelKeys = {
  inApp: preferenceKeys.usageAlertsInApp,
  byEmail: preferenceKeys.usageAlertsEmail,
  bySms: preferenceKeys.usageAlertsSms,
  byPush: preferenceKeys.usageAlertsPush,
} as const;
type Channel = keyof typeof channelKeys;

/** The active contacts that `which` picks, with their addresses and held permissions. */
function activeContacts(db: Db, which: SQL) {
  return db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      permissions: heldPermissionsSql,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(which, eq(users.roleStatus, 'Active')))
    .orderBy(users.id);
}

export async function usageAlertRecipients(db: Db, accountId: number): Promise<AlertRecipient[]> {
  const contacts = await activeContacts(db, eq(users.accountId, accountId));
  return channelsOf(
    db,
    contacts.filter((c) => c.permissions.includes('view-activity')),
  );
}

/**
 * The channels of named users for an alert they asked for themselves (an advisory they
 * subscribed to; docs/decisions/019): every active one of them, by the same alert channel
 * preferences as usage alerts (one set of alert preferences per person), the in-app alert again
 * only with view-alerts. No permission is needed beyond that: the subscription is the consent.
 */
export async function alertRecipientsByUser(
  db: Db,
  userIds: readonly number[],
): Promise<AlertRecipient[]> {
  if (userIds.length === 0) return [];
  return channelsOf(db, await activeContacts(db, inArray(users.id, [...userIds])));
}

type Contact = { id: number; email: string | null; mobile: string | null; permissions: string[] };

async function channelsOf(db: Db, recipients: Contact[]): Promise<AlertRecipient[]> {
  if (recipients.length === 0) return [];

  const keys = Object.values(channelKeys);
  const [definitions, own] = await Promise.all([
    db
      .select({
        id: preferenceDefinitions.id,
        key: preferenceDefinitions.key,
        data: preferenceDefinitions.defaultData,
      })
      .from(preferenceDefinitions)
      .where(inArray(preferenceDefinitions.key, keys)),
    db
      .select({
        userId: userPreferences.userId,
        key: preferenceDefinitions.key,
        data: userPreferences.data,
      })
      .from(userPreferences)
      .innerJoin(preferenceDefinitions, eq(preferenceDefinitions.id, userPreferences.preferenceId))
      .where(
        and(
          inArray(
            userPreferences.userId,
            recipients.map((r) => r.id),
          ),
          inArray(preferenceDefinitions.key, keys),
        ),
      ),
  ]);
  const on = (data: unknown) => (data as { value?: unknown } | null)?.value === true;
  const defaults = new Map(definitions.map((d) => [d.key, on(d.data)]));
  const chosen = new Map(own.map((p) => [`${p.userId}/${p.key}`, on(p.data)]));
  const channel = (userId: number, name: Channel) =>
    chosen.get(`${userId}/${channelKeys[name]}`) ?? defaults.get(channelKeys[name]) ?? false;

  return recipients.map((r) => ({
    userId: r.id,
    email: r.email,
    mobile: r.mobile,
    inApp: channel(r.id, 'inApp') && r.permissions.includes('view-alerts'),
    byEmail: channel(r.id, 'byEmail') && r.email !== null,
    bySms: channel(r.id, 'bySms') && r.mobile !== null,
    byPush: channel(r.id, 'byPush'),
  }));
}
