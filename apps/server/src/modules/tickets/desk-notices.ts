import { and, desc, gt, inArray, sql } from 'drizzle-orm';
import type { DeskNotice } from '@outpost/contracts/admin';
import type { TicketTeam } from '@outpost/domain/tickets-rules';
import { ticketNumber } from '@outpost/domain/tickets-rules';
import { aestTimeLabel, dayLabel } from '@outpost/domain/callback-slots';
import { businessDate } from '@outpost/domain/time/zoned';
import { zoneAbbreviation } from '@outpost/domain/time/names';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { accounts } from '../../db/accounts.schema';
import { deskNotices, tickets } from './tickets.schema';

/**
 * Telling the desk (docs/decisions/060). A new ticket, callback, order or service request, and
 * every reply from the customer, leave a notice in the same transaction; the digest job mails a
 * ticket's waiting notices to its team's address in one message, at most once per
 * `digestMinutes` for that ticket, so a chatty customer or a burst of orders never floods the
 * team; the console reads the latest notices.
 */

export type DeskNoticeKind = DeskNotice['kind'];

/** What each notice says in a digest and in the console. */
export const DESK_NOTICE_WORDS: Record<DeskNoticeKind, string> = {
  ticket: 'New ticket',
  callback: 'New callback request',
  order: 'New order',
  'service-request': 'New service request',
  reply: 'The customer replied',
};

/** Leaves a notice for the desk, in the caller's transaction. */
export async function addDeskNotice(
  tx: Db,
  notice: { ticketId: number; team: TicketTeam | null; kind: DeskNoticeKind; now: Date },
): Promise<void> {
  await tx.insert(deskNotices).values({
    ticketId: notice.ticketId,
    team: notice.team,
    kind: notice.kind,
    createdAt: notice.now,
  });
}

export type DeskDigestDeps = {
  db: Db;
  brandName: string;
  publicUrl: string;
  /** Each team's address (DESK_SUPPORT_EMAIL, DESK_BILLING_EMAIL); none: the console only. */
  emails: Partial<Record<TicketTeam, string>>;
  /** A ticket's digests are at least this far apart (DESK_DIGEST_MINUTES). */
  digestMinutes: number;
};

/** How many tickets one run digests at most (the next run takes the rest). */
const DIGESTS_PER_RUN = 200;

const when = (instant: Date) =>
  `${dayLabel(businessDate(instant))} ${aestTimeLabel(instant)} ${zoneAbbreviation(instant)}`;

/**
 * One run of the digest job: each ticket with waiting notices and no digest in the last
 * `digestMinutes` gets one email to its team (through the outbox, in the transaction that marks
 * its notices digested, so a crash sends nothing twice and loses nothing). A ticket with no team
 * address configured has its notices marked all the same: the console shows them.
 */
export async function sendDeskDigests(
  deps: DeskDigestDeps,
  now: Date,
): Promise<{ tickets: number; emails: number }> {
  const { db } = deps;
  const since = new Date(now.getTime() - deps.digestMinutes * 60_000);
  const due = await queryRows<{ ticket_id: number }>(
    db,
    sql`select n.ticket_id from ${deskNotices} n
         where n.digested_at is null
           and not exists (select 1 from ${deskNotices} d
                            where d.ticket_id = n.ticket_id and d.digested_at > ${since})
         group by n.ticket_id
         order by min(n.created_at)
         limit ${DIGESTS_PER_RUN}`,
  );
  let digested = 0;
  let emails = 0;
  for (const { ticket_id: ticketId } of due) {
    const mailed = await db.transaction(async (tx) => {
      // Another runner holding them has them: skip, it digests them.
      const waiting = await queryRows<{ id: number; kind: DeskNoticeKind; created_at: Date }>(
        tx,
        sql`select id, kind, created_at from ${deskNotices}
             where ticket_id = ${ticketId} and digested_at is null
             order by id
             for update skip locked`,
      );
      if (waiting.length === 0) return null;
      const [ticket] = await queryRows<{
        subject: string;
        team: TicketTeam | null;
        account_id: number;
        account_name: string;
      }>(
        tx,
        sql`select t.subject, t.team, t.account_id, a.name as account_name
              from ${tickets} t join ${accounts} a on a.id = t.account_id
             where t.id = ${ticketId}`,
      );
      await tx
        .update(deskNotices)
        .set({ digestedAt: now })
        .where(
          inArray(
            deskNotices.id,
            waiting.map((n) => n.id),
          ),
        );
      const to = deps.emails[ticket!.team ?? 'support'];
      if (!to) return false;
      const number = ticketNumber(ticketId);
      const headline =
        waiting.length === 1 ? DESK_NOTICE_WORDS[waiting[0]!.kind] : `${waiting.length} updates`;
      await enqueueMessage(tx, 'email', {
        to,
        subject: `${deps.brandName} desk: ${number} ${headline}: ${ticket!.subject}`,
        body: [
          `Ticket ${number}: ${ticket!.subject}`,
          `Customer: ${ticket!.account_name} (account ${ticket!.account_id})`,
          '',
          ...waiting.map((n) => `- ${when(new Date(n.created_at))}: ${DESK_NOTICE_WORDS[n.kind]}`),
          '',
          'Open it in the console:',
          `${deps.publicUrl}/console/tickets/${ticketId}`,
        ].join('\n'),
      });
      return true;
    });
    if (mailed === null) continue;
    digested += 1;
    if (mailed) emails += 1;
  }
  return { tickets: digested, emails };
}

export type DeskNoticeRow = {
  id: number;
  ticketId: number;
  team: TicketTeam | null;
  kind: DeskNoticeKind;
  createdAt: Date;
  subject: string;
  accountName: string;
};

/** The latest notices for the console, newest first; only those after `after` when given. */
export async function latestDeskNotices(
  db: Db,
  query: { after?: number | undefined; limit: number },
): Promise<DeskNoticeRow[]> {
  return db
    .select({
      id: deskNotices.id,
      ticketId: deskNotices.ticketId,
      team: deskNotices.team,
      kind: sql<DeskNoticeKind>`${deskNotices.kind}`,
      createdAt: deskNotices.createdAt,
      subject: tickets.subject,
      accountName: accounts.name,
    })
    .from(deskNotices)
    .innerJoin(tickets, sql`${tickets.id} = ${deskNotices.ticketId}`)
    .innerJoin(accounts, sql`${accounts.id} = ${tickets.accountId}`)
    .where(query.after === undefined ? undefined : and(gt(deskNotices.id, query.after)))
    .orderBy(desc(deskNotices.id))
    .limit(query.limit);
}
