import type { Brand } from '@outpost/contracts/brand';
import { DAY_MS } from '@outpost/domain/services';
import type { Messaging } from '../../adapters/messaging';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Notification } from '../notifications/notifications.service';
import { notify } from '../notifications/notifications.service';

/** The billing run's dependencies, its result and what its two steps share (billing-run.ts). */

/** A push owed to the alerted contacts, sent after the transaction commits. */
export type PendingPush = { userIds: number[]; notification: Notification };

export type BillingRunDeps = {
  db: Db;
  /** Null: invoices are issued but nothing is charged (no gateway configured). */
  gateway: PaymentGateway | null;
  messaging: Messaging;
  brand: Brand;
  publicUrl: string;
  billing: { retryDays: number; maxAttempts: number };
  /** Failures that do not stop the run (a gateway call, an email). */
  onError?: (error: unknown, context: string) => void;
};

export type BillingRunResult = {
  invoicesIssued: number;
  /** Charges the gateway accepted. */
  charged: number;
  declined: number;
  /** Still with the gateway (a bank debit is processing). */
  pending: number;
  /** Gateway calls that failed or timed out: retried, same payment and key, by a later run. */
  gatewayErrors: number;
  /** Invoices found paid already (a credit or another payment covered them). */
  settledWithoutCharge: number;
};

/** The run's dependencies from the configuration. */
export function billingRunDeps(
  config: Pick<Config, 'brand' | 'publicUrl' | 'billing'>,
  db: Db,
  gateway: PaymentGateway | null,
  messaging: Messaging,
  onError?: BillingRunDeps['onError'],
): BillingRunDeps {
  return {
    db,
    gateway,
    messaging,
    brand: config.brand,
    publicUrl: config.publicUrl,
    billing: config.billing,
    ...(onError ? { onError } : {}),
  };
}

/** Accounts or invoices claimed at a time. */
export const BATCH = 100;
/** How long a claimed charge keeps its invoice before another run may take it over. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** A bank debit the gateway is still processing is looked at again a day later. */
export const PROCESSING_RECHECK_MS = DAY_MS;
/** The gateway's smallest charge (Stripe: A$0.50); less is left to the next invoice. */
export const MIN_CHARGE_CENTS = 50;

/** After the commit: pushes (mail went to the outbox in the transaction; decision 027). */
export async function send(deps: BillingRunDeps, pushes: PendingPush[]): Promise<void> {
  for (const p of pushes)
    await notify(
      {
        db: deps.db,
        push: deps.messaging.push,
        ...(deps.onError ? { onError: deps.onError } : {}),
      },
      p.userIds,
      p.notification,
    );
}
