import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminPlanChangeCommitInput, adminPlanChangeInput } from '@outpost/contracts/admin';
import type { AvailableBlock, AvailablePlan, PlanOption } from '@outpost/contracts/services';
import { formatDollars } from '@outpost/domain/money';
import type { Db } from '../../db/client';
import { recordAudit } from '../staff/staff.service';
import {
  applyPlanChange,
  currentOptions,
  purchaseBlock,
  quotePlanChange,
} from '../services/changes.service';
import {
  availableBlocks,
  availablePlans,
  decideBlock,
  decideChange,
  planById,
  planOptions,
} from '../services/services.service';
import type { ServiceRow } from '../services/services.service';
import { services } from '../services/services.schema';
import type { DeskCaller } from './admin-desk.service';
import { adminError } from './admin.errors';

/**
 * Staff (or a provider's system) acting for a customer in the customer's own flows (decision 056):
 * a plan change and a data block go through the same decisions (`decideChange`, `decideBlock`)
 * and the same writes (`applyPlanChange`, `purchaseBlock`) as the portal's prepare/commit, so the
 * quotes, refusals, charges and webhooks are the customer's own and the portal shows the result
 * at once. Only who asked differs: no contact, and the staff audit names the staff member or key.
 */

type PlanChangeInput = z.output<typeof adminPlanChangeInput>;
type PlanChangeCommitInput = z.output<typeof adminPlanChangeCommitInput>;

/** The account's service, locked when asked; a service of another account is 404. */
async function accountService(
  db: Db,
  accountId: number,
  serviceId: number,
  lock = false,
): Promise<ServiceRow> {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.accountId, accountId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw adminError('serviceMissing');
  return row;
}

/**
 * The plans the customer could choose for the service, as the portal lists them, each with the
 * extras it offers, and the extras the service has now (a change keeps them only if asked to).
 */
export async function plansFor(
  db: Db,
  accountId: number,
  serviceId: number,
  now: Date,
): Promise<{ plans: (AvailablePlan & { options: PlanOption[] })[]; current_options: number[] }> {
  const service = await accountService(db, accountId, serviceId);
  const plans = await availablePlans(db, service, now);
  return {
    plans: await Promise.all(
      plans.map(async (p) => ({ ...p, options: await planOptions(db, p.planid) })),
    ),
    current_options: await currentOptions(db, service.id),
  };
}

/** What the change would do now (the same refusals as the customer's prepare). */
export async function planChangeQuote(
  db: Db,
  accountId: number,
  serviceId: number,
  input: PlanChangeInput,
  now: Date,
) {
  const service = await accountService(db, accountId, serviceId);
  return quotePlanChange(db, service, await decideChange(db, service, input), now);
}

/** A pro-rata in words: "a $4.17 charge", "a $2.00 credit" or "nothing". */
const adjustmentText = (cents: number) =>
  cents === 0
    ? 'nothing'
    : `a ${formatDollars(Math.abs(cents))} ${cents > 0 ? 'charge' : 'credit'}`;

/** The change, applied as the customer's commit applies it, and audited with who and how much. */
export async function changePlanFor(
  tx: Db,
  accountId: number,
  serviceId: number,
  input: PlanChangeCommitInput,
  caller: DeskCaller,
  now: Date,
) {
  const service = await accountService(tx, accountId, serviceId, true);
  const decision = await decideChange(tx, service, input);
  if (input.expected_adjustment !== undefined) {
    // The same arithmetic at the same instant as the apply below: what it will charge.
    const { adjustment } = await quotePlanChange(tx, service, decision, now);
    if (adjustment !== input.expected_adjustment)
      throw adminError('quoteChanged', adjustmentText(adjustment));
  }
  const from = (await planById(tx, service.planId, service.periodStart))!.name;
  const result = await applyPlanChange(tx, service, decision, caller, now);
  const what =
    decision.kind === 'cancel'
      ? `${service.identifier}: the scheduled plan change cancelled (stays on ${from})`
      : `${service.identifier}: ${from} to ${decision.plan.name} (${decision.when}), ${
          result.adjustment === 0
            ? 'no pro-rata'
            : `pro-rata ${result.adjustment > 0 ? 'charge' : 'credit'} ${formatDollars(Math.abs(result.adjustment))}`
        }`;
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId: null,
    action: 'plan-changed-for-customer',
    detail: what,
  });
  return result;
}

/** The blocks the customer could buy for the service, as the portal lists them. */
export async function blocksFor(
  db: Db,
  accountId: number,
  serviceId: number,
): Promise<AvailableBlock[]> {
  return availableBlocks(db, await accountService(db, accountId, serviceId));
}

/**
 * A block bought for the customer: charged as theirs is, onto the next invoice (no card is taken
 * in the portal's flow either), and audited with who, the block and the amount.
 */
export async function buyBlockFor(
  tx: Db,
  accountId: number,
  serviceId: number,
  dbid: number,
  caller: DeskCaller,
  now: Date,
) {
  const service = await accountService(tx, accountId, serviceId, true);
  const block = await decideBlock(tx, service, dbid);
  const purchase = await purchaseBlock(tx, service, block, caller, now);
  await recordAudit(tx, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId: null,
    action: 'data-block-bought-for-customer',
    detail: `${service.identifier}: ${block.block}, ${formatDollars(block.price)} onto the next invoice`,
  });
  return purchase;
}
