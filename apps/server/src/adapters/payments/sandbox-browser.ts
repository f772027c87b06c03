import { eq } from 'drizzle-orm';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SandboxConfirm, SandboxConfirmInput } from '@outpost/contracts/billing';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { escapeHtml } from '../../lib/html';
import type { GatewayError, IntentStatus } from './gateway';
import { sandboxError } from './sandbox.errors';
import type { Kind } from './sandbox-intents';
import {
  attach,
  BRAND_NAMES,
  change,
  lockedIntent,
  methodOf,
  newId,
  savesCard,
} from './sandbox-intents';
import { sandboxIntents, sandboxPaymentMethods } from './sandbox.schema';
import {
  EXPIRED,
  PAYMENT_AUTHENTICATION_FAILED,
  SETUP_AUTHENTICATION_FAILED,
  TEST_BANK_ACCOUNTS,
  TEST_BSB,
  TEST_CARDS,
  UNLISTED_ACCOUNT,
  UNLISTED_NUMBER,
  chargeFailure,
} from './test-numbers';
import type { Behaviour } from './test-numbers';

/** The same-origin address to return to, or a 400: never an open redirect. */
function safeReturnUrl(raw: string, publicUrl: string): URL {
  const base = new URL(publicUrl);
  let target: URL;
  try {
    target = new URL(raw, base);
  } catch {
    throw sandboxError('sandboxReturnUrlRefused');
  }
  const relative = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\');
  const absolute = /^https?:\/\//i.test(raw);
  if ((!relative && !absolute) || target.origin !== base.origin)
    throw sandboxError('sandboxReturnUrlRefused');
  return target;
}

/** A return address with the query Stripe adds; relative when it was given relative. */
function returnLocation(raw: string, target: URL, params: Record<string, string>): string {
  const url = new URL(target.href);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return raw.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

type MadeMethod =
  | { ok: true; values: Omit<typeof sandboxPaymentMethods.$inferInsert, 'id' | 'createdAt'> }
  | { ok: false; error: GatewayError; attempted: boolean };

/** The payment method the browser's details stand for, or the error their test number gives. */
function makeMethod(data: SandboxConfirmInput['payment_method_data'], now: Date): MadeMethod {
  if (data.type === 'card') {
    const number = data.card.number.replaceAll(' ', '');
    const card = TEST_CARDS.find((c) => c.number === number);
    if (!card) return { ok: false, error: UNLISTED_NUMBER, attempted: false };
    const { exp_month: expMonth, exp_year: expYear } = data.card;
    const year = now.getUTCFullYear();
    if (expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1))
      return { ok: false, error: EXPIRED, attempted: true };
    if (card.behaviour === 'decline') return { ok: false, error: card.error!, attempted: true };
    return {
      ok: true,
      values: {
        type: 'card',
        brand: card.brand,
        last4: number.slice(-4),
        expMonth,
        expYear,
        behaviour: card.behaviour,
      },
    };
  }
  const { bsb_number: bsb, account_number: account } = data.au_becs_debit;
  const bank = bsb === TEST_BSB ? TEST_BANK_ACCOUNTS.find((b) => b.account === account) : undefined;
  if (!bank) return { ok: false, error: UNLISTED_ACCOUNT, attempted: false };
  return {
    ok: true,
    values: {
      type: 'au_becs_debit',
      last4: account.slice(-4),
      holderName: data.billing_details.name,
      behaviour: bank.behaviour,
    },
  };
}

const CONFIRMABLE = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

const needsAuthentication = (behaviour: string) =>
  behaviour === 'authenticate_on_setup' || behaviour === 'authenticate_always';

/** What confirming an intent with a method of this behaviour does (the browser is present). */
function onSessionOutcome(
  kind: Kind,
  behaviour: Behaviour,
): { status: IntentStatus; error: GatewayError | null } {
  if (needsAuthentication(behaviour)) return { status: 'requires_action', error: null };
  if (kind === 'setup') return { status: 'succeeded', error: null };
  if (behaviour === 'processing') return { status: 'processing', error: null };
  const failure = chargeFailure(behaviour);
  return failure
    ? { status: 'requires_payment_method', error: failure }
    : { status: 'succeeded', error: null };
}

/** What the browser asks of the sandbox gateway. */
export type SandboxBrowser = {
  /** The browser's confirm with the sandbox's own card or bank form (like Stripe.js's). */
  confirm(
    kind: 'setup' | 'payment',
    intentId: string,
    input: SandboxConfirmInput,
  ): Promise<SandboxConfirm>;
  /** The stand-in for the bank's authentication page (HTML). */
  authenticationPage(
    intentId: string,
    query: { client_secret: string; return_url: string },
  ): Promise<string>;
  /** Completes or fails the authentication; answers where to send the browser back to. */
  authenticate(
    intentId: string,
    input: { client_secret: string; return_url: string; outcome: 'complete' | 'fail' },
  ): Promise<string>;
};

type BrowserDeps = {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** After a commit: hand the new events over (a failure leaves them for deliverPending). */
  deliverQuietly: () => Promise<void>;
};

/**
 * The sandbox's browser side (like Stripe.js and the bank's 3-D Secure page): confirming an
 * intent with the sandbox's own card or bank form, and the authentication stand-in.
 */
