import { formatDollars } from '@outpost/domain/money';
import type { StartPayment } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { useId, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { rulesResolver } from '@/components/form/rules-resolver';
import { FormAlert } from '@/components/form/form-alert';
import { getBrand } from '@/lib/brand';
import { useFormSeed } from '@/lib/form-seed';
import { balanceQueryKey, useBalance } from '../api/get-balance';
import { useGatewayInit } from '../api/get-gateway-init';
import { usePaymethods } from '../api/get-paymethods';
import { type PostPaymentInput, usePayWithExistingCard } from '../api/one-off-payment';
import { useGatewayClient } from '../gateway/load-gateway';
import { owingAmount } from '../utils/amount';
import { existingCardResult, type PaymentResult } from '../utils/payment-result';
import { isCardUsable } from '../utils/paymethods';
import { ONE_OFF_KEY, storeReturn } from '../utils/stored-return';
import { AmountField } from './amount-field';
import type { AmountValues } from './one-off-payment-screens';
import { GatewaySkeleton } from './gateway-skeleton';
import { TestNumbers } from './test-numbers';
import { ServerActionButton } from '@/components/server-action-button';

/** The One-Off Payment page's card screens: a new card, a saved card. */

/** Kept before confirming a new-card payment, for the return from authentication. */
export type StoredPayment = PostPaymentInput & { amount: number; saveCard?: boolean };

export function isStoredPayment(value: unknown): value is StoredPayment {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredPayment>;
  return (
    typeof v.prepareId === 'number' && typeof v.csrf === 'string' && typeof v.intentId === 'string'
  );
}

/** Spec 3 section 5: required, greater than 0, and a saved card with its last 4 digits. */
function existingCardRules(hasCard: boolean) {
  return rulesResolver<AmountValues>({
    amount: (v) => {
      const value = Number(v);
      return v.trim() !== '' && Number.isFinite(value) && value > 0 && hasCard
        ? null
        : messages.billing.amountRequired;
    },
  });
}

export function CardScreen({
  started,
  amount,
  saveCard,
  onBack,
  onConfirmed,
}: {
  started: StartPayment;
  amount: number;
  saveCard: boolean;
  onBack: () => void;
  onConfirmed: (intentId: string) => void;
}) {
  const ids = useId();
  const init = useGatewayInit();
  const client = useGatewayClient(init.data);
  const PaymentForm = client.data?.PaymentForm;
  const intent = started.stripePaymentIntent;
  return (
    <section className="paymethod-card payment-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="paymethod-card__title">
        Pay {formatDollars(Math.round(amount * 100))} by card
      </h2>
      {client.isError ? (
        <FormAlert>{messages.billing.gatewayInitFailed}</FormAlert>
      ) : PaymentForm ? (
        <PaymentForm
          clientSecret={intent.client_secret}
          intentId={intent.id}
          methodType="card"
          submitLabel="Pay now"
          onBeforeConfirm={() =>
            storeReturn(ONE_OFF_KEY, {
              prepareId: started.prepareAPIResult.id,
              csrf: started.prepareAPIResult.csrf,
              intentId: intent.id,
              amount,
              saveCard,
            } satisfies StoredPayment)
          }
          onResult={(confirmed) => onConfirmed(confirmed.intentId)}
          secondary={
            <button type="button" className="button" onClick={onBack}>
              Back
            </button>
          }
        />
      ) : (
        <GatewaySkeleton label="Loading the secure card form…" />
      )}
      {init.data?.mode === 'sandbox' && <TestNumbers numbers={init.data.testNumbers} kind="card" />}
    </section>
  );
}

export function ExistingCardScreen({
  retryAmount,
  onBack,
  onAttempt,
  onResult,
}: {
  /** The amount of the payment being tried again, else the amount owing. */
  retryAmount: string | null;
  onBack: () => void;
  onAttempt: (amount: number) => void;
  onResult: (result: PaymentResult) => void;
}) {
  const ids = useId();
  const methods = usePaymethods();
  const balance = useBalance();
  const owing = useFormSeed(balance, balanceQueryKey);
  const card = methods.data?.card_details ?? null;
  const usable = isCardUsable(card);
  const pay = usePayWithExistingCard();
  const paying = useRef(false);
  const form = useForm<AmountValues>({
    resolver: existingCardRules(usable),
    values: { amount: retryAmount ?? owingAmount(owing) },
    resetOptions: { keepDirtyValues: true },
  });
  const handleSubmit = form.handleSubmit(({ amount }) => {
    if (paying.current) return;
    paying.current = true;
    onAttempt(Number(amount));
    pay.mutate(Number(amount), {
      onSuccess: ({ prepareId, answer }) =>
        onResult(existingCardResult(answer, prepareId, getBrand().providerName)),
      onSettled: () => {
        paying.current = false;
      },
    });
  });
  return (
    <section className="paymethod-card payment-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="paymethod-card__title">
        Pay with your saved card
      </h2>
      {pay.isError && <FormAlert error={pay.error} />}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <AmountField<AmountValues> name="amount" />
          {usable && (
            <p className="payment-step__note">
              The amount will be deducted from your card ending in {card.last4}.
            </p>
          )}
          <div className="paymethod-card__actions">
            <button type="button" className="button" disabled={pay.isPending} onClick={onBack}>
              Back
            </button>
            <ServerActionButton type="submit" disabled={pay.isPending}>
              {pay.isPending ? messages.billing.processingShort : 'Confirm Payment'}
            </ServerActionButton>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
