import type { SessionItem } from '@outpost/contracts/security';
import { formatDateTime } from '@outpost/domain/format';
import { messages } from '@outpost/contracts/messages';
import { useId, useState } from 'react';
import { type Notice, NoticeBanner } from '@/components/notice-banner';
import { LoadError } from '@/components/load-error';
import { Modal } from '@/components/modal';
import { cleanErrorMessage } from '@/lib/error-message';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/security-queries';
import { SecuritySkeleton } from './security-skeleton';
import { LoadingState } from '@/components/loading-state';

export const SIGNED_OUT_ONE = 'That device has been signed out.';
export const SIGNED_OUT_OTHERS = 'Every other device has been signed out.';

/**
 * Signed-in devices (beyond the spec): each session with its device, browser, address, start and
 * last use; 'Sign out' ends one, 'Sign out everywhere else' every other after a confirmation.
 * The place is the IP address: there is no location database.
 */
export function SecuritySessions() {
  const ids = useId();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const signOut = (session: SessionItem) => {
    setNotice(null);
    endOne.mutate(session.id, {
      onSuccess: () => setNotice({ tone: 'success', text: SIGNED_OUT_ONE, at: Date.now() }),
      onError: (error) => setNotice({ tone: 'error', text: errorText(error), at: Date.now() }),
    });
  };

  const signOutOthers = () => {
    setNotice(null);
    endOthers.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setNotice({ tone: 'success', text: SIGNED_OUT_OTHERS, at: Date.now() });
      },
      onError: (error) => {
        setConfirming(false);
        setNotice({ tone: 'error', text: errorText(error), at: Date.now() });
      },
    });
  };

  return (
    <section className="security-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="security-card__title">
        Signed-in devices
      </h2>
      <p className="security-card__intro">
        Where you are logged in now. The place is the internet address the device used to log in.
      </p>
      <div aria-live="polite">
        <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      </div>
      {sessions.isError ? (
        <LoadError
          error={messages.account.loadPage}
          onRetry={() => void sessions.refetch()}
          resetKey={sessions.errorUpdatedAt}
        />
      ) : sessions.isPending ? (
        <LoadingState
          placeholder={<SecuritySkeleton lines={6} label="Loading your signed-in devices" />}
        />
      ) : (
        <>
          <ul className="security-sessions">
            {sessions.data.map((session) => (
              <li key={session.id} className="security-session">
                <div className="security-session__text">
                  <p className="security-session__device">
                    {session.device}
                    {session.current && <span className="tag">This device</span>}
                  </p>
                  <p className="security-session__detail">
                    {session.browser} · {session.place}
                  </p>
                  <p className="security-session__detail">
                    Logged in {formatDateTime(session.started)} · Last active{' '}
                    {formatDateTime(session.last_used)}
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={endOne.isPending}
                    aria-label={`Sign out ${session.device}, ${session.browser}, ${session.place}`}
                    onClick={() => signOut(session)}
                  >
                    {endOne.isPending && endOne.variables === session.id
                      ? 'Signing out...'
                      : 'Sign out'}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others > 0 && (
            <div className="button-row">
              <button type="button" className="button" onClick={() => setConfirming(true)}>
                Sign out everywhere else
              </button>
            </div>
          )}
        </>
      )}
      <Modal
        open={confirming}
        title="Sign out everywhere else?"
        status={endOthers.isPending ? 1 : 0}
        onClose={() => setConfirming(false)}
        footer={
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={endOthers.isPending}
              onClick={signOutOthers}
            >
              {endOthers.isPending ? 'Signing out...' : 'Sign out'}
            </button>
            <button
              type="button"
              className="button"
              disabled={endOthers.isPending}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        }
      >
        <p>
          Every other device and browser logged in to your account ({others}) will be signed out and
          must log in again. This device stays logged in.
        </p>
      </Modal>
    </section>
  );
}

function errorText(error: unknown): string {
  return cleanErrorMessage(error);
}
