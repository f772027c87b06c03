import type { Service } from '@outpost/contracts/services';
import { NICKNAME_MAX_LENGTH } from '@outpost/domain/constants';
import { checkNickname, nicknameRemainingText } from '@outpost/domain/nickname-rules';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardConfirmActions } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useSetNickname } from '../api/set-nickname';
import { serviceLabel } from '../utils/service-display';
import { ServerActionButton } from '@/components/server-action-button';
import { serviceName } from '@outpost/domain/phone-format';

export type NicknameModalProps = {
  service: Service;
  onClose: () => void;
};

type NicknameStep = 'form' | 'saving';
type NicknameValues = { nickname: string };

const nicknameRules = rulesResolver<NicknameValues>({
  nickname: checkNickname,
});

/**
 * Add Nickname (spec 2): at most 20 characters, with a live remaining-character counter. With
 * `edit`, Edit Nickname (issue 35): the same form and calls, starting from the current nickname.
 */
export function AddNicknameModal({
  service,
  onClose,
  edit = false,
}: NicknameModalProps & { edit?: boolean }) {
  const ids = useId();
  const flow = useWizardFlow<NicknameStep>({ first: 'form', onClose });
  const save = flow.submitter(useSetNickname(), { savingStep: 'saving', errorStep: 'form' });
  const form = useForm<NicknameValues>({
    resolver: nicknameRules,
    defaultValues: { nickname: edit ? (service.nickname ?? '') : '' },
  });
  const nickname = form.watch('nickname');
  const formId = `${ids}-form`;
  const handleSubmit = form.handleSubmit(({ nickname: value }) =>
    save({ serviceid: service.serviceid, nickname: value.trim() }),
  );

  return (
    <WizardModal
      flow={flow}
      title={edit ? 'Edit Nickname' : 'Add Nickname'}
      footer={
        flow.step === 'form' ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <ServerActionButton
              type="submit"
              form={formId}
              className="button button--primary"
              disabled={flow.saving}
            >
              Save
            </ServerActionButton>
          </>
        ) : undefined
      }
    >
      <WizardStep
        flow={flow}
        id="form"
        heading={edit ? 'Change the nickname' : 'Name this service'}
      >
        <FormProvider {...form}>
          <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
            <Field<NicknameValues>
              name="nickname"
              label="Nickname"
              hint={`A name you will recognise for ${serviceLabel(service)}, such as Home or Shed.`}
              after={
                <p className="field__hint" aria-live="polite">
                  {nicknameRemainingText(nickname)}
                </p>
              }
              type="text"
              autoComplete="off"
              maxLength={NICKNAME_MAX_LENGTH}
              data-autofocus
            />
          </form>
        </FormProvider>
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Saving the nickname"
        done="Nickname saved"
        status={`${serviceName(service.technology, service.identifier)} is now called ${nickname.trim()}.`}
      />
    </WizardModal>
  );
}

/** Remove Nickname: step 1 confirm, step 2 processing and success (the same calls, nickname ''). */
export function RemoveNicknameModal({ service, onClose }: NicknameModalProps) {
  const flow = useWizardFlow<NicknameStep>({ first: 'form', onClose });
  const remove = flow.submitter(useSetNickname(), { savingStep: 'saving', errorStep: 'form' });
  const name = service.nickname ?? '';
  const plain = serviceName(service.technology, service.identifier);

  return (
    <WizardModal
      flow={flow}
      title="Remove Nickname"
      initialFocus="title"
      footer={
        flow.step === 'form' ? (
          <WizardConfirmActions
            cancelLabel="Close"
            onCancel={onClose}
            confirmLabel="Remove"
            onConfirm={() => remove({ serviceid: service.serviceid, nickname: '' })}
            saving={flow.saving}
          />
        ) : undefined
      }
    >
      <WizardStep flow={flow} id="form" heading="Remove the nickname?">
        <p>
          Remove the nickname {name} from {plain}? The service will be shown by its technology and
          number again.
        </p>
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Removing the nickname"
        done="Nickname removed"
        status={`The nickname has been removed from ${plain}.`}
      />
    </WizardModal>
  );
}
