import type { UseMutationResult } from '@tanstack/react-query';
import {
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { type AnalyticsProps, analytics } from '@/lib/analytics';
import { isOnline, offlineMessages, useServerAction } from '@/lib/online';
import {
  readWizardRecord,
  removeWizardRecord,
  type WizardRecord,
  writeWizardRecord,
} from '@/lib/wizard-storage';
import { FormAlert } from './form/form-alert';
import { LoadingState } from './loading-state';
import { ServerActionReason } from './server-action-button';
import { Modal, type ModalProps, type SavingStatus, savingStatus } from './modal';

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
 */

export type SubmitOptions<S extends string, V, R> = {
  /** The step shown while the mutation runs and after it succeeds. */
  savingStep: S;
  /**
   * Where a failure returns to, with the error shown in its FormAlert; or which step, by the error
   * (a form whose server refusal names fields goes back to the step that shows them).
   */
  errorStep: S | ((error: unknown, variables: V) => S);
  /** Analytics event sent on success (with `track(result, variables)`'s props). */
  event?: string;
  track?: (result: R, variables: V) => AnalyticsProps;
  onSuccess?: (result: R, variables: V) => void;
  /** After a failure has returned to the error step (a flow that closes on failure). */
  onError?: (error: unknown, variables: V) => void;
};

export type WizardFlow<S extends string> = {
  step: S;
  status: SavingStatus;
  /** A mutation is running: closing and submitting again are refused. */
  saving: boolean;
  /** The last submit succeeded. */
  done: boolean;
  /** The last submit's error, shown by the error step's WizardStep. */
  failure: unknown;
  /** Bumped on every move, so the step heading takes focus (not on the first render). */
  moves: number;
  /** The step the last submit saved on (while on it, the WizardModal owns the footer). */
  savingStep: S | null;
  /** Moves forward to a step (Back, the browser's or ours, returns to where we were). */
  goTo: (step: S) => void;
  /** Back one step; at the first step, closes. */
  back: () => void;
  reset: () => void;
  submitter: <V, R>(
    mutation: Pick<UseMutationResult<R, unknown, V>, 'mutate'>,
    options: SubmitOptions<S, V, R>,
  ) => (variables: V) => void;
  /** Spread into the Modal: status (no closing while saving), onClose and the reset on close. */
  modal: { open: true; status: SavingStatus; onClose?: () => void; onReset: () => void };
  /**
   * With `persist`: the value a step kept under `name` before a reload (undefined when none, or
   * without `persist`). Read it for the step's initial values.
   */
  restored: <T>(name: string) => T | undefined;
  /**
   * With `persist`: keeps a step's values under `name` (usePersistedValue calls it); ignored
   * while saving, once done, after closing, and without `persist`.
   */
  keep: (name: string, value: unknown) => void;
};

export type WizardPersist = {
  /** Names the wizard's item in sessionStorage (include what it is for: 'transfer:200103'). */
  key: string;
};

export function useWizardFlow<S extends string>({
  first,
  onClose,
  persist,
}: {
  first: S;
  /** Leave out for a forced flow that cannot be dismissed. */
  onClose?: () => void;
  /**
   * Opt in to keep the progress (the step and the values the steps keep) across a reload, in
   * sessionStorage: never while saving or once done; removed on close, on success and on logout.
   */
  persist?: WizardPersist;
}): WizardFlow<S> {
  const persistKey = persist?.key ?? null;
  // What a reload left (read once): a trail that starts at this flow's first step.
  const [saved] = useState<WizardRecord | null>(() => {
    if (persistKey === null) return null;
    const record = readWizardRecord(persistKey);
    return record && record.trail[0] === first ? record : null;
  });
  const [trail, setTrail] = useState<S[]>(() => (saved ? (saved.trail as S[]) : [first]));
  const [status, setStatus] = useState<SavingStatus>(savingStatus.idle);
  const [failure, setFailure] = useState<unknown>(null);
  const [moves, setMoves] = useState(0);
  const [savingStep, setSavingStep] = useState<S | null>(null);
  // A second click arrives before React re-renders the disabled button: never submit twice.
  const submitting = useRef(false);
  const step = trail[trail.length - 1]!;

  // ---- persistence (opt-in): the trail and the kept values, written only while idle.
  const kept = useRef<Record<string, unknown>>(saved?.values ?? {});
  const closed = useRef(false);
  const latest = useRef({ trail, status });
  latest.current = { trail, status };
  const write = useCallback(() => {
    if (persistKey === null || closed.current) return;
    const { trail: steps, status: now } = latest.current;
    if (now === savingStatus.idle)
      writeWizardRecord(persistKey, { trail: steps, values: kept.current });
    else removeWizardRecord(persistKey);
  }, [persistKey]);
  useEffect(write, [write, trail, status]);
  const forget = useCallback(() => {
    kept.current = {};
    if (persistKey !== null) removeWizardRecord(persistKey);
  }, [persistKey]);
  const restored = useCallback(
    <T,>(name: string): T | undefined => saved?.values[name] as T | undefined,
    [saved],
  );
  const keep = useCallback(
    (name: string, value: unknown) => {
      if (persistKey === null) return;
      kept.current = { ...kept.current, [name]: value };
      write();
    },
    [persistKey, write],
  );

  const goTo = useCallback((next: S) => {
    setFailure(null);
    setTrail((current) => {
      const at = current.indexOf(next);
      // Going to a step already on the trail returns to it (an error step before a saving step).
      return at >= 0 ? current.slice(0, at + 1) : [...current, next];
    });
    setMoves((n) => n + 1);
  }, []);

  const reset = useCallback(() => {
    forget();
    setTrail([first]);
    setStatus(savingStatus.idle);
    setFailure(null);
    submitting.current = false;
  }, [first, forget]);

  /** The caller's onClose, after forgetting any kept progress (closing starts the next afresh). */
  const dismiss = useMemo(
    () =>
      onClose &&
      (() => {
        closed.current = true;
        forget();
        onClose();
      }),
    [onClose, forget],
  );

  const close = useCallback(() => {
    reset();
    dismiss?.();
  }, [reset, dismiss]);

  const back = useCallback(() => {
    if (trail.length <= 1) {
      if (onClose) close();
      return;
    }
    setFailure(null);
    setStatus(savingStatus.idle);
    setTrail((current) => current.slice(0, -1));
    setMoves((n) => n + 1);
  }, [trail.length, onClose, close]);

  const submitter = useCallback(
    <V, R>(
      mutation: Pick<UseMutationResult<R, unknown, V>, 'mutate'>,
      options: SubmitOptions<S, V, R>,
    ) =>
      (variables: V) => {
        if (submitting.current) return;
        if (!isOnline()) {
          // Offline: not sent (it could only fail); the step says why and stays as it is.
          setFailure(offlineMessages.actionReason);
          return;
        }
        submitting.current = true;
        setFailure(null);
        setStatus(savingStatus.processing);
        setSavingStep(options.savingStep);
        goTo(options.savingStep);
        mutation.mutate(variables, {
          onSuccess: (result) => {
            forget();
            setStatus(savingStatus.success);
            setMoves((n) => n + 1);
            if (options.event) analytics.track(options.event, options.track?.(result, variables));
            options.onSuccess?.(result, variables);
          },
          onError: (error) => {
            setStatus(savingStatus.idle);
            const { errorStep } = options;
            goTo(typeof errorStep === 'function' ? errorStep(error, variables) : errorStep);
            setFailure(error);
            options.onError?.(error, variables);
          },
          onSettled: () => {
            submitting.current = false;
          },
        });
      },
    [goTo, forget],
  );

  return useMemo(
    () => ({
      step,
      status,
      saving: status === savingStatus.processing,
      done: status === savingStatus.success,
      failure,
      moves,
      savingStep,
      goTo,
      back,
      reset,
      submitter,
      modal: {
        open: true as const,
        status,
        ...(dismiss ? { onClose: dismiss } : {}),
        onReset: reset,
      },
      restored,
      keep,
    }),
    [
      step,
      status,
      failure,
      moves,
      savingStep,
      goTo,
      back,
      reset,
      submitter,
      dismiss,
      restored,
      keep,
    ],
  );
}

/**
 * Keeps a persisted wizard's values (useWizardFlow's `persist`) whenever they change: read them
 * back with `flow.restored(name)` for the initial values.
 */
export function usePersistedValue(
  flow: Pick<WizardFlow<string>, 'keep'>,
  name: string,
  value: unknown,
): void {
  const json = JSON.stringify(value);
  const { keep } = flow;
  useEffect(() => {
    keep(name, JSON.parse(json) as unknown);
  }, [keep, name, json]);
}

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
 * A confirm step's footer: the way out and the one action, which waits while the change is
 * being saved (so a second click cannot send it twice). `cancelWaits`: the way out (a Back) waits
 * too, so the step cannot change under a running save.
 */
export function WizardConfirmActions({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  saving,
  cancelWaits = false,
}: {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  saving: boolean;
  cancelWaits?: boolean;
}) {
  // The change needs the server: offline the action waits, saying why (lib/online.ts).
  const serverAction = useServerAction();
  const reasonId = useId();
  return (
    <>
      {serverAction.reason && <ServerActionReason id={reasonId} reason={serverAction.reason} />}
      <button type="button" className="button" disabled={cancelWaits && saving} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="button"
        className="button button--primary"
        disabled={saving || serverAction.disabled}
        aria-describedby={serverAction.reason ? reasonId : undefined}
        onClick={onConfirm}
      >
        {confirmLabel}
      </button>
    </>
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
