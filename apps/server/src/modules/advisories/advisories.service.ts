import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type {
  AdvisoryAreas,
  AdvisoryDetail,
  CreateAdvisoryInput,
  UpdateAdvisoryInput,
} from '@outpost/contracts/advisories';
import type {
  AdvisoryKind,
  AdvisorySeverity,
  AdvisoryStatus,
} from '@outpost/domain/advisories-rules';
import { advisoryAnchor, affectsText, formatAest } from '@outpost/domain/advisories-rules';
import { SEE_SERVICES_PERMISSIONS } from '@outpost/domain/services';
import type { Messaging } from '../../adapters/messaging';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { notFound } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { alertRecipientsByUser } from '../profile/alert-channels';
import { notify } from '../notifications/notifications.service';
import { webPaths } from '../notifications/web-paths';

/**
 * Network status (docs/decisions/019): the advisories network operations publish, which of the
 * caller's services each one affects, subscriptions, and the delivery of each update to the
 * advisory's subscribers (in the portal, by email and SMS by their alert preferences), once.
 */

export type AdvisoryDeps = {
  db: Db;
  messaging: Messaging;
  brandName: string;
  publicUrl: string;
  /** Failures that do not stop the delivery (a push provider; docs/decisions/023). */
  onError?: (error: unknown, context: string) => void;
};

/** Who is asking: the page flags affected services only for a caller who may see services. */
export type AdvisoryViewer = { userId: number; accountId: number; seesServices: boolean };

export type AdvisoryRow = {
  id: number;
  title: string;
  severity: AdvisorySeverity;
  status: AdvisoryStatus;
  started: Date | string;
  ended: Date | string | null;
  message: string;
  street: string | null;
  subscribed: boolean;
};

/**
 * The SQL test of "this advisory covers this service": its postcode, satellite beam or tower is
 * named. `a` is the advisory, `s` the service. Shared by the page and the dashboard's notices.
 */
export const coversServiceSql = sql.raw(
  `(s.addr_postcode = any(a.postcodes) or s.satellite_beam = any(a.beams) or s.tower_id = any(a.towers))`,
);

/**
 * The street of the account's first displayed service the advisory `a` covers ('12 Wattle Rd',
 * the part of the service's short address before the town), as a one-row query (none when no
 * service is covered). `accountId` is a value or a column (`c.account_id`). Shared by the
 * advisory detail, the network status page and the dashboard's notices.
 */
export function coveredStreetQuery(accountId: SQL) {
  return sql`select split_part(s.addr_abbr, ',', 1) as street from services s
       where s.account_id = ${accountId} and s.display and ${coversServiceSql}
       order by s.id limit 1`;
}

/**
 * The SQL test of "these permissions may see the account's services" (the domain's
 * seesServices) over a text[] column of permissions, such as the caller statement's.
 */
export const seesServicesSql = (permissions: SQL) =>
  sql`${permissions} && ${sql.raw(`'{${SEE_SERVICES_PERMISSIONS.join(',')}}'::text[]`)}`;

/**
 * The street an open advisory affects for a viewer who may see services, else null. `sees` is
 * an SQL boolean (a bound value or seesServicesSql of the caller's permissions).
 */
export function affectedStreetSql(accountId: SQL, sees: SQL) {
  return sql`case when a.status <> 'Resolved' and ${sees} then (${coveredStreetQuery(accountId)}) end`;
}

export function detailFrom(r: AdvisoryRow): AdvisoryDetail {
  return {
    advisoryid: r.id,
    title: r.title,
    severity: r.severity,
    status: r.status,
    started: new Date(r.started).toISOString(),
    ended: r.ended === null ? null : new Date(r.ended).toISOString(),
    message: r.message,
    affects: r.street ? affectsText(r.street) : null,
    subscribed: r.subscribed,
  };
}

function advisoryColumns(viewer: AdvisoryViewer) {
  return sql`a.id, a.title, a.severity, a.status, a.started, a.ended, a.message,
    ${affectedStreetSql(sql`${viewer.accountId}`, sql`${viewer.seesServices}::boolean`)} as street,
    exists (select 1 from advisory_subscriptions x
             where x.advisory_id = a.id and x.user_id = ${viewer.userId}) as subscribed`;
}

export async function getAdvisory(
  db: Db,
  viewer: AdvisoryViewer,
  advisoryId: number,
): Promise<AdvisoryDetail> {
  const [row] = await queryRows<AdvisoryRow>(
    db,
    sql`select ${advisoryColumns(viewer)} from advisories a where a.id = ${advisoryId}`,
  );
  if (!row) throw notFound();
  return detailFrom(row);
}

