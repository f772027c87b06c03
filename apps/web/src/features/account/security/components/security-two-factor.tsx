import type { TwoFactorMethod, TwoFactorStatus } from '@outpost/contracts/security';
import { messages } from '@outpost/contracts/messages';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { LoadError } from '@/components/load-error';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import { cleanErrorMessage } from '@/lib/error-message';
import {
  useSendStepUp,
  useStartAuthenticator,
  useTwoFactor,
  useUpdateTwoFactor,
  useVerifyStepUp,
} from '../api/security-queries';
import { SecurityQrCode } from './security-qr-code';
import { SecuritySkeleton } from './security-skeleton';
import { ServerActionButton } from '@/components/server-action-button';
import { LoadingState } from '@/components/loading-state';

type Step = 'choose' | 'confirm' | 'verify' | 'app' | 'saving';
type Intent = 'change' | 'off';

export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code.';
type CodeValues = { code: string };
const codeRules = rulesResolver<CodeValues>({
  code: (code) => (/^[0-9]{6}$/.test(code.trim()) ? null : CODE_FORMAT_MESSAGE),
});

/** How the status reads: 'On: codes by SMS to your mobile ending in 156'. */
export function twoFactorSummary(status: TwoFactorStatus): string {
  switch (status.method) {
    case 'sms':
      return `On: codes by SMS to your mobile ${status.mobile_hint ?? ''}`.trim();
    case 'email':
      return `On: codes by email to ${status.email_hint ?? 'your email address'}`;
    case 'totp':
      return 'On: codes from your authenticator app';
    default:
      return 'Off: only your password protects your login.';
  }
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const methodLabels: Readonly<Record<TwoFactorMethod, string>> = {
  totp: 'Authenticator app',
  sms: 'SMS',
  email: 'Email',
};

function methodDescription(method: TwoFactorMethod, status: TwoFactorStatus): string {
  if (method === 'totp')
    return 'An app such as Google Authenticator or Microsoft Authenticator shows a new code every 30 seconds. Works without phone signal.';
  if (method === 'sms')
    return status.mobile_hint
      ? `A code by SMS to your mobile ${status.mobile_hint}.`
      : 'There is no mobile number on your contact details. Add one on My Details first.';
  return status.email_hint
    ? `A code by email to ${status.email_hint}.`
    : 'There is no email address on your contact details. Add one on My Details first.';
}

/**
 * Two-factor authentication (docs/decisions/016): its state, and a dialog to turn it on, change
 * the method or turn it off. Every change asks for a one-time code first (by the current method,
 * or by email or SMS while it is off); setting up the authenticator app shows a QR code and the
 * key, and is confirmed by a code from the app.
 */
export function SecurityTwoFactor() {
  const ids = useId();
  const status = useTwoFactor();
  const [intent, setIntent] = useState<{ kind: Intent; at: number } | null>(null);
  return (
    <section className="security-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="security-card__title">
        Two-factor authentication
      </h2>
      <p className="security-card__intro">
        A one-time code as well as your password when you log in.
      </p>
      {status.isError ? (
        <LoadError
          error={messages.account.loadPage}
          onRetry={() => void status.refetch()}
          resetKey={status.errorUpdatedAt}
        />
      ) : status.isPending ? (
        <LoadingState
          placeholder={<SecuritySkeleton lines={2} label="Loading your two-factor settings" />}
        />
      ) : (
        <>
          <p className="security-two-factor__state">
            <span
              className={status.data.enabled ? 'status-badge status-badge--paid' : 'status-badge'}
            >
              {status.data.enabled ? 'On' : 'Off'}
            </span>{' '}
            {sentenceCase(twoFactorSummary(status.data).replace(/^(On|Off): /, ''))}
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={() => setIntent({ kind: 'change', at: Date.now() })}
            >
              {status.data.enabled ? 'Change Method' : 'Turn On'}
            </button>
            {status.data.enabled && (
              <button
                type="button"
                className="button"
                onClick={() => setIntent({ kind: 'off', at: Date.now() })}
              >
                Turn Off
              </button>
            )}
          </div>
          {intent && (
            <TwoFactorModal
              key={intent.at}
              intent={intent.kind}
              status={status.data}
              onClose={() => setIntent(null)}
            />
          )}
        </>
      )}
    </section>
  );
}

function TwoFactorModal({
  intent,
  status,
  onClose,
}: {
  intent: Intent;
  status: TwoFactorStatus;
  onClose: () => void;
}) {
  const ids = useId();
  const flow = useWizardFlow<Step>({ first: intent === 'off' ? 'confirm' : 'choose', onClose });
  const offered = (['totp', 'sms', 'email'] as const).filter((m) => m !== status.method);
  const unavailable = (m: TwoFactorMethod) =>
    (m === 'sms' && !status.mobile_hint) || (m === 'email' && !status.email_hint);
  const [method, setMethod] = useState<TwoFactorMethod | null>(
    intent === 'off' ? null : (offered.find((m) => !unavailable(m)) ?? null),
  );
  const [stepError, setStepError] = useState<unknown>(null);
  const send = useSendStepUp();
  const verify = useVerifyStepUp();
  const start = useStartAuthenticator();
  const save = flow.submitter(useUpdateTwoFactor(), {
    savingStep: 'saving',
    errorStep: method === 'totp' ? 'app' : intent === 'off' ? 'confirm' : 'choose',
  });
  const sentOnce = useRef(false);
  const codeForm = useForm<CodeValues>({ resolver: codeRules, defaultValues: { code: '' } });
  const appForm = useForm<CodeValues>({ resolver: codeRules, defaultValues: { code: '' } });

  // Entering the verify step sends the code (or says to open the authenticator app).
  useEffect(() => {
    if (flow.step !== 'verify' || sentOnce.current) return;
    sentOnce.current = true;
    send.mutate();
  }, [flow.step, send]);

  const toVerify = () => {
    setStepError(null);
    flow.goTo('verify');
  };

  const onVerified = () => {
    if (method === 'totp') {
      start.mutate(undefined, {
        onSuccess: () => flow.goTo('app'),
        onError: (error) => setStepError(error),
      });
    } else {
      save({ method });
    }
  };

  const submitCode = codeForm.handleSubmit(({ code }) => {
    setStepError(null);
    verify.mutate(code.trim(), {
      onSuccess: onVerified,
      onError: (error) => setStepError(error),
    });
  });

  const submitApp = appForm.handleSubmit(({ code }) => save({ method: 'totp', code: code.trim() }));

  // Fixed when the dialog opens: the status changes once the change is saved.
  const [title] = useState(() =>
    intent === 'off'
      ? 'Turn off two-factor authentication'
      : status.enabled
        ? 'Change two-factor method'
        : 'Turn on two-factor authentication',
  );
  const busy = verify.isPending || start.isPending || flow.saving;

  return (
    <WizardModal flow={flow} title={title}>
      <WizardStep flow={flow} id="confirm" heading="Are you sure?">
        <p>
          Without two-factor authentication, anyone who learns your password can log in to your
          account.
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={toVerify}>
            Continue
          </button>
          <button type="button" className="button" onClick={flow.back}>
            Cancel
          </button>
        </div>
      </WizardStep>

      <WizardStep flow={flow} id="choose" heading="How should we check it is you?">
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (method) toVerify();
          }}
        >
          <fieldset className="choice-group">
            <legend className="choice-group__legend">Get codes by</legend>
            {offered.map((m) => {
              return (
                <div key={m} className="choice">
                  <input
                    type="radio"
                    name={`${ids}-method`}
                    id={`${ids}-${m}`}
                    value={m}
                    checked={method === m}
                    disabled={unavailable(m)}
                    aria-describedby={`${ids}-${m}-description`}
                    onChange={() => setMethod(m)}
                  />
                  <label htmlFor={`${ids}-${m}`} className="choice__label">
                    {methodLabels[m]}
                  </label>
                  <p id={`${ids}-${m}-description`} className="choice__description">
                    {methodDescription(m, status)}
                  </p>
                </div>
              );
            })}
          </fieldset>
          <div className="button-row">
            <ServerActionButton type="submit" className="button button--primary" disabled={!method}>
              Continue
            </ServerActionButton>
          </div>
        </form>
      </WizardStep>

      <WizardStep flow={flow} id="verify" heading="Confirm it is you">
        {send.isPending ? (
          <p role="status">Sending your code…</p>
        ) : send.isError ? (
          <FormAlert error={send.error}>{cleanErrorMessage(send.error)}</FormAlert>
        ) : send.data ? (
          <FormAlert tone="info">{send.data.delivery}</FormAlert>
        ) : null}
        {stepError !== null && <FormAlert>{cleanErrorMessage(stepError)}</FormAlert>}
        <FormProvider {...codeForm}>
          <form className="form" onSubmit={(e) => void submitCode(e)} noValidate>
            <Field<CodeValues>
              name="code"
              label="One-time code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-autofocus
            />
            <div className="button-row">
              <ServerActionButton type="submit" className="button button--primary" disabled={busy}>
                {verify.isPending ? 'Checking...' : 'Verify'}
              </ServerActionButton>
              {send.data?.method !== 'totp' && (
                <button
                  type="button"
                  className="button button--link"
                  disabled={send.isPending}
                  onClick={() => send.mutate()}
                >
                  Send a new code
                </button>
              )}
            </div>
          </form>
        </FormProvider>
      </WizardStep>

      <WizardStep flow={flow} id="app" heading="Set up your authenticator app">
        {start.data && (
          <>
            <ol className="security-app-steps">
              <li>Open your authenticator app and add an account.</li>
              <li>Scan this QR code, or type the key below.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <SecurityQrCode
              text={start.data.uri}
              label="QR code to add your account to an authenticator app"
            />
            <p className="security-secret">
              <span id={`${ids}-key`}>Key: </span>
              <code aria-labelledby={`${ids}-key`} data-testid="authenticator-secret">
                {start.data.secret}
              </code>
            </p>
            <FormProvider {...appForm}>
              <form className="form" onSubmit={(e) => void submitApp(e)} noValidate>
                <Field<CodeValues>
                  name="code"
                  label="Code from the app"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                />
                <div className="button-row">
                  <ServerActionButton
                    type="submit"
                    className="button button--primary"
                    disabled={busy}
                  >
                    Turn On
                  </ServerActionButton>
                </div>
              </form>
            </FormProvider>
          </>
        )}
      </WizardStep>

      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Saving your two-factor settings"
        done="Two-factor settings saved"
        status={messages.account.securityUpdated}
      />
    </WizardModal>
  );
}
