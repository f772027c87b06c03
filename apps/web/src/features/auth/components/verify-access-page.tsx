import { lazy, Suspense, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { rulesResolver } from '@/components/form/rules-resolver';
import { FormAlert, SubmitButton } from '@/components/form/form-alert';
import { setDefaultService } from '@/lib/session';
import { useVerifyAccess } from '../api/verify-access';
import { loginFailure } from '../utils/login-error';
import { checkVerifyInput, contactFromSearch, recoveryErrorMessage } from '../utils/recovery';
import { codeDigits } from '@/components/form/code-input';
import { CodeField } from './code-field';
import { ContactField } from './contact-field';

/**
 * The three verify-access variants (spec 1 section 2, contracts verifyRoutes):
 * - recovery (/forgot-password/verify): then the forced 'Please update your password' modal;
 * - sign-in (/forgot-password/verify/sign-in): then /;
 * - usage (/forgot-password/verify/usage/:serviceid): the service becomes the default, then /services/usage.
 */
export type VerifyVariant =
  { kind: 'recovery' } | { kind: 'sign-in' } | { kind: 'usage'; serviceId: string };

const loadPasswordModal = () => import('./password-update-modal');
const PasswordUpdateModal = lazy(async () => ({
  default: (await loadPasswordModal()).PasswordUpdateModal,
}));

type VerifyValues = { contact: string; code: string; verification: string };

/** Each field shows the first problem checkVerifyInput finds, where it finds it. */
const problemIn =
  (field: 'contact' | 'code') =>
  (_value: string, { contact, code }: VerifyValues): string | null => {
    const check = checkVerifyInput(contact, code);
    return !check.ok && check.field === field ? check.message : null;
  };
const verifyRules = rulesResolver<VerifyValues>({
  contact: problemIn('contact'),
  code: problemIn('code'),
});
/** With two-factor on, the second factor's code too (decision 035: recovery never skips it). */
const secondFactorRules = rulesResolver<VerifyValues>({
  contact: problemIn('contact'),
  code: problemIn('code'),
  verification: (value) =>
    /^[0-9]{6}$/.test(value.trim()) ? null : 'Enter the 6-digit two-factor code.',
});

type SecondFactor = { message: string; tone: 'error' | 'info' };

export type VerifyAccessPageProps = { variant: VerifyVariant };

export function VerifyAccessPage({ variant }: VerifyAccessPageProps) {
  const ids = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const verifyAccess = useVerifyAccess();
  // Two-factor is on: the server asked for the second factor (and sent it, unless an app).
  const [secondFactor, setSecondFactor] = useState<SecondFactor | null>(null);
  const form = useForm<VerifyValues>({
    resolver: secondFactor ? secondFactorRules : verifyRules,
    defaultValues: {
      contact: contactFromSearch(searchParams),
      code: codeDigits(searchParams.get('code') ?? ''),
      verification: '',
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [forcedUpdate, setForcedUpdate] = useState(false);
  const verifying = verifyAccess.isPending;

  const handleSubmit = form.handleSubmit(({ contact, code, verification }) => {
    const check = checkVerifyInput(contact, code);
    if (verifying || forcedUpdate || !check.ok) return;
    setFailure(null);
    // The modal's code downloads during the two round trips, not after them.
    if (variant.kind === 'recovery') void loadPasswordModal();
    const second = secondFactor ? verification.trim() : '';
    verifyAccess.mutate(
      { ...check.body, code: check.code, ...(second === '' ? {} : { verification: second }) },
      {
        onSuccess: () => {
          if (variant.kind === 'recovery') {
            setForcedUpdate(true);
          } else if (variant.kind === 'sign-in') {
            void navigate('/', { replace: true });
          } else {
            setDefaultService(variant.serviceId);
            void navigate('/services/usage', { replace: true });
          }
        },
        onError: (error) => {
          const login = loginFailure(error);
          if (login.needsVerification) {
            setSecondFactor({ message: login.message, tone: login.tone });
            form.setValue('verification', '');
            return;
          }
          setSecondFactor(null);
          setFailure(recoveryErrorMessage(error));
        },
      },
    );
  });

  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className="page__title">
          Verify Access
        </h1>
        <p className="page__subtitle">
          Enter the 6-digit code we sent you, with the email address, mobile number or username you
          asked with.
        </p>
        {failure !== null && <FormAlert>{failure}</FormAlert>}
        {secondFactor !== null && (
          <FormAlert tone={secondFactor.tone}>{secondFactor.message}</FormAlert>
        )}
        <FormProvider {...form}>
          <form className="form" onSubmit={handleSubmit} noValidate>
            <ContactField<VerifyValues> name="contact" />
            <CodeField<VerifyValues> name="code" hint="6 digits, from the email or SMS we sent." />
            {secondFactor !== null && (
              <CodeField<VerifyValues>
                name="verification"
                label="Two-factor code"
                hint="Your account has two-factor authentication: enter its 6-digit code too."
              />
            )}
            <SubmitButton busy={verifying || forcedUpdate} busyLabel="Verifying...">
              Verify Access
            </SubmitButton>
          </form>
        </FormProvider>
        <p className="auth-card__links">
          <Link to="/forgot-password">Request a new code</Link>
          <Link to="/login">Back to Login</Link>
        </p>
      </section>
      {forcedUpdate && (
        <Suspense fallback={null}>
          <PasswordUpdateModal />
        </Suspense>
      )}
    </div>
  );
}
