import { and, eq, sql } from 'drizzle-orm';
import { maskReferredName } from '@outpost/domain/referrals-rules';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { appendTransaction } from '../billing/ledger';
import { services } from '../services/services.schema';
import { referralAddressKey } from './referral-address';
import { referrals } from './referrals.schema';

/**
 * The referral job (docs/decisions/020). Free of the request layer: the seed and the jobs CLI run
 * it too.
 */

/** The address keys of an account's own services (a referral to one is a self-referral). */
export async function ownAddressKeys(db: Db, accountId: number): Promise<Set<string>> {
  const rows = await db
    .select({
      line: services.addrLine,
      suburb: services.addrSuburb,
      state: services.addrState,
      postcode: services.addrPostcode,
    })
    .from(services)
    .where(eq(services.accountId, accountId));
  return new Set(rows.map((r) => referralAddressKey(r)));
}

export type ReferralJobResult = { connected: number; credited: number };

const BATCH = 100;

/**
 * The referral job (docs/decisions/020), run with the other jobs on each tick:
 * 1. a referral whose referred service is active becomes 'connected';
 * 2. a connected referral whose service has stayed active for the offer's qualifying days is
 *    credited: a Credit on the referrer's ledger and 'credited', in one transaction, with the
 *    referral locked (FOR UPDATE SKIP LOCKED) and its status checked, so parallel runs or
 *    instances credit it once; transaction_id is unique as well.
 * Never for a self-referral: one is refused when recorded, and checked again here.
 */
export async function runReferralCredits(db: Db, now: Date): Promise<ReferralJobResult> {
  const connected = await queryRows<{ id: number }>(
    db,
    sql`update referrals r
           set status = 'connected',
               connected_at = greatest(coalesce(s.activated_at, ${now}), r.created_at)
          from services s
         where s.id = r.referred_service_id and r.status = 'invited' and s.status = 'active'
        returning r.id`,
  );
  let credited = 0;
  let after = 0; // a cursor: a row skipped below is not read again in this run
  for (;;) {
    const done = await withTransaction(db, async (tx) => {
      const due = await queryRows<{
        id: number;
        referrer: number;
        referred: number;
        given: string;
        surname: string;
        credit_cents: number;
        address_key: string;
      }>(
        tx,
        sql`select r.id, r.referrer_account_id as referrer, r.referred_account_id as referred,
                   r.referred_given_names as given, r.referred_surname as surname,
                   r.credit_cents, r.address_key
              from referrals r
              join referral_offers o on o.id = r.offer_id
              join services s on s.id = r.referred_service_id
             where r.status = 'connected' and s.status = 'active' and r.id > ${after}
               and r.connected_at + make_interval(days => o.qualifying_days) <= ${now}
             order by r.id
             limit ${BATCH}
             for update of r skip locked`,
      );
      for (const r of due) {
        after = r.id;
        if (r.referrer === r.referred) continue;
        if ((await ownAddressKeys(tx, r.referrer)).has(r.address_key)) continue;
        const entry = await appendTransaction(tx, {
          accountId: r.referrer,
          at: now,
          type: 'Credit',
          amountCents: -r.credit_cents,
          status: 'Applied',
          reason: `Referral credit: ${maskReferredName(r.given, r.surname)} connected`,
        });
        await tx
          .update(referrals)
          .set({ status: 'credited', creditedAt: now, transactionId: entry.id })
          .where(and(eq(referrals.id, r.id), eq(referrals.status, 'connected')));
        credited += 1;
      }
      return due.length < BATCH;
    });
    if (done) return { connected: connected.length, credited };
  }
}
