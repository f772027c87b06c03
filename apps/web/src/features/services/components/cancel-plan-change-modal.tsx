import { formatDate } from '@outpost/domain/format';
import type { Service } from '@outpost/contracts/services';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardConfirmActions } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useChangePlan } from '../api/change-plan';
import { serviceLabel } from '../utils/service-display';

export type CancelPlanChangeModalProps = {
  service: Service;
  onClose: () => void;
  /** 'No, keep it': back to where it was opened from (the plan list); leave out to close. */
  onKeep?: () => void;
};

/**
 * Cancel Plan Change (spec 2 section 2): confirm, then processing and success. The cancel is a
 * plan change to the current plan for the next period, with no extras.
 */
export function CancelPlanChangeModal({ service, onClose, onKeep }: CancelPlanChangeModalProps) {
  const flow = useWizardFlow<'confirm' | 'cancelling'>({ first: 'confirm', onClose });
  const cancel = flow.submitter(useChangePlan(), {
    savingStep: 'cancelling',
    errorStep: 'confirm',
    event: 'Cancel Plan Changes',
    track: () => ({ technology: service.technology }),
  });

  return (
    <WizardModal
      flow={flow}
      title="Cancel Plan Change"
      initialFocus="title"
      className="modal--wide"
      footer={
        flow.step === 'confirm' ? (
          <WizardConfirmActions
            cancelLabel="No, keep it"
            onCancel={onKeep ?? onClose}
            confirmLabel="Yes, cancel the change"
            onConfirm={() =>
              cancel({
                serviceid: service.serviceid,
                planid: service.planid,
                when: 'Next Period',
                options: [],
              })
            }
            saving={flow.saving}
          />
        ) : undefined
      }
    >
      <WizardStep flow={flow} id="confirm" heading="Cancel the upcoming plan change?">
        <p>
          {service.upcoming
            ? `${serviceLabel(service)} is due to change to ${service.upcoming.plan} on ${formatDate(service.upcoming.effective)}.`
            : `${serviceLabel(service)} has a plan change scheduled.`}{' '}
          If you cancel it, you stay on {service.plan}.
        </p>
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="cancelling"
        saving="Cancelling the plan change"
        done="Plan change cancelled"
        status={`The upcoming plan change has been cancelled. You stay on ${service.plan}.`}
      />
    </WizardModal>
  );
}
