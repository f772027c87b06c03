import { messages } from '@outpost/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { startSession } from '@/lib/start-session';
import { StaffLinkFailure } from '@/components/staff-link-failure';
import { StaffLinkAnswerError } from '@/lib/staff-link';
import { staffLoginVerifyOnce } from '../api/staff-verify';

/**
 * /staff-login/verify?token=... (docs/decisions/025; basic layout): the link's token is posted
 * once; a staff-assisted session is stored as a login stores one, with the staff marker for the
 * banner, and the dashboard replaces this address (the token leaves the history). A refused link
 * makes no session.
 */
export function StaffLoginVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(() =>
    token === '' ? new StaffLinkAnswerError('No token in the staff link') : null,
  );

  useEffect(() => {
    if (token === '') return;
    let active = true;
    staffLoginVerifyOnce(token).then(
      ({ session, staff }) => {
        if (!active) return;
        startSession(queryClient, session, staff);
        window.history.replaceState(window.history.state, '', window.location.pathname);
        void navigate('/', { replace: true });
      },
      (failure: unknown) => {
        if (active) setError(failure);
      },
    );
    return () => {
      active = false;
    };
  }, [token, navigate, queryClient]);

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Staff verification</h1>
      {error ? <StaffLinkFailure error={error} /> : <LoadingState label={messages.staff.opening} />}
    </div>
  );
}
