import { Link } from 'react-router';

/** /forgot-password: the request form arrives with the access-recovery issue. */
export function ForgotPasswordPage() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Forgot password</h1>
      <p>
        <Link to="/login">Back to Login</Link>
      </p>
    </div>
  );
}
