import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { isAccountHolder } from '@/lib/session';
import { startSession } from '@/lib/start-session';
import { autoLoginAccountHolderOnce } from '../api/debug-integrate';

const ACCOUNT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * /xd/:uid, the account-holder auto-login (spec 3 section 2.10): needs the stored account-holder
 * flag (the route's guard sends anyone else to /); posts 'auto-login-acct-holder' for the account
 * with the user's token and stores the session it answers as a login does, then says
 * 'Hello World!'. Any failure goes to / (spec 3 section 8).
 */
export function AccountHolderLoginPage() {
  const { uid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!isAccountHolder() || !ACCOUNT_ID.test(uid) || Number(uid) > 2_147_483_647) {
      void navigate('/', { replace: true });
      return;
    }
    let active = true;
    autoLoginAccountHolderOnce(Number(uid)).then(
      (session) => {
        if (!active) return;
        startSession(queryClient, session);
        setDone(true);
      },
      () => {
        if (active) void navigate('/', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [uid, navigate, queryClient]);

  return (
    <div className="page">
      {done ? <h1 className="page__title">Hello World!</h1> : <LoadingState />}
    </div>
  );
}