export function sandboxBrowser({
  db,
  clock,
  publicUrl,
  deliverQuietly,
}: BrowserDeps): SandboxBrowser {
  return {
    async confirm(kind, intentId, input) {
      const returnUrl = input.return_url ?? '/';
      safeReturnUrl(returnUrl, publicUrl);
      const { row, method } = await withTransaction(db, async (tx) => {
        const intent = await lockedIntent(tx, kind, intentId, input.client_secret);
        const what = kind === 'setup' ? 'setup' : 'payment';
        // Like Stripe: a new attempt after a failure, or instead of an authentication left undone.
        if (!CONFIRMABLE.has(intent.status))
          throw sandboxError('sandboxUnexpectedState', what, intent.status);
        const data = input.payment_method_data;
        if (data.type !== intent.methodType)
          throw sandboxError(
            'sandboxMethodNotAllowed',
            what,
            intent.methodType === 'card' ? 'card' : 'bank account',
          );
        const made = makeMethod(data, clock());
        if (!made.ok) {
          const values = {
            status: 'requires_payment_method',
            lastError: made.error,
            paymentMethodId: null,
          };
          // An unlisted number never reaches a bank: no attempt, no event (Stripe.js refuses it).
          if (!made.attempted) {
            const [updated] = await tx
              .update(sandboxIntents)
              .set({ ...values, updatedAt: clock() })
              .where(eq(sandboxIntents.id, intent.id))
              .returning();
            return { row: updated!, method: null };
          }
          return { row: await change(tx, clock, intent, values), method: null };
        }
        const [created] = await tx
          .insert(sandboxPaymentMethods)
          .values({ ...made.values, id: newId('pm'), createdAt: clock() })
          .returning();
        const outcome = onSessionOutcome(kind, created!.behaviour as Behaviour);
        if (outcome.status === 'succeeded' || outcome.status === 'processing')
          if (kind === 'setup' || savesCard(intent))
            await attach(tx, created!.id, intent.customerId);
        const updated = await change(tx, clock, intent, {
          status: outcome.status,
          lastError: outcome.error,
          paymentMethodId: created!.id,
        });
        return { row: updated, method: created! };
      });
      await deliverQuietly();
      const query = new URLSearchParams({
        client_secret: input.client_secret,
        return_url: returnUrl,
      });
      return {
        id: row.id,
        status: row.status,
        payment_method: method?.id ?? null,
        next_action:
          row.status === 'requires_action'
            ? {
                redirect_to_url: {
                  url: `${buildPath(apiPaths.sandboxAuthenticate, { intent: row.id })}?${query}`,
                },
              }
            : null,
        last_error: (row.lastError as GatewayError | null) ?? null,
      };
    },

    async authenticationPage(intentId, query) {
      safeReturnUrl(query.return_url, publicUrl);
      const kind: Kind = intentId.startsWith('seti_') ? 'setup' : 'payment';
      const row = await withTransaction(db, (tx) =>
        lockedIntent(tx, kind, intentId, query.client_secret),
      );
      if (row.status !== 'requires_action')
        throw sandboxError('sandboxUnexpectedState', 'authentication', row.status);
      const method = await methodOf(db, row.paymentMethodId);
      const brand = method?.brand ? (BRAND_NAMES[method.brand] ?? method.brand) : 'card';
      const card = method ? `the ${brand} card ending ${method.last4}` : 'your card';
      const what =
        kind === 'setup'
          ? `Saving ${card} for automatic payments.`
          : `A payment of $${((row.amountCents ?? 0) / 100).toFixed(2)} AUD with ${card}.`;
      const action = buildPath(apiPaths.sandboxAuthenticate, { intent: row.id });
      return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank: confirm it is you</title>
</head>
<body>
<main>
<h1>Sandbox bank: confirm it is you</h1>
<p>This page stands in for your bank's check (3-D Secure) in the sandbox gateway. No real bank is asked and no money moves.</p>
<p>${escapeHtml(what)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(query.client_secret)}">
<input type="hidden" name="return_url" value="${escapeHtml(query.return_url)}">
<p><button type="submit" name="outcome" value="complete">Complete authentication</button></p>
<p><button type="submit" name="outcome" value="fail">Fail authentication</button></p>
</form>
</main>
</body>
</html>
`;
    },

    async authenticate(intentId, input) {
      const target = safeReturnUrl(input.return_url, publicUrl);
      const kind: Kind = intentId.startsWith('seti_') ? 'setup' : 'payment';
      const row = await withTransaction(db, async (tx) => {
        const intent = await lockedIntent(tx, kind, intentId, input.client_secret);
        if (intent.status !== 'requires_action')
          throw sandboxError('sandboxUnexpectedState', 'authentication', intent.status);
        if (input.outcome === 'fail')
          return change(tx, clock, intent, {
            status: 'requires_payment_method',
            lastError:
              kind === 'setup' ? SETUP_AUTHENTICATION_FAILED : PAYMENT_AUTHENTICATION_FAILED,
            paymentMethodId: null,
          });
        if (kind === 'setup' || savesCard(intent))
          await attach(tx, intent.paymentMethodId, intent.customerId);
        return change(tx, clock, intent, { status: 'succeeded', lastError: null });
      });
      await deliverQuietly();
      const name = kind === 'setup' ? 'setup_intent' : 'payment_intent';
      return returnLocation(input.return_url, target, {
        [name]: row.id,
        [`${name}_client_secret`]: input.client_secret,
        redirect_status: row.status === 'succeeded' ? 'succeeded' : 'failed',
      });
    },
  };
}
