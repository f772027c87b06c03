import type { Callback, CallbackSlot, RequestCallbackInput } from '@outpost/contracts/callbacks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardConfirmActions } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { reloadCallbacks, useRequestCallback } from '../api/request-callback';
import { formatPhone } from '@outpost/domain/phone-format';

type BookStep = 'confirm' | 'booking';

export type BookCallbackModalProps = {
  input: RequestCallbackInput;
  teamName: string;
  dayLabel: string;
  slot: CallbackSlot;
  /** The booking was refused (the time was taken meanwhile): the page reloads the times. */
  onFailed: () => void;
  /** `booked`: the form clears its time and reason. */
  onClose: (booked: boolean) => void;
};

/** 'Tue 1 Dec, 8:30 am your time (10:30 am AEST)' or 'Tue 1 Dec, 10:30 am AEST'. */
export function slotWords(dayLabel: string, slot: CallbackSlot): string {
  return slot.same
    ? `${dayLabel}, ${slot.aest} ${slot.zone}`
    : `${dayLabel}, ${slot.local} your time (${slot.aest} ${slot.zone})`;
}

/** Confirm and book: prepare/commit once; the success gives the time and the ticket number. */
export function BookCallbackModal({
  input,
  teamName,
  dayLabel,
  slot,
  onFailed,
  onClose,
}: BookCallbackModalProps) {
  const queryClient = useQueryClient();
  const [booked, setBooked] = useState<Callback | null>(null);
  const close = () => {
    if (booked) void reloadCallbacks(queryClient);
    onClose(booked !== null);
  };
  const flow = useWizardFlow<BookStep>({ first: 'confirm', onClose: close });
  const book = flow.submitter(useRequestCallback(), {
    savingStep: 'booking',
    errorStep: 'confirm',
    event: 'Request Callback',
    track: (result) => ({ team: result.team }),
    onSuccess: setBooked,
    onError: onFailed,
  });
  const when = slotWords(dayLabel, slot);

  return (
    <WizardModal
      flow={flow}
      title="Request a Callback"
      initialFocus="title"
      footer={
        flow.step === 'confirm' ? (
          <WizardConfirmActions
            cancelLabel="Back"
            onCancel={close}
            confirmLabel="Book the call"
            onConfirm={() => book(input)}
            saving={flow.saving}
          />
        ) : undefined
      }
    >
      <WizardStep flow={flow} id="confirm" heading="Check the details">
        <dl className="facts callback__facts">
          <div>
            <dt>Team</dt>
            <dd>{teamName}</dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>{when}</dd>
          </div>
          <div>
            <dt>Number to call</dt>
            <dd>{input.phone}</dd>
          </div>
          <div>
            <dt>About</dt>
            <dd className="callback__reason">{input.reason}</dd>
          </div>
        </dl>
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="booking"
        saving="Booking your callback"
        done="Callback booked"
        status={
          booked
            ? `${teamName} will call you on ${formatPhone(booked.phone)} on ${when}. Your ticket number is ${booked.ticket_number}.`
            : ''
        }
      >
        <p>We have emailed you the details. You can cancel the call here before it is due.</p>
      </WizardSavingStep>
    </WizardModal>
  );
}
