import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { messages } from '@outpost/contracts/messages';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { type GatewayFormProps, type PaymentGatewayClient, returnUrl } from './types';
import { ServerActionButton } from '@/components/server-action-button';

type Kind = 'setup' | 'payment';

function StripeForm({
  kind,
  intentId,
  submitLabel,
  onBeforeConfirm,
  onResult,
  secondary,
}: GatewayFormProps & { kind: Kind }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirming = useRef(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || confirming.current) return;
    confirming.current = true;
    setBusy(true);
    setProblem(null);
    try {
      onBeforeConfirm?.();
      const confirmParams = { return_url: returnUrl() };
      const result =
        kind === 'setup'
          ? await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' })
          : await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
      if (result.error) {
        // A field left empty or mistyped: Stripe shows it beside the field; nothing was sent.
        if (result.error.type === 'validation_error') {
          setProblem(result.error.message ?? null);
          return;
        }
        const intent =
          'setup_intent' in result.error ? result.error.setup_intent : result.error.payment_intent;
        onResult({
          status: intent?.status ?? 'requires_payment_method',
          intentId: intent?.id ?? intentId,
          paymentMethod: result.error.payment_method?.id ?? null,
          error: {
            type: result.error.type,
            code: result.error.code ?? null,
            decline_code: result.error.decline_code ?? null,
            message: result.error.message ?? messages.billing.postFailed,
          },
        });
        return;
      }
      const intent = 'setupIntent' in result ? result.setupIntent : result.paymentIntent;
      const method = intent.payment_method;
      onResult({
        status: intent.status,
        intentId: intent.id,
        paymentMethod: typeof method === 'string' ? method : (method?.id ?? null),
        error: null,
      });
    } finally {
      confirming.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="gateway-form" onSubmit={(event) => void handleSubmit(event)}>
      <PaymentElement />
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="gateway-form__actions">
        {secondary}
        <ServerActionButton
          type="submit"
          className="button button--primary"
          disabled={busy || !stripe || !elements}
        >
          {busy ? messages.billing.processingShort : submitLabel}
        </ServerActionButton>
      </div>
    </form>
  );
}

/** Stripe Elements: the PaymentElement and confirmSetup / confirmPayment, redirecting only if required. */
export function createStripeClient(publishableKey: string): PaymentGatewayClient {
  const stripePromise = loadStripe(publishableKey);
  const formOf = (kind: Kind) =>
    function StripeGatewayForm(props: GatewayFormProps) {
      return (
        <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret }}>
          <StripeForm kind={kind} {...props} />
        </Elements>
      );
    };
  return { mode: 'stripe', SetupForm: formOf('setup'), PaymentForm: formOf('payment') };
}
