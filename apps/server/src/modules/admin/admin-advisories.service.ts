import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAdvisory,
  AdminAdvisoryAreaCounts,
  AdminAdvisoryAreas,
  AdminAdvisoryPreview,
  adminAdvisoriesQuery,
  adminAdvisoryCreateInput,
  adminAdvisoryResolveInput,
  adminAdvisoryUpdateInput,
} from '@outpost/contracts/admin-advisories';
import type {
  AdvisoryKind,
  AdvisorySeverity,
  AdvisoryStatus,
} from '@outpost/domain/advisories-rules';
import { advisoryWindowProblem, affectedCountText } from '@outpost/domain/advisories-rules';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { AppError, errorMaker } from '../../lib/errors';
import {
  coveredServicesSql,
  createAdvisory,
  textArray,
  updateAdvisory,
} from '../advisories/advisories.service';
import { recordAudit } from '../staff/staff.service';
import type { DeskCaller } from './admin-desk.service';

/**
 * Network advisories for the staff editor and the provider's systems (docs/decisions/019, "The
 * staff editor"). Publishing and updating go through the very createAdvisory and updateAdvisory
 * the internal route and `npm run advisory` use (the areas' test, the update's delivery rows);
 * this adds what the editor needs: areas only from those services use, the preview's counts, the
 * maintenance window's rules and the staff audit.
 */

export const advisoryAdminErrors = {
  advisoryMissing: 'Invalid request: there is no such advisory.',
  advisoryAreasUnknown: (areas: string) =>
    `Invalid request: no service uses ${areas}. Choose the areas from those services use.`,
  advisoryWindow: (problem: string) => `Invalid request: ${problem}`,
  advisoryResolved:
    'Invalid request: this advisory is resolved; it takes no more updates. Publish a new one if the problem is back.',
} as const;
const advisoryAdminError = errorMaker(advisoryAdminErrors, {
  advisoryMissing: 404,
  advisoryAreasUnknown: 400,
  advisoryWindow: 400,
  advisoryResolved: 409,
});

