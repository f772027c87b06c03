import { biometricMessages } from '@outpost/contracts/native-messages';
import { Modal } from './modal';

/**
 * Biometrics are not set up on the device (spec 1 sections 4 and 8): the login page, the enable
 * prompt and Account Security show it. Native only, loaded lazily with them.
 */
export function BiometricSettingsDialog({
  onLater,
  onSettings,
}: {
  onLater: () => void;
  /** Opens the system settings (lib/native/settings; passed in so this stays free of imports()). */
  onSettings: () => void;
}) {
  return (
    <Modal
      open
      title="Enable Biometric Authentication"
      onClose={onLater}
      footer={
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={onLater}>
            Later
          </button>
          <button type="button" className="button button--primary" onClick={onSettings}>
            Go To Settings
          </button>
        </div>
      }
    >
      <p>{biometricMessages.notEnabled}</p>
    </Modal>
  );
}
