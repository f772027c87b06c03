import type { Service } from '@outpost/contracts/services';
import { NICKNAME_MAX_LENGTH } from '@outpost/domain/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { Modal, savingStatus, useWizard } from '@/components/modal';
import { cleanErrorMessage } from '@/lib/error-message';
import { useSetNickname } from '../api/set-nickname';
import { serviceLabel } from '../utils/service-display';

export type NicknameModalProps = {
  service: Service;
  onClose: () => void;
};

export const NICKNAME_REQUIRED = 'Please enter a nickname, or select Close to leave it as it is.';

/** 'N characters remaining' (spec 2 section 5: the remaining-character counter). */
export function remainingText(value: string): string {
  const left = NICKNAME_MAX_LENGTH - value.length;
  return `${left} ${left === 1 ? 'character' : 'characters'} remaining`;
}

/** Prepare then commit the nickname; step 1 the form, step 2 processing and success. */
function useNicknameWizard(service: Service) {
  const wizard = useWizard();
  const mutation = useSetNickname();
  const [failure, setFailure] = useState<unknown>(null);
  const submitting = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const { step, status, setStep, setStatus } = wizard;

  // Moving between the steps takes focus to the step's heading, so it is read out.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, status]);

  const save = (nickname: string) => {
    if (submitting.current) return;
    submitting.current = true;
    setFailure(null);
    setStatus(savingStatus.processing);
    setStep(2);
    mutation.mutate(
      { serviceid: service.serviceid, nickname },
      {
        onSuccess: () => setStatus(savingStatus.success),
        onError: (error) => {
          setFailure(error);
          setStatus(savingStatus.idle);
          setStep(1);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };
  return { wizard, failure, save, headingRef };
}

/** Add Nickname (spec 2): at most 20 characters, with a live remaining-character counter. */
export function AddNicknameModal({ service, onClose }: NicknameModalProps) {
  const ids = useId();
  const { wizard, failure, save, headingRef } = useNicknameWizard(service);
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const saving = wizard.status === savingStatus.processing;
  const formId = `${ids}-form`;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const value = nickname.trim();
    if (value === '') {
      setError(NICKNAME_REQUIRED);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    save(value);
  };

  const handleChange = (value: string) => {
    setNickname(value.slice(0, NICKNAME_MAX_LENGTH));
    if (error !== null) setError(null);
  };

  const describedBy = [error !== null && `${ids}-error`, `${ids}-hint`, `${ids}-counter`]
    .filter(Boolean)
    .join(' ');

  return (
    <Modal
      open
      title="Add Nickname"
      onClose={onClose}
      onReset={wizard.reset}
      status={wizard.status}
      initialFocusRef={inputRef}
      footer={
        wizard.step === 1 ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <button
              type="submit"
              form={formId}
              className="button button--primary"
              disabled={saving}
            >
              Save
            </button>
          </>
        ) : wizard.status === savingStatus.success ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : undefined
      }
    >
      {wizard.step === 1 ? (
        <>
          <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
            Name this service
          </h3>
          {failure !== null && (
            <div className="form-alert" role="alert">
              {cleanErrorMessage(failure)}
            </div>
          )}
          <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label htmlFor={`${ids}-nickname`}>Nickname</label>
              <p id={`${ids}-hint`} className="field__hint">
                A name you will recognise for {serviceLabel(service)}, such as Home or Shed.
              </p>
              <input
                ref={inputRef}
                id={`${ids}-nickname`}
                name="nickname"
                type="text"
                autoComplete="off"
                maxLength={NICKNAME_MAX_LENGTH}
                aria-invalid={error !== null || undefined}
                aria-describedby={describedBy}
                value={nickname}
                onChange={(e) => handleChange(e.target.value)}
              />
              {error !== null && (
                <p id={`${ids}-error`} className="field__error">
                  {error}
                </p>
              )}
              <p id={`${ids}-counter`} className="field__hint" aria-live="polite">
                {remainingText(nickname)}
              </p>
            </div>
          </form>
        </>
      ) : wizard.status === savingStatus.success ? (
        <>
          <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
            Nickname saved
          </h3>
          <p className="form-status" role="status">
            {serviceLabel(service)} is now called {nickname.trim()}.
          </p>
        </>
      ) : (
        <>
          <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
            Saving the nickname
          </h3>
          <LoadingState label="Saving the nickname…" />
        </>
      )}
    </Modal>
  );
}

/** Remove Nickname: step 1 confirm, step 2 processing and success (the same calls, nickname ''). */
export function RemoveNicknameModal({ service, onClose }: NicknameModalProps) {
  const { wizard, failure, save, headingRef } = useNicknameWizard(service);
  const saving = wizard.status === savingStatus.processing;
  const name = service.nickname ?? '';
  const plain = `${service.technology} ${service.identifier}`;

  return (
    <Modal
      open
      title="Remove Nickname"
      onClose={onClose}
      onReset={wizard.reset}
      status={wizard.status}
      initialFocus="title"
      footer={
        wizard.step === 1 ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={saving}
              onClick={() => save('')}
            >
              Remove
            </button>
          </>
        ) : wizard.status === savingStatus.success ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        ) : undefined
      }
    >
      {wizard.step === 1 ? (
        <>
          <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
            Remove the nickname?
          </h3>
          {failure !== null && (
            <div className="form-alert" role="alert">
              {cleanErrorMessage(failure)}
            </div>
          )}
          <p>
            Remove the nickname {name} from {plain}? The service will be shown by its technology and
            number again.
          </p>
        </>
      ) : wizard.status === savingStatus.success ? (
        <>
          <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
            Nickname removed
          </h3>
          <p className="form-status" role="status">
            The nickname has been removed from {plain}.
          </p>
        </>
      ) : (
        <>
          <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
            Removing the nickname
          </h3>
          <LoadingState label="Removing the nickname…" />
        </>
      )}
    </Modal>
  );
}
