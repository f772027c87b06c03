import type { ContactListItem } from '@outpost/contracts/contacts';
import { messages } from '@outpost/contracts/messages';
import { useStepUp } from '@/components/step-up-dialog';
import { WizardModal, WizardStep } from '@/components/wizard';
import { WizardConfirmActions } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useRemoveContact } from '../api/remove-contact';
import { contactName } from '../utils/contact-form';

type RemoveStep = 'confirm' | 'removing';

export type RemoveContactModalProps = {
  contact: ContactListItem;
  onClose: () => void;
  /** Removed: the dialog closes, the page says so and the list reloads. */
  onRemoved: () => void;
  /** Not removed: the dialog closes and the page shows the error (spec 3 section 4). */
  onFailed: (error: unknown) => void;
};

/**
 * Remove Contact (spec 3 section 4): 'Would you like to proceed with this change?', then
 * 'Removing contact... Please wait.' Removing needs a fresh one-time code (step-up); the
 * contact's sessions end.
 */
export function RemoveContactModal({
  contact,
  onClose,
  onRemoved,
  onFailed,
}: RemoveContactModalProps) {
  const stepUp = useStepUp();
  const flow = useWizardFlow<RemoveStep>({ first: 'confirm', onClose });
  const remove = flow.submitter(useRemoveContact(stepUp.run), {
    savingStep: 'removing',
    errorStep: 'confirm',
    event: 'Remove Contact',
    onSuccess: onRemoved,
    onError: onFailed,
  });
  const name = contactName(contact);

  return (
    <>
      <WizardModal
        flow={flow}
        title="Remove Contact"
        initialFocus="title"
        footer={
          flow.step === 'confirm' ? (
            <WizardConfirmActions
              cancelLabel="Cancel"
              onCancel={onClose}
              confirmLabel={
                <>
                  Remove<span className="visually-hidden"> {name}</span>
                </>
              }
              onConfirm={() => remove(contact.user_id)}
              saving={flow.saving}
            />
          ) : undefined
        }
      >
        <WizardStep flow={flow} id="confirm">
          <p>
            {name} will be removed from your account: they will no longer be able to log in or act
            on it, and any session they have open ends now.
          </p>
          <p>{messages.account.removeConfirm}</p>
        </WizardStep>
        <WizardStep flow={flow} id="removing" progress={messages.account.removing} />
      </WizardModal>
      {stepUp.dialog}
    </>
  );
}
