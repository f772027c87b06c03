import { messages } from '@outpost/contracts/messages';
import { useId, useState } from 'react';
import { SafeHtml } from '@/components/safe-html';
import { LoadingState } from '@/components/loading-state';
import { Modal } from '@/components/modal';
import { FormAlert } from '@/components/form/form-alert';
import { useGuide } from '@/features/support/api/get-guide';

export const PRIVACY_POLICY_SLUG = 'privacy-policy';

export type PrivacyPolicyModalProps = {
  /** Continue was pressed with the toggle on. */
  onAccept: () => void;
  /** The way out for someone who does not accept. */
  onLogout: () => void;
};

/**
 * Privacy-policy acceptance (native only, spec 1 sections 2 and 5): the policy's title and body
 * (sanitised HTML), an accept toggle, and Continue, disabled until the toggle is on. It cannot be
 * dismissed without accepting; Log Out leaves.
 */
export function PrivacyPolicyModal({ onAccept, onLogout }: PrivacyPolicyModalProps) {
  const ids = useId();
  const guide = useGuide(PRIVACY_POLICY_SLUG);
  const [accepted, setAccepted] = useState(false);

  return (
    <Modal
      open
      initialFocus="title"
      title={guide.data?.title ?? 'Privacy Policy'}
      footer={
        <>
          <button type="button" className="button" onClick={onLogout}>
            Log Out
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!accepted}
            onClick={onAccept}
          >
            Continue
          </button>
        </>
      }
    >
      {guide.isPending && <LoadingState />}
      {guide.isError && (
        <>
          <FormAlert>{messages.banner.loadData}</FormAlert>
          <button type="button" className="button" onClick={() => void guide.refetch()}>
            Try again
          </button>
        </>
      )}
      {guide.data && (
        <>
          <SafeHtml
            className="policy-body"
            // Scrollable: reachable and scrollable with the keyboard.
            tabIndex={0}
            role="region"
            aria-label="Privacy Policy text"
            html={guide.data.body}
          />
          <label className="switch" htmlFor={`${ids}-accept`}>
            <input
              id={`${ids}-accept`}
              type="checkbox"
              role="switch"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
            />
            <span>I have read and accept the Privacy Policy</span>
          </label>
        </>
      )}
    </Modal>
  );
}