/** Follows (or stops following) an advisory's updates; repeating either changes nothing. */
export async function setSubscription(
  db: Db,
  userId: number,
  advisoryId: number,
  subscribed: boolean,
  now: Date,
): Promise<{ advisoryid: number; subscribed: boolean }> {
  const [exists] = await queryRows<{ id: number }>(
    db,
    sql`select id from advisories where id = ${advisoryId}`,
  );
  if (!exists) throw notFound();
  if (subscribed)
    await db.execute(sql`insert into advisory_subscriptions (advisory_id, user_id, created_at)
        values (${advisoryId}, ${userId}, ${now}) on conflict do nothing`);
  else
    await db.execute(sql`delete from advisory_subscriptions
        where advisory_id = ${advisoryId} and user_id = ${userId}`);
  return { advisoryid: advisoryId, subscribed };
}

/** A text[] literal of the values (each quoted, its quotes and backslashes escaped). */
export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * The services an advisory naming these areas covers, by the very test the page and the
 * dashboard's notice use (coversServiceSql), over the services they show (`display`): the staff
 * editor's preview counts exactly the services and accounts the dashboards will flag.
 */
export function coveredServicesSql(areas: AdvisoryAreas) {
  return sql`select s.id, s.account_id from services s,
      (select ${textArray(areas.postcodes)} as postcodes, ${textArray(areas.beams)} as beams,
              ${textArray(areas.towers)} as towers) a
      where s.display and ${coversServiceSql}`;
}

/** Network operations: publishes an advisory (the internal route, the CLI and the admin API). */
export async function createAdvisory(
  db: Db,
  input: CreateAdvisoryInput & { kind?: AdvisoryKind | undefined },
  now: Date,
): Promise<{ advisoryid: number; status: AdvisoryStatus }> {
  // Without a kind (the internal route and CLI before the editor): a Scheduled one is maintenance.
  const kind = input.kind ?? (input.status === 'Scheduled' ? 'maintenance' : 'incident');
  const [row] = await queryRows<{ id: number; status: AdvisoryStatus }>(
    db,
    sql`insert into advisories (kind, title, severity, status, started, ended, message,
                                postcodes, beams, towers, created_at, updated_at)
        values (${kind}, ${input.title}, ${input.severity}, ${input.status}, ${new Date(input.started)},
                ${input.ended ? new Date(input.ended) : null}, ${input.message},
                ${textArray(input.areas.postcodes)}, ${textArray(input.areas.beams)},
                ${textArray(input.areas.towers)}, ${now}, ${now})
        returning id, status`,
  );
  return { advisoryid: row!.id, status: row!.status };
}

/** What subscribers are told when the update carries no note of its own. */
function describeUpdate(
  before: { status: AdvisoryStatus; ended: Date | string | null },
  input: UpdateAdvisoryInput,
): string {
  const parts: string[] = [];
  if (input.status && input.status !== before.status)
    parts.push(input.status === 'Resolved' ? 'It is resolved.' : `Status: ${input.status}.`);
  if (input.ended !== undefined) {
    const was = before.ended === null ? null : new Date(before.ended).getTime();
    const now = input.ended === null ? null : new Date(input.ended).getTime();
    if (was !== now)
      parts.push(
        input.ended === null
          ? 'There is no expected end time yet.'
          : `${(input.status ?? before.status) === 'Resolved' ? 'Ended' : 'Expected end'}: ${formatAest(input.ended)}.`,
      );
  }
  if (input.message) parts.push(input.message);
  return parts.length > 0 ? parts.join(' ') : 'The advisory has been updated.';
}

export type AdvisoryUpdateResult = {
  advisoryid: number;
  status: AdvisoryStatus;
  updateid: number;
  /** Subscribers this update is owed to (delivered by deliverAdvisoryUpdates). */
  subscribers: number;
};

/**
 * Network operations: updates an advisory (new expected end, status, message, areas). In one
 * transaction the advisory changes, the update is recorded, and one delivery row is written for
 * each subscriber of that moment; the caller then runs deliverAdvisoryUpdates.
 */
