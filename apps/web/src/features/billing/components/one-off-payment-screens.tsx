import type { StartPayment } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { useId, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { rulesResolver } from '@/components/form/rules-resolver';
import { FormAlert } from '@/components/form/form-alert';
import { useSession } from '@/lib/session';
import { useFormSeed } from '@/lib/form-seed';
import { balanceQueryKey, useBalance } from '../api/get-balance';
import { usePaymethods } from '../api/get-paymethods';
import { useStartPayment } from '../api/one-off-payment';
import { owingAmount, parseAmount } from '../utils/amount';
import { isCardUsable } from '../utils/paymethods';
import { AmountField } from './amount-field';
import { GatewaySkeleton } from './gateway-skeleton';
import { ServerActionButton } from '@/components/server-action-button';
import { LoadingState } from '@/components/loading-state';
import { formatCardExpiry } from '@outpost/domain/card-rules';
import { CardBrandMark } from '@/components/payment-marks';

/** The One-Off Payment page's screens (one-off-payment-page.tsx switches between them). */

export type AmountValues = { amount: string };

const newCardRules = rulesResolver<AmountValues>({
  amount: (v) => (parseAmount(v) === null ? messages.billing.amountRequired : null),
});

export function Landing({
  saveCard,
  onSaveCardChange,
  onNewCard,
  onExistingCard,
}: {
  saveCard: boolean;
  onSaveCardChange: (save: boolean) => void;
  onNewCard: () => void;
  onExistingCard: () => void;
}) {
  const ids = useId();
  const { permissions } = useSession();
  const canSave = hasAllPermissions(permissions, ['edit-paymethods']);
  const methods = usePaymethods();
  const card = methods.data?.card_details ?? null;
  const usable = isCardUsable(card);

  return (
    <div className="payment-choices">
      <section className="paymethod-card" aria-labelledby={`${ids}-new`}>
        <h2 id={`${ids}-new`} className="paymethod-card__title">
          Pay with a new card
        </h2>
        <p>Enter your card details to make a one-off payment.</p>
        {canSave && (
          <div className="choice">
            <input
              type="checkbox"
              id={`${ids}-save`}
              checked={saveCard}
              onChange={(event) => onSaveCardChange(event.target.checked)}
            />
            <label htmlFor={`${ids}-save`} className="choice__label">
              Save this card for future automatic payments
            </label>
          </div>
        )}
        <div className="paymethod-card__actions">
          <button type="button" className="button button--primary" onClick={onNewCard}>
            Use New Card
          </button>
        </div>
      </section>
      <section className="paymethod-card" aria-labelledby={`${ids}-existing`}>
        <h2 id={`${ids}-existing`} className="paymethod-card__title">
          Pay with your saved card
        </h2>
        {methods.isPending ? (
          <LoadingState
            placeholder={
              <>
                <p role="status">{messages.billing.loadingCards}</p>
                <div className="paymethod-card__actions" aria-hidden="true">
                  <span className="skeleton__line paymethod-card__button-skeleton" />
                </div>
              </>
            }
          />
        ) : usable ? (
          <>
            <p className="payment-mark-line">
              <CardBrandMark brand={card.type} />
              <span>
                {card.type} ending in {card.last4}, expires {formatCardExpiry(card.expires)}
              </span>
            </p>
            <div className="paymethod-card__actions">
              <button type="button" className="button" onClick={onExistingCard}>
                Use Existing Card
              </button>
            </div>
          </>
        ) : (
          <>
            <p>{messages.billing.noSavedCard}</p>
            <div className="paymethod-card__actions">
              <Link to="/billing/recurring-payment-method" className="button">
                {messages.billing.setUpCard}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

export function AmountScreen({
  saveCard,
  retryAmount,
  onBack,
  onStarted,
}: {
  saveCard: boolean;
  /** The amount of the payment being tried again, else the amount owing. */
  retryAmount: string | null;
  onBack: () => void;
  onStarted: (payment: StartPayment, amount: number) => void;
}) {
  const balance = useBalance();
  // The amount owing fills the field once: never from a kept copy that is being fetched again.
  const owing = useFormSeed(balance, balanceQueryKey);
  if (retryAmount === null && owing === undefined && !balance.isError)
    return <LoadingState placeholder={<GatewaySkeleton label="Loading your balance…" />} />;
  return (
    <AmountForm
      initial={retryAmount ?? owingAmount(owing)}
      saveCard={saveCard}
      onBack={onBack}
      onStarted={onStarted}
    />
  );
}

function AmountForm({
  initial,
  saveCard,
  onBack,
  onStarted,
}: {
  initial: string;
  saveCard: boolean;
  onBack: () => void;
  onStarted: (payment: StartPayment, amount: number) => void;
}) {
  const ids = useId();
  const start = useStartPayment();
  // A second click lands before the disabled button renders: never start twice.
  const starting = useRef(false);
  const form = useForm<AmountValues>({
    resolver: newCardRules,
    defaultValues: { amount: initial },
  });
  const value = parseAmount(form.watch('amount'));
  const handleSubmit = form.handleSubmit(({ amount }) => {
    const dollarsValue = parseAmount(amount);
    if (dollarsValue === null || starting.current) return;
    starting.current = true;
    start.mutate(
      { amount: dollarsValue, ...(saveCard ? { save_card: true } : {}) },
      {
        onSuccess: (payment) => onStarted(payment, dollarsValue),
        onSettled: () => {
          starting.current = false;
        },
      },
    );
  });
  return (
    <section className="paymethod-card payment-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="paymethod-card__title">
        How much would you like to pay?
      </h2>
      {start.isError && <FormAlert>{messages.billing.startFailed}</FormAlert>}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void handleSubmit(event)}>
          <AmountField<AmountValues> name="amount" hint="The minimum payment is $0.50." />
          <div className="paymethod-card__actions">
            <button type="button" className="button" onClick={onBack}>
              Back
            </button>
            <ServerActionButton
              type="submit"
              className="button button--primary"
              disabled={value === null || start.isPending}
            >
              {start.isPending ? messages.billing.processingShort : 'Next'}
            </ServerActionButton>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
