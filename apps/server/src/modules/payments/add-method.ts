import { addPaymentMethodResult } from '@outpost/domain/billing-rules';
import type { PaymentMethodType } from '@outpost/contracts/billing';
import type { PaymentGateway, SetupIntentInfo } from '../../adapters/payments/gateway';
import type { Db } from '../../db/client';
import { paymentsError } from './payments.errors';
import { ensureGatewayCustomer, paymethodsRow } from './paymethods.service';

/** What prepare asked of the gateway: the account's customer and the SetupIntent. */
export type Setup = { customerId: string; intent: SetupIntentInfo };
/** What commit read from the gateway: the outcome to show, and the method to keep if any. */
export type SetupRead = Awaited<ReturnType<typeof readSetup>>;

type Log = { warn: (obj: object, msg: string) => void };
type Caller = { userId: number; accountId: number };

/** The add-payment-method code of a SetupIntent: its status, else its error's most specific known code. */
function setupCode(type: PaymentMethodType, intent: SetupIntentInfo): string {
  if (intent.status === 'succeeded') return 'succeeded';
  const known = (code: string | null | undefined): code is string =>
    Boolean(code) && !addPaymentMethodResult(type, code).message.includes('(unknown)');
  const { decline_code: decline, code } = intent.lastError ?? { decline_code: null, code: null };
  if (known(decline)) return decline;
  if (known(code)) return code;
  if (intent.lastError) return 'card_error';
  return intent.status;
}

/** Adding a card or a bank account at prepare: the account's customer and a SetupIntent. */
export async function startSetup(
  deps: { db: Db; gateway: PaymentGateway },
  caller: Caller,
  type: PaymentMethodType,
  log: Log,
): Promise<Setup> {
  try {
    const customerId = await ensureGatewayCustomer(deps.db, deps.gateway, caller.accountId);
    const intent = await deps.gateway.createSetupIntent({
      customerId,
      type,
      metadata: { account_id: String(caller.accountId), user_id: String(caller.userId) },
    });
    return { customerId, intent };
  } catch (error) {
    log.warn({ err: error }, 'preparing a setup intent failed');
    throw paymentsError('setupFailed');
  }
}

/**
 * Adding a card or a bank account at commit, before its transaction: the SetupIntent as the
 * gateway has it (never as the client says), which must be the account's customer's and of the
 * type added; answers the outcome to show and the method to keep.
 */
export async function readSetup(
  deps: { db: Db; gateway: PaymentGateway },
  caller: Caller,
  type: PaymentMethodType,
  setupIntentId: string,
  log: Log,
) {
  let intent: SetupIntentInfo;
  try {
    intent = await deps.gateway.retrieveSetupIntent(setupIntentId);
  } catch (error) {
    log.warn({ err: error }, 'reading a setup intent failed');
    throw paymentsError('setupFailed');
  }
  const account = await paymethodsRow(deps.db, caller.accountId);
  const wanted = type === 'card' ? 'card' : 'au_becs_debit';
  if (
    intent.id !== setupIntentId ||
    !account?.gatewayCustomerId ||
    intent.customerId !== account.gatewayCustomerId ||
    (intent.paymentMethod !== null && intent.paymentMethod.type !== wanted)
  )
    throw paymentsError('paymentMismatch');
  const outcome = addPaymentMethodResult(type, setupCode(type, intent));
  return { outcome, method: outcome.status === 'Approved' ? intent.paymentMethod : null };
}
