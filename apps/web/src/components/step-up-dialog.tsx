import type { StepUpSend } from '@outpost/contracts/step-up';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  checkStepUpCode,
  isStepUpRequired,
  sendStepUpCode,
  stepUpMessages,
  verifyStepUpCode,
} from '@/lib/step-up';
import { CodeInput } from './form/code-input';
import { Field } from './form/field';
import { rulesResolver } from './form/rules-resolver';
import { Modal, savingStatus } from './modal';
import { FormAlert } from './form/form-alert';
import { ServerActionButton } from './server-action-button';

type CodeValues = { code: string };

const codeRules = rulesResolver<CodeValues>({ code: checkStepUpCode });

export type StepUpDialogProps = {
  /** The code was right: this session may make high-risk changes for 10 minutes. */
  onVerified: () => void;
  /** The person closed the dialog without a right code. */
  onCancel: () => void;
};

/**
 * The step-up dialog (docs/decisions/016): on opening it asks the server to send a code and says
 * where it went (or to open the authenticator app), takes the 6-digit code and verifies it.
 * 'Send a new code' asks again. Failures of either call stand in the dialog's alert.
 */
export function StepUpDialog({ onVerified, onCancel }: StepUpDialogProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const [sent, setSent] = useState<StepUpSend | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const send = useMutation({ mutationFn: sendStepUpCode });
  const verify = useMutation({ mutationFn: verifyStepUpCode });
  const form = useForm<CodeValues>({ resolver: codeRules, defaultValues: { code: '' } });

  const requestCode = useCallback(() => {
    setFailure(null);
    send.mutate(undefined, {
      onSuccess: (answer) => setSent(answer),
      onError: setFailure,
    });
    // `send.mutate` is stable; the whole mutation object is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [send.mutate]);

  // One code per opening, even when effects run twice (StrictMode): sends are rate limited.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    requestCode();
  }, [requestCode]);

  const handleSubmit = form.handleSubmit(({ code }) => {
    if (verify.isPending) return;
    setFailure(null);
    verify.mutate(code.trim(), {
      onSuccess: () => onVerified(),
      onError: (error) => {
        setFailure(error);
        form.setValue('code', '');
        form.setFocus('code');
      },
    });
  });

  const busy = verify.isPending;
  return (
    <Modal
      open
      title={stepUpMessages.title}
      onClose={onCancel}
      status={busy ? savingStatus.processing : savingStatus.idle}
      className="step-up-dialog"
      footer={
        <>
          <button type="button" className="button" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <ServerActionButton
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={busy}
          >
            {busy ? stepUpMessages.verifying : 'Confirm'}
          </ServerActionButton>
        </>
      }
    >
      <p>{stepUpMessages.intro}</p>
      <p className="step-up-dialog__delivery" role="status" aria-live="polite">
        {send.isPending ? stepUpMessages.sending : (sent?.delivery ?? '')}
      </p>
      {failure !== null && <FormAlert error={failure} />}
      <FormProvider {...form}>
        <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
          <Field<CodeValues>
            name="code"
            label={stepUpMessages.codeLabel}
            data-autofocus
            control={(props) => <CodeInput {...props} maxLength={6} />}
          />
        </form>
      </FormProvider>
      {sent?.method !== 'totp' && (
        <p className="step-up-dialog__resend">
          <button
            type="button"
            className="button button--link"
            disabled={send.isPending || busy}
            onClick={requestCode}
          >
            Send a new code
          </button>
        </p>
      )}
    </Modal>
  );
}

type Waiting = { resolve: () => void; reject: (error: unknown) => void; error: unknown };

export type StepUp = {
  /**
   * Runs `action`; when the server answers that the change needs a fresh code, opens the dialog,
   * and once a code is verified runs `action` again (once). Closing the dialog fails with the
   * server's 'Verification required' error.
   */
  run: <T>(action: () => Promise<T>) => Promise<T>;
  /** Render this once, beside (not inside) the page's own modal. */
  dialog: ReactNode;
};

/** The step-up for one page or modal: `run(action)` and the `dialog` to render. */
export function useStepUp(): StepUp {
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const queue = useRef<Waiting[]>([]);

  const ask = useCallback(
    (error: unknown) =>
      new Promise<void>((resolve, reject) => {
        // Two actions refused at once share one code.
        queue.current = [...queue.current, { resolve, reject, error }];
        setWaiting(queue.current);
      }),
    [],
  );

  const settle = useCallback((verified: boolean) => {
    const all = queue.current;
    queue.current = [];
    setWaiting([]);
    for (const w of all) {
      if (verified) w.resolve();
      else w.reject(w.error);
    }
  }, []);

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isStepUpRequired(error)) throw error;
        await ask(error);
        return await action();
      }
    },
    [ask],
  );

  const dialog =
    waiting.length > 0 ? (
      <StepUpDialog onVerified={() => settle(true)} onCancel={() => settle(false)} />
    ) : null;
  return { run, dialog };
}
