import type { LoginInput } from '@outpost/contracts/auth';
import { messages } from '@outpost/contracts/messages';
import { checkLoginInput } from '@outpost/domain/login-rules';
import { Suspense, useContext, useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { Field } from '@/components/form/field';
import { PasswordInput } from '@/components/password-input';
import { FormAlert, SubmitButton } from '@/components/form/form-alert';
import { getBrand } from '@/lib/brand';
import { NativeLoginSlot } from '@/lib/native-login-slot';
import { isNativePlatform } from '@/lib/platform';
import { safeRedirect } from '@/lib/redirect';
import { useLogin } from '../api/login';
import { loginFailure, sessionReasonMessage } from '../utils/login-error';
import { CodeField } from './code-field';

const benefits = [
  'Manage Your Account',
  'Check Usage',
  'Change Plans',
  'Purchase Data Blocks',
] as const;

type LoginValues = { username: string; password: string; verification: string };

export function LoginPage() {
  const brand = getBrand();
  const native = isNativePlatform();
  const NativeLogin = useContext(NativeLoginSlot);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  const ids = useId();
  const form = useForm<LoginValues>({
    defaultValues: { username: '', password: '', verification: '' },
  });
  const [needsVerification, setNeedsVerification] = useState(false);
  /** Where the code comes from: the hint names the authenticator app, as nothing is sent for it. */
  const [codeFrom, setCodeFrom] = useState<'app' | 'sent'>('sent');
  /** Counts the server's requests for a code: each one puts the cursor in the code field. */
  const [codeRequests, setCodeRequests] = useState(0);
  const [failure, setFailure] = useState<{ message: string; tone: 'error' | 'info' } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  /** After a password login on the app: the biometric enable prompt, then the redirect. */
  const [offerBiometric, setOfferBiometric] = useState(false);
  const goOn = () => void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });

  const reason = searchParams.get('reason');
  const problem = form.formState.errors.root?.message;
  const alertMessage =
    problem ??
    failure?.message ??
    (reason !== null && !submitted ? sessionReasonMessage(reason) : null);
  const alertTone = problem === undefined && failure?.tone === 'info' ? 'info' : 'error';
  // Logged in, the dashboard's navigation may wait a moment for its data (app/pages.ts):
  // the button stays busy until the page changes, so a second press does not log in again.
  const navigation = useNavigation();
  const submitting = loginMutation.isPending || navigation.state !== 'idle';

  // Revealed (or refused) code: the code is what the user types next.
  useEffect(() => {
    if (codeRequests > 0) form.setFocus('verification', { shouldSelect: true });
  }, [codeRequests, form]);

  const handleSubmit = form.handleSubmit(({ username, password, verification }) => {
    if (submitting) return;
    setSubmitted(true);
    setFailure(null);
    const check = checkLoginInput(username, password);
    if (check) {
      form.setError('root', { message: check });
      return;
    }
    const input: LoginInput = { username: username.trim(), password };
    const code = verification.trim();
    if (needsVerification && code !== '') input.verification = code;
    loginMutation.mutate(input, {
      onSuccess: () => {
        if (NativeLogin) setOfferBiometric(true);
        else goOn();
      },
      onError: (error) => {
        const { message, needsVerification: verify, tone, codeFrom: from } = loginFailure(error);
        setFailure({ message, tone });
        if (from) setCodeFrom(from);
        if (verify) {
          setNeedsVerification(true);
          setCodeRequests((count) => count + 1);
        }
      },
    });
  });

  return (
    <div className="login">
      <section className="login__panel" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className="login__title">
          Log In
        </h1>
        <p className="login__intro">to your {brand.providerName} account</p>

        {alertMessage !== null && alertMessage !== undefined && (
          <FormAlert tone={alertTone}>{alertMessage}</FormAlert>
        )}

        <FormProvider {...form}>
          <form className="form" onSubmit={handleSubmit} noValidate>
            <Field<LoginValues>
              name="username"
              label="Username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
            />
            <Field<LoginValues>
              name="password"
              label="Password"
              control={(props) => <PasswordInput {...props} autoComplete="current-password" />}
            />
            {needsVerification && (
              <CodeField<LoginValues>
                name="verification"
                hint={codeFrom === 'app' ? messages.login.codeHintApp : messages.login.codeHintSent}
              />
            )}

            <SubmitButton busy={submitting} busyLabel="Logging in...">
              Log In
            </SubmitButton>
          </form>
        </FormProvider>

        {NativeLogin && (
          <Suspense fallback={null}>
            <NativeLogin
              offer={offerBiometric}
              onContinue={goOn}
              onMessage={(message) => {
                setSubmitted(true);
                setFailure({ message, tone: 'error' });
              }}
            />
          </Suspense>
        )}

        <p className="login__links">
          <Link to="/forgot-password">Can&apos;t login?</Link>
        </p>
        <p className="login__signup">
          <ExternalLink href={brand.websiteUrl}>Not a customer yet?</ExternalLink>{' '}
          <ExternalLink href={brand.signUpUrl}>Get connected now</ExternalLink>
        </p>
      </section>

      {!native && (
        <section className="login__benefits" aria-labelledby={`${ids}-benefits`}>
          <h2 id={`${ids}-benefits`}>Your account, online</h2>
          <ul className="benefit-list">
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
