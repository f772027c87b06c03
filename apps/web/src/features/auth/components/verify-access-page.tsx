import { Link } from 'react-router';

/** /forgot-password/verify: the verify form arrives with the access-recovery issue. */
export function VerifyAccessPage() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Verify access</h1>
      <p>
        <Link to="/login">Back to Login</Link>
      </p>
    </div>
  );
}
