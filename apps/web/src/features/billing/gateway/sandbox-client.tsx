import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { SandboxConfirm, SandboxConfirmInput } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { FormAlert } from '@/components/form/form-alert';
import { apiData } from '@/lib/api-client';
import {
  cardBrand,
  type ConfirmResult,
  type GatewayFormProps,
  type PaymentGatewayClient,
  returnUrl,
} from './types';
import { ServerActionButton } from '@/components/server-action-button';

/**
 * The embedded sandbox gateway's form (no Stripe account configured): card number, expiry and
 * CVC, or a bank account's holder, email, BSB and number, posted to the sandbox's confirm route
 * as Stripe.js would post them; the bank's authentication page is followed when it asks for it.
 */

type Kind = 'setup' | 'payment';

type CardValues = { number: string; expiry: string; cvc: string };
type BankValues = { name: string; email: string; bsb: string; account: string };

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

export const cardRules = rulesResolver<CardValues>({
  number: (v) =>
    v.trim() === ''
      ? 'Enter the card number.'
      : /^[0-9 ]{12,23}$/.test(v.trim())
        ? null
        : 'Enter a valid card number.',
  expiry: (v) => (EXPIRY.test(v.trim()) ? null : 'Enter the expiry date as MM/YY.'),
  cvc: (v) => (/^[0-9]{3,4}$/.test(v.trim()) ? null : 'Enter the 3 or 4 digit security code.'),
});

export const bankRules = rulesResolver<BankValues>({
  name: (v) => (v.trim() === '' ? 'Enter the account holder’s name.' : null),
  email: (v) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : 'Enter a valid email address.',
  bsb: (v) => (/^[0-9]{6}$/.test(v.replace(/[\s-]/g, '')) ? null : 'Enter the 6 digit BSB.'),
  account: (v) =>
    /^[0-9]{5,9}$/.test(v.replace(/\s/g, '')) ? null : 'Enter an account number of 5 to 9 digits.',
});

function confirmPath(kind: Kind, intent: string): string {
  return buildPath(
    kind === 'setup' ? apiPaths.sandboxConfirmSetup : apiPaths.sandboxConfirmPayment,
    {
      intent,
    },
  );
}

/** Posts the details; follows the authentication page if asked (resolving to null). */
async function confirm(
  kind: Kind,
  intent: string,
  body: SandboxConfirmInput,
): Promise<SandboxConfirm | null> {
  const answer = await apiData<SandboxConfirm>(confirmPath(kind, intent), {
    method: 'POST',
    body,
    auth: 'none',
  });
  if (answer.next_action) {
    window.location.assign(answer.next_action.redirect_to_url.url);
    return null;
  }
  return answer;
}

function resultOf(answer: SandboxConfirm, card: ConfirmResult['card']): ConfirmResult {
  return {
    status: answer.status,
    intentId: answer.id,
    paymentMethod: answer.payment_method,
    error: answer.last_error,
    card,
  };
}

/**
 * Confirms the form's intent, one confirm at a time: the details posted, then the result to the
 * page; the page stays busy when it leaves for authentication.
 */
function useConfirming(
  kind: Kind,
  { clientSecret, intentId, onBeforeConfirm, onResult }: GatewayFormProps,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const running = useRef(false);
  const run = async (task: () => Promise<boolean>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setProblem(null);
    let leaving = false;
    try {
      leaving = await task();
    } catch (error) {
      setProblem(error);
    } finally {
      if (!leaving) {
        running.current = false;
        setBusy(false);
      }
    }
  };
  /** Posts the payment method; resolves to true when the page leaves for authentication. */
  const submit = (
    paymentMethod: SandboxConfirmInput['payment_method_data'],
    card: ConfirmResult['card'],
  ) =>
    run(async () => {
      onBeforeConfirm?.();
      const answer = await confirm(kind, intentId, {
        client_secret: clientSecret,
        payment_method_data: paymentMethod,
        return_url: returnUrl(true),
      });
      if (!answer) return true;
      onResult(resultOf(answer, card));
      return false;
    });
  return { busy, problem, submit };
}

function Actions({
  busy,
  label,
  secondary,
}: {
  busy: boolean;
  label: string;
  secondary?: GatewayFormProps['secondary'];
}) {
  return (
    <div className="gateway-form__actions">
      {secondary}
      <ServerActionButton type="submit" className="button button--primary" disabled={busy}>
        {busy ? messages.billing.processingShort : label}
      </ServerActionButton>
    </div>
  );
}

function CardForm({ kind, ...props }: GatewayFormProps & { kind: Kind }) {
  const form = useForm<CardValues>({
    resolver: cardRules,
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const { busy, problem, submit } = useConfirming(kind, props);
  const handleSubmit = form.handleSubmit((values) => {
    const [, mm = '01', yy = '00'] = EXPIRY.exec(values.expiry.trim()) ?? [];
    const number = values.number.trim();
    const digits = number.replace(/\D/g, '');
    return submit(
      {
        type: 'card',
        card: {
          number,
          exp_month: Number(mm),
          exp_year: 2000 + Number(yy),
          cvc: values.cvc.trim(),
        },
      },
      { brand: cardBrand(digits), last4: digits.slice(-4), expires: `${mm}/20${yy}` },
    );
  });
  return (
    <FormProvider {...form}>
      <form className="gateway-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Field<CardValues>
          name="number"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
        />
        <div className="field-row">
          <Field<CardValues>
            name="expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
          />
          <Field<CardValues> name="cvc" label="CVC" inputMode="numeric" autoComplete="cc-csc" />
        </div>
        {problem !== null && <FormAlert error={problem} />}
        <Actions busy={busy} label={props.submitLabel} secondary={props.secondary} />
      </form>
    </FormProvider>
  );
}

function BankForm(props: GatewayFormProps) {
  const form = useForm<BankValues>({
    resolver: bankRules,
    defaultValues: { name: '', email: '', bsb: '', account: '' },
  });
  const { busy, problem, submit } = useConfirming('setup', props);
  const handleSubmit = form.handleSubmit((values) =>
    submit(
      {
        type: 'au_becs_debit',
        au_becs_debit: {
          bsb_number: values.bsb.replace(/[\s-]/g, ''),
          account_number: values.account.replace(/\s/g, ''),
        },
        billing_details: { name: values.name.trim(), email: values.email.trim() },
      },
      null,
    ),
  );
  return (
    <FormProvider {...form}>
      <form className="gateway-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <Field<BankValues> name="name" label="Account holder name" autoComplete="name" />
        <Field<BankValues> name="email" label="Email" type="email" autoComplete="email" />
        <div className="field-row">
          <Field<BankValues> name="bsb" label="BSB" inputMode="numeric" />
          <Field<BankValues> name="account" label="Account number" inputMode="numeric" />
        </div>
        <p className="gateway-form__note">
          By saving, you authorise direct debits from this account under the Direct Debit Request
          service agreement.
        </p>
        {problem !== null && <FormAlert error={problem} />}
        <Actions busy={busy} label={props.submitLabel} secondary={props.secondary} />
      </form>
    </FormProvider>
  );
}

function SandboxSetupForm(props: GatewayFormProps) {
  return props.methodType === 'bank' ? (
    <BankForm {...props} />
  ) : (
    <CardForm kind="setup" {...props} />
  );
}

function SandboxPaymentForm(props: GatewayFormProps) {
  return <CardForm kind="payment" {...props} />;
}

export const sandboxClient: PaymentGatewayClient = {
  mode: 'sandbox',
  SetupForm: SandboxSetupForm,
  PaymentForm: SandboxPaymentForm,
};
