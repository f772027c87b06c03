import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AnalyticsProps, analytics } from '@/lib/analytics';
import { isOnline, offlineMessages } from '@/lib/online';
import {
  readWizardRecord,
  removeWizardRecord,
  type WizardRecord,
  writeWizardRecord,
} from '@/lib/wizard-storage';
import { type SavingStatus, savingStatus } from './modal';

/** The wizard's state and moves (components/wizard.tsx draws it). */

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
    <T>(name: string): T | undefined => saved?.values[name] as T | undefined,
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
