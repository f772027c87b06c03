/**
 * The ticket desk over 50,000 tickets (issue 40, decision 057): p50 and p95 of the queue
 * (`listDeskTickets`: each saved view, the filters, a deep page) and of a ticket with the customer
 * beside it (`deskTicketView`) on PostgreSQL. Budget: p95 under 100 ms for both.
 *
 *   npm run bench:desk                  (BENCH_DESK_TICKETS=50000)
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * it creates and drops its own database. 10,000 accounts with a holder and a service each; the
 * tickets are spread over them with three messages and a note each, over the last 120 days, most
 * resolved, the rest new, open, stalled or waiting, across priorities, teams and the demo staff.
 */
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import {
  deskTicketView,
  listDeskTickets,
} from '../apps/server/src/modules/admin/admin-tickets.service';
import { cpuSteal, finish, freshBenchDatabase, median, report } from './lib';

const DB = 'outpost_desk_bench';
const TICKETS = Number(process.env.BENCH_DESK_TICKETS ?? 50_000);
const ACCOUNTS = 10_000;
const FIRST = 1_000_001;
const ROUNDS = 5;
const PER_ROUND = 20;

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function main() {
  const bench = await freshBenchDatabase(DB);
  const database = openPostgres(bench.url);
  try {
    await database.migrate();
    await seedDemo(database.db, new Date());
    const db = database.db;
    const started = Date.now();
    await db.execute(sql`insert into accounts (id, name, billing_period_start, created_at)
      select ${FIRST} + g, 'Bench Station ' || g, now(), now()
        from generate_series(0, ${ACCOUNTS - 1}) g`);
    await db.execute(sql`insert into users (account_id, username, given_names, surname, email,
                           mobile, role_id, relationship_id, is_account_holder, role_status)
      select ${FIRST} + g, 'desk' || g || '@example.net', 'Casey', 'Bench' || g,
             'desk' || g || '@example.net', '04' || lpad(g::text, 8, '0'), r.id, rel.id, true, 'Active'
        from generate_series(0, ${ACCOUNTS - 1}) g
        join roles r on r.role = 'Account Holder'
        join relationships rel on rel.role_id = r.id and rel.relationship = 'Self'`);
    await db.execute(sql`insert into services (account_id, type, status, technology, plan_id,
                           identifier, addr_abbr, addr_line, addr_suburb, addr_state,
                           addr_postcode, period_start)
      select ${FIRST} + g, 'Broadband', 'active',
             case when g % 3 = 0 then 'Fixed Wireless' else 'Sky Muster Plus' end,
             case when g % 3 = 0 then (select min(id) from plans where technology = 'Fixed Wireless')
                  else (select min(id) from plans where technology = 'Sky Muster Plus') end,
             'AVC' || lpad((${FIRST} + g)::text, 12, '0'), '1 Bench St, Winton QLD',
             '1 Bench Street', 'Winton', 'QLD', (4000 + g % 900)::text, now()
        from generate_series(0, ${ACCOUNTS - 1}) g`);
    const staff = await queryRows<{ id: number }>(
      db,
      sql`select id from staff_members order by id`,
    );
    const staffIds = sql.raw(`array[${staff.map((s) => s.id).join(',')}]`);
    for (let i = 0; i < TICKETS; i += 10_000) {
      const n = Math.min(10_000, TICKETS - i);
      // Ages over 120 days; 60 % resolved; priorities 10/20/60/10 %; a third unassigned.
      await db.execute(sql`insert into tickets (account_id, service_id, created_by, category, subject,
                             status, source, priority, assignee_staff_id, team, due_at,
                             created_at, updated_at)
        select a, s.id, u.id,
               case when g % 5 = 0 then 'Billing question' else 'Technical fault' end,
               'Bench ticket ' || (${i} + g),
               (array['Resolved','Resolved','Resolved','Resolved','Resolved','Resolved',
                      'New','Open','Stalled','Waiting'])[1 + g % 10],
               'customer',
               (array['urgent','high','high','normal','normal','normal','normal','normal','normal','low'])[1 + (g / 10) % 10],
               case when g % 3 = 0 then null else (${staffIds})[1 + g % ${staff.length}] end,
               case when g % 5 = 0 then 'billing' else 'support' end,
               now() - ((g % 2880) * interval '1 hour') + interval '24 hours',
               now() - ((g % 2880) * interval '1 hour'),
               now() - ((g % 2880) * interval '1 hour')
          from generate_series(0, ${n - 1}) g
          cross join lateral (select ${FIRST} + ((${i} + g) * 7919) % ${ACCOUNTS} as a) acc
          join services s on s.account_id = acc.a
          join users u on u.account_id = acc.a and u.is_account_holder`);
    }
    await db.execute(sql`insert into ticket_messages (ticket_id, author_user_id, author_name,
                           from_customer, body, created_at)
      select t.id, case when m = 1 then null else t.created_by end,
             case when m = 1 then 'Support team' else 'Casey Bench' end, m <> 1,
             'Message ' || m || ' on a bench ticket, a few lines long as customers write them.',
             t.created_at + m * interval '10 minutes'
        from tickets t cross join generate_series(0, 2) m`);
    await db.execute(sql`insert into ticket_notes (ticket_id, staff_id, body, created_at)
      select t.id, ${staff[0]!.id}, 'A note for the desk.', t.created_at + interval '5 minutes'
        from tickets t`);
    await db.execute(sql`analyze`);
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tickets`);
    console.log(`seeded ${count!.n} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const now = new Date();
    const me = staff[1]?.id ?? staff[0]!.id;
    const queries: Record<string, Parameters<typeof listDeskTickets>[1]> = {
      'all open': {},
      new: { view: 'new' },
      mine: { view: 'mine' },
      unassigned: { view: 'unassigned' },
      waiting: { view: 'waiting' },
      overdue: { view: 'overdue' },
      'urgent, support': { priority: 'urgent', team: 'support' },
      'assignee none': { assignee: null },
      technology: { technology: 'Fixed Wireless' },
      'older than 30 days': { older_than_days: 30 },
      'page at 500': { view: 'overdue', offset: 500 },
    };
    const steal = cpuSteal();
    const queue: number[] = [];
    for (const [name, query] of Object.entries(queries)) {
      const times: number[] = [];
      let rows = 0;
      for (let round = 0; round < ROUNDS + 1; round++) {
        for (let k = 0; k < PER_ROUND / 4; k++) {
          const t0 = performance.now();
          const page = await listDeskTickets(db, { limit: 50, ...query }, me, now);
          const ms = performance.now() - t0;
          rows = page.rows.length;
          if (round > 0) times.push(ms);
        }
      }
      queue.push(...times);
      console.log(
        `  queue ${name.padEnd(20)} p50 ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms, ${rows} rows`,
      );
      if (rows === 0) throw new Error(`${name}: an empty page`);
    }
    const ids = await queryRows<{ id: number }>(
      db,
      sql`select id from tickets order by random() limit ${(ROUNDS + 1) * PER_ROUND}`,
    );
    const view: number[] = [];
    for (let k = 0; k < ids.length; k++) {
      const t0 = performance.now();
      const ticket = await deskTicketView(db, ids[k]!.id, now);
      const ms = performance.now() - t0;
      if (ticket.ticket.ticketid !== ids[k]!.id) throw new Error('a different ticket');
      if (k >= PER_ROUND) view.push(ms);
    }
    console.log(
      `  ticket page              p50 ${median(view).toFixed(1)} ms, p95 ${p95(view).toFixed(1)} ms`,
    );
    report('desk.queue.p50_50k', median(queue), 'ms');
    report('desk.queue.p95_50k', p95(queue), 'ms');
    report('desk.ticket.p50_50k', median(view), 'ms');
    report('desk.ticket.p95_50k', p95(view), 'ms');
    steal.report();
  } finally {
    await database.close();
    // BENCH_KEEP=1 keeps the database to look at plans (psql -d outpost_desk_bench).
    if (!process.env.BENCH_KEEP) await bench.drop();
  }
  finish();
}

await main();
