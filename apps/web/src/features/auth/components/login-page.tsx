import type { LoginInput } from '@outpost/contracts/auth';
import { checkLoginInput } from '@outpost/domain/login-rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { PasswordInput } from '@/components/password-input';
import { getBrand } from '@/lib/brand';
import { isNativePlatform } from '@/lib/platform';
import { safeRedirect } from '@/lib/redirect';
import { useLogin } from '../api/login';
import { loginFailure, sessionReasonMessage } from '../utils/login-error';

const benefits = [
  'Manage Your Account',
  'Check Usage',
  'Change Plans',
  'Purchase Data Blocks',
] as const;

export function LoginPage() {
  const brand = getBrand();
  const native = isNativePlatform();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  const ids = useId();

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [verification, setVerification] = useState('');
  const [needsVerification, setNeedsVerification] = useState(false);
  /** Counts the server's requests for a code: each one puts the cursor in the code field. */
  const [codeRequests, setCodeRequests] = useState(0);
  const verificationRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  /** The server asks for a code (not refusing one): information, not an error. */
  const [codePrompt, setCodePrompt] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const reason = searchParams.get('reason');
  const alertMessage =
    error ?? (reason !== null && !submitted ? sessionReasonMessage(reason) : null);
  const submitting = loginMutation.isPending;

  // Revealed (or refused) code: the code is what the user types next.
  useEffect(() => {
    if (codeRequests === 0) return;
    verificationRef.current?.focus();
    verificationRef.current?.select();
  }, [codeRequests]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    setCodePrompt(false);
    const problem = checkLoginInput(username, password);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    const input: LoginInput = { username: username.trim(), password };
    const code = verification.trim();
    if (needsVerification && code !== '') input.verification = code;
    loginMutation.mutate(input, {
      onSuccess: () => {
        void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
      },
      onError: (failure) => {
        const { message, needsVerification: verify } = loginFailure(failure);
        setError(message);
        setCodePrompt(verify && input.verification === undefined);
        if (verify) {
          setNeedsVerification(true);
          setCodeRequests((count) => count + 1);
        }
      },
    });
  };

  return (
    <div className="login">
      <section className="login__panel" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className="login__title">
          Log in
        </h1>
        <p className="login__intro">to your {brand.providerName} account</p>

        {alertMessage !== null && (
          <div
            className={error !== null && codePrompt ? 'form-alert form-alert--info' : 'form-alert'}
            role="alert"
          >
            {alertMessage}
          </div>
        )}

        <form className="form" onSubmit={handleSubmit} noValidate>
          <div className="field">
            <label htmlFor={`${ids}-username`}>Username</label>
            <input
              id={`${ids}-username`}
              name="username"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>

          <div className="field">
            <label htmlFor={`${ids}-password`}>Password</label>
            <PasswordInput
              id={`${ids}-password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>

          {needsVerification && (
            <div className="field">
              <label htmlFor={`${ids}-verification`}>Verification code</label>
              <input
                id={`${ids}-verification`}
                name="verification"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                aria-describedby={`${ids}-verification-hint`}
                ref={verificationRef}
                value={verification}
                // Pasted '123 456' becomes '123456'.
                onChange={(e) => setVerification(e.target.value.replace(/[^0-9]/g, '').slice(0, 6))}
              />
              <p id={`${ids}-verification-hint`} className="field__hint">
                Enter the 6-digit code we sent you.
              </p>
            </div>
          )}

          <button
            type="submit"
            className="button button--primary button--block"
            disabled={submitting}
          >
            {submitting ? 'Logging in...' : 'Log In'}
          </button>
        </form>

        <p className="login__links">
          <Link to="/forgot-password">Can&apos;t login?</Link>
        </p>
        <p className="login__signup">
          Not a customer yet? <ExternalLink href={brand.signUpUrl}>Get connected now</ExternalLink>
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
