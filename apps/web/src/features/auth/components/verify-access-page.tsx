import { ContactField } from './contact-field';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { setDefaultService } from '@/lib/session';
import { useVerifyAccess } from '../api/verify-access';
import { checkVerifyInput, contactFromSearch, recoveryErrorMessage } from '../utils/recovery';

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

type FieldError = { message: string; field: 'contact' | 'code' | null };

export type VerifyAccessPageProps = { variant: VerifyVariant };

export function VerifyAccessPage({ variant }: VerifyAccessPageProps) {
  const ids = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const verifyAccess = useVerifyAccess();
  const [contact, setContact] = useState(() => contactFromSearch(searchParams));
  const [code, setCode] = useState(() => digits(searchParams.get('code') ?? ''));
  const [error, setError] = useState<FieldError | null>(null);
  const [forcedUpdate, setForcedUpdate] = useState(false);
  const contactRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const verifying = verifyAccess.isPending;
  const errorId = `${ids}-error`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying || forcedUpdate) return;
    const check = checkVerifyInput(contact, code);
    if (!check.ok) {
      setError({ message: check.message, field: check.field });
      (check.field === 'code' ? codeRef : contactRef).current?.focus();
      return;
    }
    setError(null);
    // The modal's code downloads during the two round trips, not after them.
    if (variant.kind === 'recovery') void loadPasswordModal();
    verifyAccess.mutate(
      { ...check.body, code: check.code },
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
        onError: (failure) => setError({ message: recoveryErrorMessage(failure), field: null }),
      },
    );
  };

  const describedBy = (field: 'contact' | 'code') =>
    error && (error.field === field || error.field === null) ? errorId : undefined;

  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className="page__title">
          Verify access
        </h1>
        <p className="page__subtitle">
          Enter the 6-digit code we sent you, with the email address, mobile number or username you
          asked with.
        </p>
        {error !== null && (
          <div id={errorId} className="form-alert" role="alert">
            {error.message}
          </div>
        )}
        <form className="form" onSubmit={handleSubmit} noValidate>
          <ContactField
            id={`${ids}-contact`}
            value={contact}
            onChange={setContact}
            invalid={error?.field === 'contact'}
            describedBy={describedBy('contact')}
            inputRef={contactRef}
          />
          <div className="field">
            <label htmlFor={`${ids}-code`}>Verification code</label>
            <input
              ref={codeRef}
              id={`${ids}-code`}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              aria-invalid={error?.field === 'code' || undefined}
              aria-describedby={[`${ids}-code-hint`, describedBy('code')].filter(Boolean).join(' ')}
              value={code}
              onChange={(e) => setCode(digits(e.target.value))}
            />
            <p id={`${ids}-code-hint`} className="field__hint">
              6 digits, from the email or SMS we sent.
            </p>
          </div>
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={verifying || forcedUpdate}
          >
            {verifying ? 'Verifying...' : 'Verify Access'}
          </button>
        </form>
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

function digits(value: string): string {
  return value.replace(/[^0-9]/g, '').slice(0, 6);
}
