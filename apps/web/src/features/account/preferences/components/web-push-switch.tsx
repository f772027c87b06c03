import { messages } from '@outpost/contracts/messages';
import { useEffect, useId, useState } from 'react';
import { useSession } from '@/lib/session';
import {
  isWebPushOn,
  turnWebPushOff,
  turnWebPushOn,
  webPushSupported,
} from '@/features/account/preferences/utils/web-push';

/**
 * Notifications in this browser (beyond the spec; docs/decisions/026): subscribes this browser to
 * Web Push, beside the alert preferences. Which alerts come is still the push preference's choice;
 * this says whether this browser is one of the places they go. Web only: the app registers itself.
 */
export function WebPushSwitch() {
  const ids = useId();
  const { user } = useSession();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(true);
  const [note, setNote] = useState('');
  const supported = webPushSupported();

  useEffect(() => {
    if (!supported) return;
    let active = true;
    void isWebPushOn()
      .then((value) => active && setOn(value))
      .catch(() => {})
      .finally(() => active && setBusy(false));
    return () => {
      active = false;
    };
  }, [supported]);

  if (!supported || !user) return null;

  const change = (wanted: boolean) => {
    setBusy(true);
    setNote('');
    void (wanted ? turnWebPushOn(user.user_id) : turnWebPushOff())
      .then((outcome) => {
        setOn(outcome === 'on');
        if (outcome === 'denied')
          setNote('Notifications are blocked for this site. Allow them in your browser settings.');
      })
      .catch(() => setNote(messages.login.processingFailed))
      .finally(() => setBusy(false));
  };

  return (
    <section className="dashboard-card preferences__section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="dashboard-card__title">
        Notifications in this browser
      </h2>
      <label className="switch" htmlFor={`${ids}-toggle`}>
        <input
          id={`${ids}-toggle`}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={busy}
          onChange={(e) => change(e.target.checked)}
        />
        <span>Send my alerts to this browser as notifications</span>
      </label>
      <p className="form-status" role="status">
        {note}
      </p>
    </section>
  );
}
