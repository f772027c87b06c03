import type { StartPayment } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { useGatewayInit } from '../api/get-gateway-init';
import { postPayment, type PostPaymentInput } from '../api/one-off-payment';
import { reloadAfterPayment } from '../api/update-paymethods';
import { type PaymentResult, postPaymentResult } from '../utils/payment-result';
import { clearReturn, ONE_OFF_KEY, returnParams, takeReturn } from '../utils/stored-return';
import { BillingLayout } from './billing-layout';
import { PaymentResultModal } from './payment-result-modal';

import { CardScreen, ExistingCardScreen, isStoredPayment } from './one-off-payment-card-screens';
import { AmountScreen, Landing } from './one-off-payment-screens';

type Screen = 'landing' | 'amount' | 'card' | 'existing';

/** The last payment tried: 'Try again' returns to its form with its amount (dollars). */
type Attempt = { card: 'new' | 'existing'; amount: number };

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
