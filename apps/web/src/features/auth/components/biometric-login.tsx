import { messages } from '@outpost/contracts/messages';
import { biometricMessages } from '@outpost/contracts/native-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BiometricSettingsDialog } from '@/components/biometric-settings-dialog';
import { Modal } from '@/components/modal';
import { apiData, refreshSession } from '@/lib/api-client';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { PermissionEntry, UserSummary } from '@outpost/contracts/auth';
import {
  biometricLogin,
  enableBiometric,
  isBiometricOn,
  setPromptedForBiometric,
  wasPromptedForBiometric,
  turnBiometricOff,
  type BiometricFailure,
} from '@/lib/native/biometric-login';
import { getBiometric } from '@/lib/native/biometric';
import type { NativeLoginProps } from '@/lib/native-login-slot';
import { getSecureStorage } from '@/lib/native/secure-storage';
import { openBiometricSettings } from '@/lib/native/settings';
import {
  clearSession,
  getStoredUser,
  isAccountHolder,
  readStoredToken,
  storeSession,
} from '@/lib/session';

/**
 * The native-only pieces of the login page (spec 1 sections 2, 4 and 8), loaded only on ios and
 * android: logging in with biometrics, the enable prompt after the first password login, and the
 * 'Enable Biometric Authentication' dialog.
 */

/** Loads the user and permissions with the page's tokens and stores them (a reused session). */
async function reloadSession(): Promise<void> {
  const [user, permissions] = await Promise.all([
    apiData<UserSummary>(apiPaths.currentUser),
    apiData<PermissionEntry[]>(apiPaths.permissions),
  ]);
  const access = readStoredToken('USER');
  const refresh = readStoredToken('REFRESH');
  if (!access || !refresh) throw new Error('The session ended while loading.');
  storeSession({
    tokens: [access, refresh],
    user: { ...(getStoredUser() ?? user), ...user },
    permissions,
    account_holder: isAccountHolder(),
  });
}

/**
 * The login page's 'Log In with Biometrics' button, shown while the option is on. `onLoggedIn`
 * goes on as a password login does; `onMessage` shows a failure's message on the login page.
 */
export function BiometricLoginButton({
  onLoggedIn,
  onMessage,
}: {
  onLoggedIn: () => void;
  onMessage: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [on, setOn] = useState(isBiometricOn);
  const [busy, setBusy] = useState(false);
  const [askSettings, setAskSettings] = useState(false);
  if (!on && !askSettings) return null;

  const fail = (reason: BiometricFailure) => {
    setOn(false);
    // As /login?reason= says them (utils/login-error), without sharing its module: a shared chunk
    // would be one more request for the web login page.
    onMessage(
      reason === 'session-expired'
        ? messages.session.expired
        : reason === 'bio-auth-error'
          ? messages.session.bioAuth
          : messages.session.other,
    );
  };

  const start = async () => {
    setBusy(true);
    try {
      const [biometric, secure] = await Promise.all([getBiometric(), getSecureStorage()]);
      const outcome = await biometricLogin({
        biometric,
        secure,
        restore: (session) => {
          queryClient.clear();
          storeSession(session);
        },
        refresh: () => refreshSession(),
        reload: reloadSession,
        endSession: clearSession,
      });
      if (outcome.kind === 'logged-in') onLoggedIn();
      else if (outcome.kind === 'unavailable') setAskSettings(true);
      else if (outcome.kind === 'failed') fail(outcome.reason);
    } catch {
      fail('error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {on && (
        <button
          type="button"
          className="button button--secondary login__biometric"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void start()}
        >
          {busy ? 'Checking...' : 'Log In with Biometrics'}
        </button>
      )}
      {askSettings && (
        <BiometricSettingsDialog
          onSettings={openBiometricSettings}
          onLater={() => {
            setAskSettings(false);
            setOn(false);
            void getSecureStorage()
              .then((secure) => turnBiometricOff(secure))
              .catch(() => {});
            onMessage(biometricMessages.unavailable);
          }}
        />
      )}
    </>
  );
}

/**
 * After the first password login on the device (spec 1 section 4 "Login"): offers biometric
 * login once, then `onDone` redirects. Enabling checks the device and confirms with one
 * authentication; without enrolled biometrics the 'Enable Biometric Authentication' dialog
 * follows.
 */
export function BiometricEnablePrompt({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [askSettings, setAskSettings] = useState(false);
  const finish = () => {
    setPromptedForBiometric();
    onDone();
  };
  if (askSettings)
    return <BiometricSettingsDialog onLater={finish} onSettings={openBiometricSettings} />;

  const enable = async () => {
    setBusy(true);
    try {
      const [biometric, secure] = await Promise.all([getBiometric(), getSecureStorage()]);
      const outcome = await enableBiometric({ biometric, secure });
      if (outcome === 'unavailable') {
        setAskSettings(true);
        return;
      }
    } catch {
      // Not turned on; the switch on Account Security can try again.
    } finally {
      setBusy(false);
    }
    finish();
  };

  return (
    <Modal
      open
      title="Biometric Authentication"
      onClose={busy ? undefined : finish}
      status={busy ? 1 : 0}
      footer={
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={finish}
          >
            Not Now
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void enable()}
          >
            Enable
          </button>
        </div>
      }
    >
      <p>
        Log in faster next time with your fingerprint or face instead of your password. You can
        change this later under Account Security.
      </p>
    </Modal>
  );
}

/** After a password login: the enable prompt the first time on this device, else straight on. */
function AfterPasswordLogin({ onContinue }: { onContinue: () => void }) {
  // Read when the login succeeds (this mounts then), not when the page opened.
  const [prompted] = useState(wasPromptedForBiometric);
  const continued = useRef(false);
  useEffect(() => {
    if (!prompted || continued.current) return;
    continued.current = true;
    onContinue();
  }, [prompted, onContinue]);
  return prompted ? null : <BiometricEnablePrompt onDone={onContinue} />;
}

/**
 * What the app adds to the login page: the biometric login button, and after a password login
 * (`offer`) the enable prompt the first time on this device, else straight on.
 */
export default function NativeLogin({ offer, onContinue, onMessage }: NativeLoginProps) {
  return (
    <>
      <BiometricLoginButton onLoggedIn={onContinue} onMessage={onMessage} />
      {offer && <AfterPasswordLogin onContinue={onContinue} />}
    </>
  );
}
