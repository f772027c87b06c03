import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteContract } from '@outpost/contracts/route-contract';
import { apiRoutes } from '@outpost/contracts/api-routes';
import { buildPath } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { queryRows } from '../db/client';
import { hashToken } from '../lib/tokens';
import { mintSession } from './sessions';
import type { TestContext } from './test-app';
import { createTestContext } from './test-app';

/**
 * Property test: malformed requests derived from each route's schemas never cause a 5xx,
 * always answer in the `{data:{error}}` shape, and never change the database.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
};

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // nullish bodies come out as anyOf [object, null]: fuzz the object.
  return json.anyOf?.find((s) => s.type === 'object') ?? json;
}

const weirdStrings = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '😀'.repeat(50),
  ),
);
/**
 * What the edge refuses in any string: control characters (not tab or new line) and, in bodies,
 * lone surrogates (a URL cannot carry one: it is not UTF-8, so the address itself is unreadable).
 */
const controlCharacter = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((c) => c !== 9 && c !== 10 && c !== 13),
    fc.integer({ min: 0x7f, max: 0x9f }),
  )
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const hugeString = fc.integer({ min: 1_001, max: 60_000 }).map((n) => 'ẍ'.repeat(n));
const weirdNumbers = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -2_147_483_649,
    2_147_483_648,
    1e308,
    -1e308,
    0.5,
    Number.MAX_SAFE_INTEGER + 2,
  ),
  fc.double({ noNaN: true }),
);
const nonString = fc.oneof(
  weirdNumbers,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const anyValue = fc.oneof(weirdStrings, nonString);

/** A body that breaks the schema for sure: each variant makes at least one thing invalid. */
function invalidBody(schema: JsonSchema, example: Record<string, unknown>): fc.Arbitrary<unknown> {
  const props = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const variants: fc.Arbitrary<unknown>[] = [
    // Not an object at all.
    fc.oneof(weirdStrings, weirdNumbers, fc.array(anyValue, { maxLength: 3 }), fc.boolean()),
    // An extra field (every body schema is strict).
    fc
      .tuple(
        weirdStrings.filter((k) => k.length > 0 && !props.includes(k) && k !== '__proto__'),
        anyValue,
      )
      .map(([key, value]) => ({ ...example, [key]: value })),
  ];
  if (required.length > 0) {
    variants.push(
      fc.constantFrom(...required).map((key) => {
        const copy = { ...example };
        delete copy[key];
        return copy;
      }),
    );
  }
  for (const key of props) {
    const prop = schema.properties![key]!;
    const wrongType =
      prop.type === 'string'
        ? nonString
        : fc.oneof(weirdStrings, fc.boolean(), fc.array(fc.integer()));
    variants.push(wrongType.map((value) => ({ ...example, [key]: value })));
    if (prop.type === 'string' && prop.maxLength !== undefined && prop.maxLength < 60_000) {
      variants.push(
        fc
          .integer({ min: prop.maxLength + 1, max: Math.min(prop.maxLength + 5_000, 60_000) })
          .map((n) => ({
            ...example,
            [key]: 'ẍ'.repeat(n),
          })),
      );
    }
  }
  return fc.oneof(...variants);
}

/** Path and query values that are wrong for the field (ids, slugs) or merely odd. */
const badPathValue = fc.oneof(
  weirdStrings.filter((s) => s.length > 0),
  weirdNumbers.map(String),
  hugeString.map((s) => s.slice(0, 700)),
);

let ctx: TestContext;
let userToken: string;
let refreshToken: string;
/**
 * A session that verified a one-time code just before each test: a `stepUp` route refuses any
 * other with 403 in the auth hook, before its input is read, and the input is what is tested here.
 */
let steppedUpToken: string;

/** Internal routes are called with the service key, so their input checks are reached too. */
const SERVICE_KEY = 'bad-input-test-internal-service-key-0001';

/** Routes whose path names the object to create or update (a PUT by external id). */
const UPSERTS_BY_PATH = ['adminUpsertAccount'];

/** Staff routes are called with a staff session (an admin's), so their input checks are reached. */
const STAFF_TOKEN = 'bad-input-test-staff-session-token-0001';

/**
 * Every change to the database, noted by triggers (watchChanges): a refused request must add
 * none. Cheaper than a checksum of every table before and after each test (which read the whole
 * seeded database twice a test, most of the four files' time) and stricter: an update that writes
 * the same values counts, and the failure names the table and the operation.
 */
async function watchChanges(): Promise<void> {
  const db = ctx.database.db;
  await db.execute(
    sql`create table test_changes (id serial primary key, table_name text not null, op text not null)`,
  );
  // The audit of admin API calls records every call, refusals included (decision 051): it is
  // meant to grow; every other row of the audit log counts like any change.
  await db.execute(sql`create function test_note_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'staff_audit' and tg_op = 'INSERT' then
        if new.action = 'admin-request' then return null; end if;
      end if;
      insert into test_changes (table_name, op) values (tg_table_name, tg_op);
      return null;
    end $$`);
  // Ordinary and partitioned tables; a partitioned table's row trigger covers its partitions,
  // those that ingestion creates during a test included.
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
           and c.relname <> 'test_changes' order by 1`,
  );
  for (const { name } of tables) {
    const table = sql.identifier(name);
    await db.execute(sql`create trigger test_watch after insert or update or delete on ${table}
      for each row execute function test_note_change()`);
    await db.execute(sql`create trigger test_watch_truncate after truncate on ${table}
      for each statement execute function test_note_change()`);
  }
}

/** Where the change log ends now: changesSince(mark) lists what came after. */
async function changeMark(): Promise<number> {
  const [row] = await queryRows<{ last: number }>(
    ctx.database.db,
    sql`select coalesce(max(id), 0)::int as last from test_changes`,
  );
  return row!.last;
}

/** The changes noted after `mark`, as 'table op' (none: the database is as it was). */
async function changesSince(mark: number): Promise<string[]> {
  const rows = await queryRows<{ table_name: string; op: string }>(
    ctx.database.db,
    sql`select table_name, op from test_changes where id > ${mark} order by id`,
  );
  return rows.map((r) => `${r.table_name} ${r.op}`);
}

function headersFor(route: RouteContract): Record<string, string> {
  if (route.access === 'refresh') return { 'x-refresh-token': refreshToken };
  if (route.access === 'public') return {};
  if (route.access === 'internal') return { 'x-service-key': SERVICE_KEY };
  if (route.access === 'staff' || route.access === 'admin')
    return {
      'x-staff-token': STAFF_TOKEN,
      // The admin API's creating writes need an Idempotency-Key (decision 051): a new one each call.
      ...(route.headers ? { 'idempotency-key': `bad-input-${randomUUID()}` } : {}),
      // A body that is a file (the CSV import, decision 053) is sent as one.
      ...(route.consumes ? { 'content-type': route.consumes } : {}),
    };
  return { 'x-user-token': route.stepUp ? steppedUpToken : userToken };
}

function assertErrorShape(status: number, body: string, what: string) {
  expect(status, what).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(body) as unknown;
    expect(parsed, what).toEqual({ data: { error: expect.any(String) } });
  }
}

/**
 * The suite for one share of the routes (`shard` of `shards`, by position in the inventory): four
 * test files (bad-input-1..4.test.ts) run it, so the routes' property tests spread over the test
 * workers instead of one file of about two minutes running alone at the end.
 */
export function badInputSuite(shard: number, shards: number): void {
  const routes = apiRoutes.filter((_route, index) => index % shards === shard);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { INTERNAL_API_KEY: SERVICE_KEY } });
    ({ userToken, refreshToken } = await mintSession(ctx.database.db, 5001));
    await ctx.database.db
      .execute(sql`insert into staff_sessions (staff_id, token_hash, created_at, expires_at)
      select id, ${hashToken(STAFF_TOKEN)}, now(), now() + interval '1 day' from staff_members
       where role = 'admin' order by id limit 1`);
    await watchChanges();
  });
  beforeEach(async () => {
    // The staff logout route's cases end the staff session: open it again for the next route.
    await ctx.database.db.execute(sql`update staff_sessions set ended_at = null`);
    ({ userToken: steppedUpToken } = await mintSession(ctx.database.db, 5001, 'live', new Date(), {
      stepUp: true,
    }));
  });
  afterAll(async () => ctx.close());

  it('notices every change, an update to the same values included, and none rolled back', async () => {
    const mark = await changeMark();
    await ctx.database.db.execute(
      sql`update staff_sessions set ended_at = null where id = (select min(id) from staff_sessions)`,
    );
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from staff_sessions`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await changesSince(mark)).toEqual(['staff_sessions UPDATE']);
  });

  describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    const bodySchema = jsonSchemaOf(route.body);
    const paramNames = Object.keys(jsonSchemaOf(route.params)?.properties ?? {});
    const queryNames = Object.keys(jsonSchemaOf(route.querystring)?.properties ?? {});
    const example = (route.example?.body ?? {}) as Record<string, unknown>;

    it.runIf(bodySchema !== undefined)(
      'answers malformed bodies with 4xx and changes nothing',
      async () => {
        const before = await changeMark();
        await fc.assert(
          fc.asyncProperty(
            // Only bodies the route's schema refuses, as sent: a generated `null` is a valid logout
            // body, and so is -Infinity, which JSON writes as `null`.
            invalidBody(bodySchema!, example).filter(
              (b) => !route.body!.safeParse(JSON.parse(JSON.stringify(b) ?? 'null')).success,
            ),
            async (body) => {
              const params = Object.fromEntries(
                paramNames.map((n) => [n, String(route.example?.params?.[n] ?? 1)]),
              );
              const res = await ctx.app.inject({
                method: route.method,
                url: buildPath(route.path, params),
                headers: { ...headersFor(route), 'content-type': 'application/json' },
                payload: JSON.stringify(body) ?? 'null',
              });
              assertErrorShape(res.statusCode, res.body, JSON.stringify(body)?.slice(0, 200) ?? '');
              expect(res.statusCode).toBeGreaterThanOrEqual(400);
            },
          ),
          { numRuns: 60 },
        );
        expect(await changesSince(before)).toEqual([]);
      },
    );

    it.runIf(paramNames.length > 0 || queryNames.length > 0)(
      'answers odd path and query values without a 5xx and changes nothing',
      async () => {
        const before = await changeMark();
        await fc.assert(
          fc.asyncProperty(
            fc.record(Object.fromEntries(paramNames.map((n) => [n, badPathValue]))),
            fc.record(Object.fromEntries(queryNames.map((n) => [n, badPathValue]))),
            async (params, query) => {
              const res = await ctx.app.inject({
                method: route.method,
                url: buildPath(route.path, params as Record<string, string>),
                query: query as Record<string, string>,
                headers: headersFor(route),
                ...(route.body ? { payload: (route.example?.body ?? {}) as object } : {}),
              });
              assertErrorShape(res.statusCode, res.body, JSON.stringify(params));
            },
          ),
          { numRuns: 60 },
        );
        // An upsert by the provider's own id creates what any well-formed id names ('0' and '-1'
        // are ids like any other, decision 051): there the odd values must only never fail.
        if (!UPSERTS_BY_PATH.includes(route.id)) expect(await changesSince(before)).toEqual([]);
      },
    );

    const stringFields = Object.entries(bodySchema?.properties ?? {})
      .filter(([, prop]) => prop.type === 'string' || prop.anyOf?.some((s) => s.type === 'string'))
      .map(([name]) => name);
    it.runIf(stringFields.length + paramNames.length + queryNames.length > 0)(
      'refuses control characters and broken text in every string, path and query value, and changes nothing',
      async () => {
        const before = await changeMark();
        const params = Object.fromEntries(
          paramNames.map((n) => [n, String(route.example?.params?.[n] ?? 1)]),
        );
        const places = [
          ...stringFields.map((name) => ({ in: 'body' as const, name })),
          ...paramNames.map((name) => ({ in: 'params' as const, name })),
          ...queryNames.map((name) => ({ in: 'query' as const, name })),
        ];
        await fc.assert(
          fc.asyncProperty(
            fc
              .constantFrom(...places)
              .chain((place) =>
                fc.tuple(
                  fc.constant(place),
                  fc.string({ maxLength: 8 }),
                  place.in === 'body'
                    ? fc.oneof(controlCharacter, loneSurrogate)
                    : controlCharacter,
                ),
              ),
            async ([place, text, bad]) => {
              const value = `${text}${bad}`;
              const res = await ctx.app.inject({
                method: route.method,
                url: buildPath(
                  route.path,
                  place.in === 'params' ? { ...params, [place.name]: value } : params,
                ),
                ...(place.in === 'query' ? { query: { [place.name]: value } } : {}),
                headers: headersFor(route),
                ...(route.body
                  ? { payload: place.in === 'body' ? { ...example, [place.name]: value } : example }
                  : {}),
              });
              expect(res.statusCode, `${place.in} ${place.name} ${JSON.stringify(value)}`).toBe(
                400,
              );
              expect(JSON.parse(res.body)).toEqual({ data: { error: serverErrors.badCharacters } });
            },
          ),
          { numRuns: 40 },
        );
        expect(await changesSince(before)).toEqual([]);
      },
    );

    it('answers a body that is not JSON with 400 or 415 in the error shape', async () => {
      for (const [contentType, payload] of [
        ['application/json', '{"broken":'],
        ['application/json', '\u0000\u0001'],
        ['text/plain', 'hello'],
        ['application/x-www-form-urlencoded', 'a=1&b=2'],
      ] as const) {
        const params = Object.fromEntries(
          paramNames.map((n) => [n, String(route.example?.params?.[n] ?? 1)]),
        );
        const res = await ctx.app.inject({
          method: route.method === 'GET' ? 'POST' : route.method,
          url: buildPath(route.path, params),
          headers: { ...headersFor(route), 'content-type': contentType },
          payload,
        });
        assertErrorShape(res.statusCode, res.body, `${contentType} ${payload}`);
      }
    });
  });
}
