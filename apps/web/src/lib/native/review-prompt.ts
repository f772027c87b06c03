import { storageKeys } from '../session';

/** Spec 1 sections 4 and 9: the review prompt's thresholds. */
export const REVIEW_MIN_SESSIONS = 5;
export const DATA_VIEWED_DELAY_MS = 10_000;
export const TASK_COMPLETED_DELAY_MS = 2_000;

/** What makes the prompt due: data viewed (10 s later) or a completed task (2 s later). */
export type ReviewTrigger = 'data-viewed' | 'task-completed';

const delays: Readonly<Record<ReviewTrigger, number>> = {
  'data-viewed': DATA_VIEWED_DELAY_MS,
  'task-completed': TASK_COMPLETED_DELAY_MS,
};

/** The stored items: app session count (sm_session_count) and review-prompt-shown (sm_review_shown). */
export type ReviewStore = {
  sessionCount(): number;
  setSessionCount(count: number): void;
  wasShown(): boolean;
  setShown(): void;
};

export type ReviewPromptDeps = {
  store: ReviewStore;
  /** Asks the store's review sheet (the in-app review plugin). */
  request: () => Promise<void> | void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => number;
  clearTimer?: (id: number) => void;
};

/**
 * - idle: not due (fewer than 5 sessions, or nothing viewed or done yet);
 * - waiting: a trigger came and the prompt shows when its delay ends;
 * - shown: asked once; never again on this device.
 */
export type ReviewState = 'idle' | 'waiting' | 'shown';

export type ReviewPrompt = {
  /** An app session began (first launch, or the app resumed): the count goes up by one. */
  recordSession(): number;
  note(trigger: ReviewTrigger): void;
  state(): ReviewState;
  /** Drops a pending prompt (the app went away). */
  cancel(): void;
};

/** The review prompt (spec 1 section 4 "Review prompt", native only): shown once, on the rules. */
export function createReviewPrompt({
  store,
  request,
  now = Date.now,
  setTimer = (run, ms) => window.setTimeout(run, ms),
  clearTimer = (id) => window.clearTimeout(id),
}: ReviewPromptDeps): ReviewPrompt {
  let pending: { id: number; dueAt: number } | null = null;

  const eligible = () => !store.wasShown() && store.sessionCount() >= REVIEW_MIN_SESSIONS;

  const fire = () => {
    pending = null;
    if (!eligible()) return;
    // Marked first: a failing or slow review sheet never makes it ask twice.
    store.setShown();
    void Promise.resolve()
      .then(request)
      .catch(() => {
        // The OS decides whether the sheet shows; a refusal is not the user's problem.
      });
  };

  return {
    recordSession() {
      const count = store.sessionCount() + 1;
      store.setSessionCount(count);
      return count;
    },
    note(trigger) {
      if (!eligible()) return;
      const dueAt = now() + delays[trigger];
      // An earlier prompt already waiting stays: the sooner of the two wins.
      if (pending && pending.dueAt <= dueAt) return;
      if (pending) clearTimer(pending.id);
      pending = { id: setTimer(fire, delays[trigger]), dueAt };
    },
    state() {
      if (store.wasShown()) return 'shown';
      return pending ? 'waiting' : 'idle';
    },
    cancel() {
      if (pending) clearTimer(pending.id);
      pending = null;
    },
  };
}

/** The store in localStorage (sm_session_count, sm_review_shown). */
export const localReviewStore: ReviewStore = {
  sessionCount() {
    try {
      const value = Number.parseInt(
        window.localStorage.getItem(storageKeys.sessionCount) ?? '',
        10,
      );
      return Number.isFinite(value) && value > 0 ? value : 0;
    } catch {
      return 0;
    }
  },
  setSessionCount(count) {
    try {
      window.localStorage.setItem(storageKeys.sessionCount, String(count));
    } catch {
      // Storage blocked: the count starts again next launch.
    }
  },
  wasShown() {
    try {
      return window.localStorage.getItem(storageKeys.reviewShown) === '1';
    } catch {
      return false;
    }
  },
  setShown() {
    try {
      window.localStorage.setItem(storageKeys.reviewShown, '1');
    } catch {
      // Storage blocked: at worst it asks again after a restart.
    }
  },
};