export async function updateAdvisory(
  db: Db,
  advisoryId: number,
  input: UpdateAdvisoryInput,
  now: Date,
): Promise<AdvisoryUpdateResult> {
  return withTransaction(db, async (tx) => {
    const [before] = await queryRows<{
      status: AdvisoryStatus;
      ended: Date | string | null;
    }>(tx, sql`select status, ended from advisories where id = ${advisoryId} for update`);
    if (!before) throw notFound();
    const note = input.note ?? describeUpdate(before, input);
    const sets = [sql`updated_at = ${now}`];
    if (input.status) sets.push(sql`status = ${input.status}`);
    if (input.severity) sets.push(sql`severity = ${input.severity}`);
    if (input.ended !== undefined)
      sets.push(sql`ended = ${input.ended === null ? null : new Date(input.ended)}`);
    if (input.message) sets.push(sql`message = ${input.message}`);
    if (input.areas)
      sets.push(
        sql`postcodes = ${textArray(input.areas.postcodes)}, beams = ${textArray(input.areas.beams)}, towers = ${textArray(input.areas.towers)}`,
      );
    const [after] = await queryRows<{ status: AdvisoryStatus; ended: Date | string | null }>(
      tx,
      sql`update advisories set ${sql.join(sets, sql`, `)} where id = ${advisoryId}
          returning status, ended`,
    );
    const [update] = await queryRows<{ id: number }>(
      tx,
      sql`insert into advisory_updates (advisory_id, status, ended, note, created_at)
          values (${advisoryId}, ${after!.status}, ${after!.ended}, ${note}, ${now})
          returning id`,
    );
    const owed = await queryRows<{ user_id: number }>(
      tx,
      sql`insert into advisory_deliveries (update_id, user_id)
          select ${update!.id}, user_id from advisory_subscriptions where advisory_id = ${advisoryId}
          returning user_id`,
    );
    return {
      advisoryid: advisoryId,
      status: after!.status,
      updateid: update!.id,
      subscribers: owed.length,
    };
  });
}

type PendingDelivery = {
  update_id: number;
  user_id: number;
  advisory_id: number;
  title: string;
  note: string;
  account_id: number;
};

/**
 * Sends what updates owe their subscribers: each delivery row is claimed (sent_at set) by one
 * statement, so however many senders run at once (the route after its update, a retry), each
 * subscriber gets each update once: an in-app alert, email and SMS as their preferences choose.
 * and by push to their registered devices (docs/decisions/023). Returns the deliveries sent.
 */
export async function deliverAdvisoryUpdates(deps: AdvisoryDeps, now: Date): Promise<number> {
  // The claim, the in-app alerts and the mail and SMS (the outbox) commit together: a crash
  // before the commit leaves the deliveries owed, for the next run (decision 027).
  const { count, pushes } = await withTransaction(deps.db, async (tx) => {
    const claimed = await queryRows<PendingDelivery>(
      tx,
      sql`with claimed as (
            update advisory_deliveries d set sent_at = ${now}
             where d.sent_at is null
            returning d.update_id, d.user_id)
          select c.update_id, c.user_id, u.advisory_id, a.title, u.note, usr.account_id
            from claimed c
            join advisory_updates u on u.id = c.update_id
            join advisories a on a.id = u.advisory_id
            join users usr on usr.id = c.user_id
           order by c.update_id, c.user_id`,
    );
    const pushes: PendingDelivery[] = [];
    if (claimed.length === 0) return { count: 0, pushes };
    const recipients = new Map(
      (await alertRecipientsByUser(tx, [...new Set(claimed.map((c) => c.user_id))])).map((r) => [
        r.userId,
        r,
      ]),
    );
    for (const d of claimed) {
      const r = recipients.get(d.user_id);
      if (!r) continue; // no longer an active contact
      const text = `Network update: ${d.title}. ${d.note}`;
      const link = `${deps.publicUrl}/support/network-status#${advisoryAnchor(d.advisory_id)}`;
      if (r.inApp)
        await tx.execute(sql`insert into alerts (user_id, account_id, kind, message, ref, created_at)
            values (${d.user_id}, ${d.account_id}, 'advisory', ${`<p>${escapeHtml(text)}</p>`},
                    ${`advisory:${d.advisory_id}`}, ${now})`);
      if (r.byEmail)
        await enqueueMessage(tx, 'email', {
          to: r.email!,
          subject: `${deps.brandName}: ${d.title}`,
          body: `${text}\n\nSee the latest on Outages & Network Status: ${link}\n\nYou get these updates because you subscribed to this advisory; unsubscribe on the same page.`,
        });
      if (r.bySms)
        await enqueueMessage(tx, 'sms', {
          to: r.mobile!,
          subject: 'Network update',
          body: `${deps.brandName}: ${text}`,
        });
      if (r.byPush) pushes.push(d);
    }
    return { count: claimed.length, pushes };
  });
  // Pushes after the commit (docs/decisions/023).
  for (const d of pushes)
    await notify(
      {
        db: deps.db,
        push: deps.messaging.push,
        ...(deps.onError ? { onError: deps.onError } : {}),
      },
      [d.user_id],
      {
        kind: 'advisory',
        title: `Network update: ${d.title}`,
        body: d.note,
        navigation_url: webPaths.networkStatus(d.advisory_id),
      },
      now,
    );
  return count;
}
