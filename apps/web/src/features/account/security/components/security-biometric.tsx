import { lazy, Suspense, useId, useState } from 'react';
import { isBiometricAvailable, isBiometricEnabled } from '../api/security-biometric';

// Native only: the dialog (and the plugins behind it) never load on the web.
const BiometricSettingsDialog = lazy(() =>
  import('@/components/biometric-settings-dialog').then((m) => ({
    default: m.BiometricSettingsDialog,
  })),
);

/** Turns biometric login on (device check and one authentication) or off (the kept tokens go). */
async function switchBiometric(
  on: boolean,
): Promise<'enabled' | 'off' | 'unavailable' | 'not-now'> {
  const [{ enableBiometric, turnBiometricOff }, { getBiometric }, { getSecureStorage }] =
    await Promise.all([
      import('@/lib/native/biometric-login'),
      import('@/lib/native/biometric'),
      import('@/lib/native/secure-storage'),
    ]);
  const secure = await getSecureStorage();
  if (!on) {
    await turnBiometricOff(secure);
    return 'off';
  }
  const outcome = await enableBiometric({ biometric: await getBiometric(), secure });
  if (outcome === 'enabled' || outcome === 'unavailable') return outcome;
  return 'not-now';
}

/**
 * Biometric login (spec 1 sections 2-4): native only, kept on this device. On the web it says
 * where to find it instead of offering a switch that would do nothing.
 */
export function SecurityBiometric() {
  const ids = useId();
  const [enabled, setEnabled] = useState(isBiometricEnabled);
  const [busy, setBusy] = useState(false);
  const [askSettings, setAskSettings] = useState(false);
  const native = isBiometricAvailable();

  const change = (on: boolean) => {
    setBusy(true);
    void switchBiometric(on)
      .then((outcome) => {
        setEnabled(outcome === 'enabled');
        if (outcome === 'unavailable') setAskSettings(true);
      })
      .catch(() => setEnabled(isBiometricEnabled()))
      .finally(() => setBusy(false));
  };

  return (
    <section className="security-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="security-card__title">
        Biometric login
      </h2>
      {native ? (
        <>
          <p className="security-card__intro" id={`${ids}-hint`}>
            Log in on this device with your fingerprint or face instead of your password. This
            setting is kept on this device only.
          </p>
          <label className="switch" htmlFor={`${ids}-toggle`}>
            <input
              id={`${ids}-toggle`}
              type="checkbox"
              role="switch"
              checked={enabled}
              disabled={busy}
              aria-describedby={`${ids}-hint`}
              onChange={(e) => change(e.target.checked)}
            />
            <span>Use biometric login on this device</span>
          </label>
          {askSettings && (
            <Suspense fallback={null}>
              <BiometricSettingsDialog
                onLater={() => setAskSettings(false)}
                onSettings={() => {
                  void import('@/lib/native/settings').then((m) => m.openBiometricSettings());
                }}
              />
            </Suspense>
          )}
        </>
      ) : (
        <p className="security-card__intro">
          Biometric login (fingerprint or face) is available in our app for iPhone and Android. Turn
          it on there, under Account Security.
        </p>
      )}
    </section>
  );
}
