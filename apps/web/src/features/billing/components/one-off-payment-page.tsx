import { formatDollars } from '@outpost/domain/money';
import type { StartPayment } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { rulesResolver } from '@/components/form/rules-resolver';
import { FormAlert } from '@/components/form/form-alert';
import { getBrand } from '@/lib/brand';
import { useSession } from '@/lib/session';
import { useBalance } from '../api/get-balance';
import { useGatewayInit } from '../api/get-gateway-init';
import { usePaymethods } from '../api/get-paymethods';
import {
  postPayment,
  type PostPaymentInput,
  usePayWithExistingCard,
  useStartPayment,
} from '../api/one-off-payment';
import { reloadAfterPayment } from '../api/update-paymethods';
import { useGatewayClient } from '../gateway/load-gateway';
import { owingAmount, parseAmount } from '../utils/amount';
import { existingCardResult, type PaymentResult, postPaymentResult } from '../utils/payment-result';
import { isCardUsable } from '../utils/paymethods';
import {
  clearReturn,
  ONE_OFF_KEY,
  returnParams,
  storeReturn,
  takeReturn,
} from '../utils/stored-return';
import { AmountField } from './amount-field';
import { BillingLayout } from './billing-layout';
import { GatewaySkeleton } from './gateway-skeleton';
import { PaymentResultModal } from './payment-result-modal';
import { TestNumbers } from './test-numbers';
import { ServerActionButton } from '@/components/server-action-button';
import { LoadingState } from '@/components/loading-state';
import { formatCardExpiry } from '@outpost/domain/card-rules';

type Screen = 'landing' | 'amount' | 'card' | 'existing';
type AmountValues = { amount: string };

/** The last payment tried: 'Try again' returns to its form with its amount (dollars). */
type Attempt = { card: 'new' | 'existing'; amount: number };

/** Kept before confirming a new-card payment, for the return from authentication. */
type StoredPayment = PostPaymentInput & { amount: number; saveCard?: boolean };

function isStoredPayment(value: unknown): value is StoredPayment {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredPayment>;
  return (
    typeof v.prepareId === 'number' && typeof v.csrf === 'string' && typeof v.intentId === 'string'
  );
}

const newCardRules = rulesResolver<AmountValues>({
  amount: (v) => (parseAmount(v) === null ? messages.billing.amountRequired : null),
});

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

/**
 * /billing/one-off-payment (spec 3 sections 2.6, 4, 5 and 8): landing (new or existing card),
 * the amount form, the gateway's card payment, the existing-card form, and the result modal.
 * Nothing is charged until the user presses 'Pay now' or 'Confirm Payment'.
 */
export function OneOffPaymentPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const init = useGatewayInit();
  const [screen, setScreen] = useState<Screen>('landing');
  const [saveCard, setSaveCard] = useState(false);
  const [amount, setAmount] = useState<number | null>(null);
  const [started, setStarted] = useState<StartPayment | null>(null);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  /** The final post (after the card screen, or back from the bank's authentication page). */
  const finish = async (input: PostPaymentInput) => {
    setResult({ kind: 'processing' });
    setScreen('landing');
    try {
      const answer = await postPayment(input);
      setResult(postPaymentResult(answer, input.prepareId));
    } catch {
      setResult({ kind: 'failed', reference: null, message: messages.billing.postFailed });
    } finally {
      clearReturn(ONE_OFF_KEY);
      setStarted(null);
      void reloadAfterPayment(queryClient);
    }
  };

  // Back from authentication with the intent in the address and a stored prepare result.
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current) return;
    returned.current = true;
    const params = returnParams(search, 'payment_intent');
    if (!params) return;
    const stored = takeReturn(ONE_OFF_KEY, isStoredPayment);
    void navigate('/billing/one-off-payment', { replace: true });
    if (stored) {
      setAttempt({ card: 'new', amount: stored.amount });
      setSaveCard(stored.saveCard === true);
      void finish({ prepareId: stored.prepareId, csrf: stored.csrf, intentId: params.intent });
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleCloseResult = () => {
    setResult(null);
    setScreen('landing');
    void navigate('/billing/one-off-payment', { replace: true });
  };

  /** Back to the form the payment came from, with its amount (and the card choice) kept. */
  const handleTryAgain = attempt
    ? () => {
        setResult(null);
        setScreen(attempt.card === 'new' ? 'amount' : 'existing');
        void navigate('/billing/one-off-payment', { replace: true });
      }
    : undefined;
  const retryAmount = attempt ? attempt.amount.toFixed(2) : null;

  return (
    <BillingLayout>
      {init.isError ? (
        <FormAlert>{messages.billing.gatewayInitFailed}</FormAlert>
      ) : screen === 'landing' ? (
        <Landing
          saveCard={saveCard}
          onSaveCardChange={setSaveCard}
          onNewCard={() => setScreen('amount')}
          onExistingCard={() => setScreen('existing')}
        />
      ) : screen === 'amount' ? (
        <AmountScreen
          onBack={() => setScreen('landing')}
          saveCard={saveCard}
          retryAmount={attempt?.card === 'new' ? retryAmount : null}
          onStarted={(payment, value) => {
            setStarted(payment);
            setAmount(value);
            setAttempt({ card: 'new', amount: value });
            setScreen('card');
          }}
        />
      ) : screen === 'card' && started && amount !== null ? (
        <CardScreen
          started={started}
          amount={amount}
          onBack={() => setScreen('amount')}
          onConfirmed={(intentId) =>
            void finish({
              prepareId: started.prepareAPIResult.id,
              csrf: started.prepareAPIResult.csrf,
              intentId,
            })
          }
          saveCard={saveCard}
        />
      ) : (
        <ExistingCardScreen
          onBack={() => setScreen('landing')}
          retryAmount={attempt?.card === 'existing' ? retryAmount : null}
          onAttempt={(value) => setAttempt({ card: 'existing', amount: value })}
          onResult={(next) => {
            setResult(next);
            setScreen('landing');
            void reloadAfterPayment(queryClient);
          }}
        />
      )}
      {result && (
        <PaymentResultModal
          result={result}
          onClose={handleCloseResult}
          {...(handleTryAgain ? { onTryAgain: handleTryAgain } : {})}
        />
      )}
    </BillingLayout>
  );
}

function Landing({
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
            <p>
              {card.type} ending in {card.last4}, expires {formatCardExpiry(card.expires)}
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

function AmountScreen({
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
  if (retryAmount === null && balance.isPending)
    return <LoadingState placeholder={<GatewaySkeleton label="Loading your balance…" />} />;
  return (
    <AmountForm
      initial={retryAmount ?? owingAmount(balance.data)}
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

function CardScreen({
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

function ExistingCardScreen({
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
  const card = methods.data?.card_details ?? null;
  const usable = isCardUsable(card);
  const pay = usePayWithExistingCard();
  const paying = useRef(false);
  const form = useForm<AmountValues>({
    resolver: existingCardRules(usable),
    values: { amount: retryAmount ?? owingAmount(balance.data) },
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
