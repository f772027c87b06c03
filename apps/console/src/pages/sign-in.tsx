import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { staffLoginInput, staffRoutes } from '@outpost/contracts/staff';
import { ApiError, call, ENDED_KEY, storeSession } from '../api';
import { contractResolver } from '../components/contract-resolver';
import { Field } from '../components/field';
import { ErrorNotice } from '../components/ui';
import { useSession } from '../session';

type SignIn = { email: string; password: string; code: string };

/** Where a sign-in may go on to: a console path, never another site. */
function safeNext(next: string | null): string {
  return next && /^\/(?!\/)[^\s\\]*$/.test(next) && !next.startsWith('/sign-in')
    ? next
    : '/customers';
}

/** Staff sign-in: email, password and the authenticator's code, always (decision 025). */
export function SignInPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [ended] = useState(() => {
    const reason = sessionStorage.getItem(ENDED_KEY);
    sessionStorage.removeItem(ENDED_KEY);
    return reason;
  });
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: contractResolver(staffLoginInput, (v: SignIn) => v, {
      email: 'Enter your work email address.',
      password: 'Enter your password.',
      code: 'Enter the 6 digits from your authenticator app.',
    }),
    defaultValues: { email: '', password: '', code: '' },
  });
  const next = safeNext(params.get('next'));
  if (session) return <Navigate to={next} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await call(staffRoutes.staffLogin, { body: values });
      storeSession({ token: answer.token, staff: answer.staff });
      await navigate(next, { replace: true });
    } catch (error) {
      setFailure(error);
      // A code is used once: the next try needs the next one.
      if (error instanceof ApiError && error.status !== 0) setValue('code', '');
    }
  });

  return (
    <div className="sign-in-page">
      <main className="sign-in-card">
        <div className="sign-in-brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          <span>Outpost console</span>
        </div>
        <h1>Sign in</h1>
        <p className="subtitle">For the provider&apos;s staff. Customers sign in on the portal.</p>
        {ended ? (
          <p className="notice info" role="status">
            {ended}
          </p>
        ) : null}
        {failure ? <ErrorNotice error={failure} /> : null}
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            error={errors.email?.message}
            {...register('email')}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Field
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hint="The 6 digits your authenticator app shows now."
            error={errors.code?.message}
            {...register('code')}
          />
          <button type="submit" className="button primary wide" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </main>
    </div>
  );
}
