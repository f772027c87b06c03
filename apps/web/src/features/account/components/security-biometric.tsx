import { useId, useState } from 'react';
import {
  isBiometricAvailable,
  isBiometricEnabled,
  setBiometricEnabled,
} from '../api/security-biometric';

/**
 * Biometric login (spec 1 sections 2-4): native only, kept on this device. On the web it says
 * where to find it instead of offering a switch that would do nothing.
 */
export function SecurityBiometric() {
  const ids = useId();
  const [enabled, setEnabled] = useState(isBiometricEnabled);
  const native = isBiometricAvailable();
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
              aria-describedby={`${ids}-hint`}
              onChange={(e) => {
                setBiometricEnabled(e.target.checked);
                setEnabled(e.target.checked);
              }}
            />
            <span>Use biometric login on this device</span>
          </label>
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
