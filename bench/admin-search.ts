/**
 * The staff search over 100,000 accounts (issue 39, decision 051): p50 and p95 of searchAccounts
 * on PostgreSQL for what a desk types: an account id, a name with a typo, a full name, an email,
 * part of an email, a mobile typed with spaces, an AVC id, a postcode.
 *
 *   npm run bench:search                (BENCH_SEARCH_ACCOUNTS=100000)
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * it creates and drops its own database. Each account has a holder, a second contact and a
 * service, so the users and services tables hold 200,000 and 100,000 rows.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { searchAccounts } from '../apps/server/src/modules/admin/admin-accounts.service';
import { cpuSteal, finish, freshBenchDatabase, median, report } from './lib';

const DB = 'outpost_search_bench';
const ACCOUNTS = Number(process.env.BENCH_SEARCH_ACCOUNTS ?? 100_000);
const FIRST = 1_000_001;
const ROUNDS = 5;

const GIVEN = [
  'Jordan',
  'Alex',
  'Sam',
  'Riley',
  'Casey',
  'Morgan',
  'Taylor',
  'Jamie',
  'Robin',
  'Kim',
  'Lee',
  'Pat',
  'Chris',
  'Drew',
  'Jesse',
  'Quinn',
  'Avery',
  'Blake',
  'Cameron',
  'Dana',
];
const FAMILY = [
  'Anderson',
  'Baker',
  'Campbell',
  'Donovan',
  'Edwards',
  'Fitzgerald',
  'Gallagher',
  'Henderson',
  'Ingram',
  'Jackson',
  'Kowalski',
  'Lambert',
  'McAllister',
  'Nguyen',
  "O'Brien",
  'Patterson',
  'Quinlan',
  'Robertson',
  'Sullivan',
  'Thompson',
  'Underwood',
  'Vasquez',
  'Whitaker',
  'Xavier',
  'Young',
  'Zimmerman',
  'Harper',
  'Walker',
  'Citizen',
  'Ashby',
  'Bennett',
];

async function main() {
  const bench = await freshBenchDatabase(DB);
  const database = openPostgres(bench.url);
  try {
    await database.migrate();
    await seedDemo(database.db, new Date());
    const db = database.db;
    const started = Date.now();
    const given = sql.raw(`array[${GIVEN.map((g) => `'${g}'`).join(',')}]`);
    const family = sql.raw(`array[${FAMILY.map((f) => `'${f.replace("'", "''")}'`).join(',')}]`);
    for (let i = 0; i < ACCOUNTS; i += 10_000) {
      const n = Math.min(10_000, ACCOUNTS - i);
      const from = FIRST + i;
      // Account names: a family name and a kind of place; people: a given and a family name.
      await db.execute(sql`insert into accounts (id, name, billing_period_start, created_at)
        select ${from} + g,
               (${family})[1 + (g * 7) % ${FAMILY.length}] || ' ' ||
               (array['Station','Farm','Homestead','Pastoral Co','Family','Downs'])[1 + g % 6],
               now(), now()
          from generate_series(0, ${n - 1}) g`);
      await db.execute(sql`insert into users (account_id, username, given_names, surname, email,
                             mobile, role_id, relationship_id, is_account_holder, role_status)
        select ${from} + g, 'bench' || (${from} + g) || c || '@example.net',
               (${given})[1 + (g + c * 3) % ${GIVEN.length}],
               (${family})[1 + (g * 7 + c) % ${FAMILY.length}],
               lower((${given})[1 + (g + c * 3) % ${GIVEN.length}]) || '.' || (${from} + g) || c || '@example.net',
               '04' || lpad(((${from} + g) * 2 + c)::text, 8, '0'),
               r.id, rel.id, c = 0, 'Active'
          from generate_series(0, ${n - 1}) g
         cross join generate_series(0, 1) c
          join roles r on r.role = case when c = 0 then 'Account Holder' else 'General Contact' end
          join relationships rel on rel.role_id = r.id
           and rel.relationship = case when c = 0 then 'Self' else 'Family Member' end`);
      await db.execute(sql`insert into services (account_id, type, status, technology, plan_id,
                             identifier, addr_abbr, addr_line, addr_suburb, addr_state,
                             addr_postcode, period_start)
        select ${from} + g, 'Broadband', 'active', 'Sky Muster Plus', 22,
               'AVC' || lpad((${from} + g)::text, 12, '0'), '1 Bench St, Winton QLD',
               '1 Bench Street', 'Winton', 'QLD', (4000 + g % 900)::text, now()
          from generate_series(0, ${n - 1}) g`);
    }
    await db.execute(sql`analyze`);
    if (process.env.BENCH_SEARCH_SEED_ONLY) return;
    console.log(`seeded ${ACCOUNTS} accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const at = (k: number) => FIRST + ((k * 7919) % ACCOUNTS);
    const kinds: Record<string, (k: number) => string> = {
      'account id': (k) => String(at(k)),
      'name with a typo': (k) =>
        `${FAMILY[k % FAMILY.length]!.slice(0, -2)}${FAMILY[k % FAMILY.length]!.slice(-1)}`,
      'full name': (k) => `${GIVEN[k % GIVEN.length]} ${FAMILY[(k * 3) % FAMILY.length]}`,
      email: (k) => `${GIVEN[(at(k) - FIRST) % GIVEN.length]!.toLowerCase()}.${at(k)}0@example.net`,
      'part of an email': (k) => `.${at(k)}1@exa`,
      'mobile with spaces': (k) => {
        const m = `04${String(at(k) * 2).padStart(8, '0')}`;
        return `${m.slice(0, 4)} ${m.slice(4, 7)} ${m.slice(7)}`;
      },
      'AVC id': (k) => `avc${String(at(k)).padStart(12, '0')}`,
      postcode: (k) => String(4000 + (k % 900)),
    };
    const steal = cpuSteal();
    const all: number[] = [];
    for (const [kind, query] of Object.entries(kinds)) {
      const times: number[] = [];
      let found = 0;
      for (let round = 0; round < ROUNDS + 1; round++) {
        for (let k = 0; k < 20; k++) {
          const q = query(k + round * 20);
          const t0 = performance.now();
          const { rows } = await searchAccounts(db, q);
          const ms = performance.now() - t0;
          if (round === 0) continue; // warm-up: plans and caches
          times.push(ms);
          if (rows.length > 0) found++;
        }
      }
      all.push(...times);
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
      console.log(
        `  ${kind.padEnd(20)} p50 ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${found}/${times.length} found`,
      );
      if (found === 0) throw new Error(`${kind}: nothing found`);
    }
    const sorted = [...all].sort((a, b) => a - b);
    report('admin.search.p50_100k', median(all), 'ms');
    report('admin.search.p95_100k', sorted[Math.floor(sorted.length * 0.95)]!, 'ms');
    steal.report();
  } finally {
    await database.close();
    // BENCH_KEEP=1 keeps the database to look at plans (psql -d outpost_search_bench).
    if (!process.env.BENCH_KEEP) await bench.drop();
  }
  finish();
}

await main();
