import { type ReactNode, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { FormAlert } from './form/form-alert';
import { LoadingState } from './loading-state';
import { Modal, type ModalProps, savingStatus } from './modal';
import type { WizardFlow } from './wizard-flow';

/**
 * The one wizard flow (ARCHITECTURE section 6): named steps on top of the Modal, the saving
 * status 0/1/2, a `submitter` that runs a mutation with the saving step, the error step, success,
 * analytics and the double-click guard built in, and browser Back that steps back (or closes)
 * instead of leaving the page. A modal reads as its steps:
 *
 *   const flow = useWizardFlow({ first: 'select', onClose });
 *   const buy = flow.submitter(usePurchaseBlock(), { savingStep: 'buying', errorStep: 'confirm' });
 *   <WizardModal flow={flow} title="Buy a Data Block">
 *     <WizardStep flow={flow} id="confirm" heading="Confirm">...</WizardStep>
 *
 * The flow itself (useWizardFlow) is in wizard-flow.ts, the footers in wizard-actions.tsx.
 */

export type WizardStepProps<S extends string> = {
  flow: WizardFlow<S>;
  id: S;
  /** The step's heading; leave out when the modal's title says it all. */
  heading?: ReactNode;
  /** What the failure alert says instead of the server's words (a message the spec gives). */
  failureText?: string;
  /** While saving: the progress label shown instead of the children. */
  progress?: string;
  children?: ReactNode;
};

/**
 * A step of a wizard: shown only while it is the current one, with its heading (which takes focus
 * when the wizard moves, so it is read out) and the failure alert when a submit came back to it.
 */
export function WizardStep<S extends string>({
  flow,
  id,
  heading,
  failureText,
  progress,
  children,
}: WizardStepProps<S>) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const active = flow.step === id;
  useLayoutEffect(() => {
    if (active && flow.moves > 0) headingRef.current?.focus();
  }, [active, flow.moves]);
  if (!active) return null;
  return (
    <>
      {heading !== undefined && (
        <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
          {heading}
        </h3>
      )}
      {flow.failure !== null && <FormAlert error={flow.failure}>{failureText}</FormAlert>}
      {progress !== undefined && flow.saving ? (
        <LoadingState label={progress} data={false} />
      ) : (
        children
      )}
    </>
  );
}

export type WizardSavingStepProps<S extends string> = {
  flow: WizardFlow<S>;
  id: S;
  /** The heading while saving ('Saving the nickname'); the progress label adds the ellipsis. */
  saving: string;
  /** The heading once done ('Nickname saved'). */
  done: string;
  /** What was done, announced as a status. */
  status: ReactNode;
  /** More to read once done. */
  children?: ReactNode;
};

/** The saving step of a flow: progress while the submit runs, then what was done, read out. */
export function WizardSavingStep<S extends string>({
  flow,
  id,
  saving,
  done,
  status,
  children,
}: WizardSavingStepProps<S>) {
  return (
    <WizardStep flow={flow} id={id} heading={flow.done ? done : saving} progress={`${saving}…`}>
      <p className="form-status" role="status">
        {status}
      </p>
      {children}
    </WizardStep>
  );
}

/**
 * Browser Back while a wizard is open steps it back (or closes it at the first step) instead of
 * leaving the page. Rendered by the Modal's users inside a data router only: outside one (a
 * component test) there is no history to guard.
 */
export function WizardBackGuard<S extends string>({ flow }: { flow: WizardFlow<S> }) {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return inDataRouter ? <BackBlocker flow={flow} /> : null;
}

function BackBlocker<S extends string>({ flow }: { flow: WizardFlow<S> }) {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  const latest = useRef(flow);
  latest.current = flow;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    const current = latest.current;
    if (current.saving) return;
    if (current.done) current.modal.onClose?.();
    else current.back();
  }, [blocker]);
  return null;
}

export type WizardModalProps<S extends string> = Omit<
  ModalProps,
  'open' | 'status' | 'onClose' | 'onReset' | 'step' | 'stepCount'
> & {
  flow: WizardFlow<S>;
  /** The numbered steps, in order: shows 'Step 2 of 3' while on one of them. */
  steps?: readonly S[];
};

/**
 * The Modal of a wizard flow: its status, close and reset, its step number, browser Back, and the
 * footer of the saving step (none while saving, Close once done); `footer` serves the other steps.
 */
export function WizardModal<S extends string>({
  flow,
  steps,
  footer,
  children,
  ...props
}: WizardModalProps<S>) {
  const index = steps?.indexOf(flow.step) ?? -1;
  const close = flow.modal.onClose;
  const onSavingStep = flow.step === flow.savingStep && flow.status !== savingStatus.idle;
  return (
    <Modal
      {...flow.modal}
      {...props}
      footer={
        !onSavingStep ? (
          footer
        ) : flow.done && close ? (
          <button type="button" className="button button--primary" onClick={close}>
            Close
          </button>
        ) : undefined
      }
      {...(steps && index >= 0 ? { step: index + 1, stepCount: steps.length } : {})}
    >
      <WizardBackGuard flow={flow} />
      {children}
    </Modal>
  );
}