type Row = {
  id: number;
  kind: AdvisoryKind;
  title: string;
  severity: AdvisorySeverity;
  status: AdvisoryStatus;
  started_ms: number | string;
  ended_ms: number | string | null;
  message: string;
  postcodes: string[];
  beams: string[];
  towers: string[];
  subscribers: number | string;
  updates: { updateid: number; status: AdvisoryStatus; note: string; created_ms: number }[];
  created_ms: number | string;
  updated_ms: number | string;
};

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::bigint`);

const columns = sql`a.id, a.kind, a.title, a.severity, a.status, a.message,
  a.postcodes, a.beams, a.towers,
  ${ms('a.started')} as started_ms, ${ms('a.ended')} as ended_ms,
  ${ms('a.created_at')} as created_ms, ${ms('a.updated_at')} as updated_ms,
  (select count(*) from advisory_subscriptions x where x.advisory_id = a.id) as subscribers,
  (select coalesce(json_agg(json_build_object('updateid', u.id, 'status', u.status,
            'note', u.note, 'created_ms', ${ms('u.created_at')}) order by u.id desc), '[]'::json)
     from advisory_updates u where u.advisory_id = a.id) as updates`;

const viewOf = (r: Row): AdminAdvisory => ({
  advisoryid: r.id,
  kind: r.kind,
  title: r.title,
  severity: r.severity,
  status: r.status,
  started: iso(r.started_ms),
  ended: r.ended_ms === null ? null : iso(r.ended_ms),
  message: r.message,
  areas: { postcodes: r.postcodes, beams: r.beams, towers: r.towers },
  subscribers: Number(r.subscribers),
  updates: r.updates.map((u) => ({
    updateid: u.updateid,
    status: u.status,
    note: u.note,
    created: iso(u.created_ms),
  })),
  created: iso(r.created_ms),
  updated: iso(r.updated_ms),
});

/** A page of advisories, the latest start first: all, or the active, scheduled or resolved. */
export async function listAdvisories(
  db: Db,
  query: z.output<typeof adminAdvisoriesQuery>,
): Promise<{ rows: AdminAdvisory[]; hasMore: boolean }> {
  const limit = query.limit ?? 20;
  const where =
    query.view === 'active'
      ? sql`a.status not in ('Scheduled', 'Resolved')`
      : query.view === 'scheduled'
        ? sql`a.status = 'Scheduled'`
        : query.view === 'resolved'
          ? sql`a.status = 'Resolved'`
          : sql`true`;
  const rows = await queryRows<Row>(
    db,
    sql`select ${columns} from advisories a where ${where}
        order by a.started desc, a.id desc limit ${limit + 1} offset ${query.offset ?? 0}`,
  );
  return { rows: rows.slice(0, limit).map(viewOf), hasMore: rows.length > limit };
}

export async function adminAdvisory(db: Db, advisoryId: number): Promise<AdminAdvisory> {
  const [row] = await queryRows<Row>(
    db,
    sql`select ${columns} from advisories a where a.id = ${advisoryId}`,
  );
  if (!row) throw advisoryAdminError('advisoryMissing');
  return viewOf(row);
}

/**
 * The postcodes, beams and towers the services use (those shown, as the dashboards flag them),
 * with how many services each: what the editor offers, so an advisory never names a place by a
 * typo.
 */
export async function advisoryAreas(db: Db): Promise<AdminAdvisoryAreaCounts> {
  const rows = await queryRows<{ kind: string; area: string; services: number | string }>(
    db,
    sql`select 'postcode' as kind, s.addr_postcode as area, count(*) as services
          from services s where s.display group by s.addr_postcode
        union all
        select 'beam', s.satellite_beam, count(*) from services s
         where s.display and s.satellite_beam is not null group by s.satellite_beam
        union all
        select 'tower', s.tower_id, count(*) from services s
         where s.display and s.tower_id is not null group by s.tower_id
        order by 1, 2`,
  );
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ area: r.area, services: Number(r.services) }));
  return { postcodes: of('postcode'), beams: of('beam'), towers: of('tower') };
}

/** How many services, of how many accounts, an advisory naming these areas covers. */
export async function previewAdvisory(
  db: Db,
  areas: AdminAdvisoryAreas,
): Promise<AdminAdvisoryPreview> {
  const [row] = await queryRows<{ services: number | string; customers: number | string }>(
    db,
    sql`select count(*) as services, count(distinct c.account_id) as customers
          from (${coveredServicesSql(areas)}) c`,
  );
  const services = Number(row!.services);
  const customers = Number(row!.customers);
  return { services, customers, text: affectedCountText(services, customers) };
}

/** Refuses areas no (shown) service uses, naming them: 'postcode 9999 and tower TWR-X'. */
async function checkAreas(db: Db, areas: AdminAdvisoryAreas): Promise<void> {
  const unknown = await queryRows<{ kind: string; area: string }>(
    db,
    sql`select 'postcode' as kind, x as area from unnest(${textArray(areas.postcodes)}) x
         where not exists (select 1 from services s where s.display and s.addr_postcode = x)
        union all
        select 'beam', x from unnest(${textArray(areas.beams)}) x
         where not exists (select 1 from services s where s.display and s.satellite_beam = x)
        union all
        select 'tower', x from unnest(${textArray(areas.towers)}) x
         where not exists (select 1 from services s where s.display and s.tower_id = x)`,
  );
  if (unknown.length === 0) return;
  const names = unknown.map((u) => `${u.kind} ${u.area}`);
  const text =
    names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
  throw advisoryAdminError('advisoryAreasUnknown', text);
}

const areasText = (a: AdminAdvisoryAreas) =>
  [
    ...a.postcodes.map((p) => `postcode ${p}`),
    ...a.beams.map((b) => `beam ${b}`),
    ...a.towers.map((t) => `tower ${t}`),
  ].join(', ');

const dedupe = (a: AdminAdvisoryAreas): AdminAdvisoryAreas => ({
  postcodes: [...new Set(a.postcodes)],
  beams: [...new Set(a.beams)],
  towers: [...new Set(a.towers)],
});

async function audit(tx: Db, caller: DeskCaller, now: Date, action: string, detail: string) {
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId: null,
    userId: null,
    action,
    detail,
  });
}

export type AdvisoryWritten = AdminAdvisory & { notified: number };

/**
 * Publishes an advisory for the editor or a provider's system, in the caller's transaction (the
 * Idempotency-Key's): an incident (Investigating, from now or its start) or maintenance
 * (Scheduled for its window). It is on the page and the affected dashboards at once; nobody
 * follows it yet, so nobody is messaged (decision 019).
 */
export async function publishAdvisory(
  tx: Db,
  input: z.output<typeof adminAdvisoryCreateInput>,
  caller: DeskCaller,
  now: Date,
): Promise<AdvisoryWritten> {
  const starts = input.starts_at ? new Date(input.starts_at) : null;
  const ends = input.ends_at ? new Date(input.ends_at) : null;
  const problem = advisoryWindowProblem(input.kind, starts, ends, now);
  if (problem) throw advisoryAdminError('advisoryWindow', problem);
  const areas = dedupe(input.areas);
  await checkAreas(tx, areas);
  const created = await createAdvisory(
    tx,
    {
      kind: input.kind,
      title: input.title,
      severity: input.severity,
      status: input.kind === 'maintenance' ? 'Scheduled' : 'Investigating',
      started: (starts ?? now).toISOString(),
      ended: ends ? ends.toISOString() : null,
      message: input.message,
      areas,
    },
    now,
  );
  await audit(
    tx,
    caller,
    now,
    'advisory-published',
    `advisory ${created.advisoryid} (${input.kind}, ${input.severity}) "${input.title}": ${areasText(areas)}`,
  );
  return { ...(await adminAdvisory(tx, created.advisoryid)), notified: 0 };
}

async function openAdvisory(tx: Db, advisoryId: number) {
  const [row] = await queryRows<{ status: AdvisoryStatus; started: Date | string }>(
    tx,
    // Locked: of two updates or resolves at once, the second sees the first's status.
    sql`select status, started from advisories where id = ${advisoryId} for update`,
  );
  if (!row) throw advisoryAdminError('advisoryMissing');
  if (row.status === 'Resolved') throw advisoryAdminError('advisoryResolved');
  return row;
}

/** The shared update, its not-found answered in the admin API's words. */
async function update(...args: Parameters<typeof updateAdvisory>) {
  return updateAdvisory(...args).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'notFound')
      throw advisoryAdminError('advisoryMissing');
    throw error;
  });
}

/**
 * Posts an update (the note subscribers get; a new status, severity, expected end or message)
 * through the shared updateAdvisory: the delivery rows of that moment's subscribers are written
 * with it; the route delivers them after the commit.
 */
export async function postAdvisoryUpdate(
  tx: Db,
  advisoryId: number,
  input: z.output<typeof adminAdvisoryUpdateInput>,
  caller: DeskCaller,
  now: Date,
): Promise<AdvisoryWritten> {
  const before = await openAdvisory(tx, advisoryId);
  if (input.ends_at) {
    const ends = new Date(input.ends_at);
    if (ends.getTime() <= new Date(before.started).getTime())
      throw advisoryAdminError('advisoryWindow', 'The end must be after the start.');
  }
  const result = await update(
    tx,
    advisoryId,
    {
      note: input.note,
      ...(input.status ? { status: input.status } : {}),
      ...(input.severity ? { severity: input.severity } : {}),
      ...(input.message ? { message: input.message } : {}),
      ...(input.ends_at !== undefined
        ? { ended: input.ends_at === null ? null : new Date(input.ends_at).toISOString() }
        : {}),
    },
    now,
  );
  await audit(
    tx,
    caller,
    now,
    'advisory-updated',
    `advisory ${advisoryId} update ${result.updateid} (${result.status}, ${result.subscribers} subscribers): ${input.note}`,
  );
  return { ...(await adminAdvisory(tx, advisoryId)), notified: result.subscribers };
}

/**
 * Resolves an advisory: Resolved, ended now; it leaves the dashboards and stays on the network
 * status page as history. Its subscribers are told (the note, or 'It is resolved.' and the end).
 */
export async function resolveAdvisory(
  tx: Db,
  advisoryId: number,
  input: z.output<typeof adminAdvisoryResolveInput>,
  caller: DeskCaller,
  now: Date,
): Promise<AdvisoryWritten> {
  const before = await openAdvisory(tx, advisoryId);
  // It ends now; maintenance called off before its window ends at its start, never before it.
  const started = new Date(before.started);
  const ended = now.getTime() < started.getTime() ? started : now;
  const result = await update(
    tx,
    advisoryId,
    { status: 'Resolved', ended: ended.toISOString(), ...(input.note ? { note: input.note } : {}) },
    now,
  );
  await audit(
    tx,
    caller,
    now,
    'advisory-resolved',
    `advisory ${advisoryId} resolved (${result.subscribers} subscribers)${input.note ? `: ${input.note}` : ''}`,
  );
  return { ...(await adminAdvisory(tx, advisoryId)), notified: result.subscribers };
}
