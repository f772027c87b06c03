import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import type { StepUpSend, StepUpVerify } from '@outpost/contracts/step-up';
import { apiData } from './api-client';
import { isApiError } from './api-error';

/**
 * Step-up for high-risk changes (docs/decisions/016): a route whose contract says `stepUp` answers
 * 403 with serverErrors.stepUpRequired until this session verified a one-time code in the last
 * 10 minutes. `useStepUp()` (components/step-up-dialog.tsx) runs an action, asks for a code on
 * that answer and retries the action once.
 */

/** The dialog's own words (beyond the spec: the spec has no step-up). */
export const stepUpMessages = {
  title: 'Confirm it is you',
  intro: 'This change needs a one-time code.',
  sending: 'Sending your code…',
  codeLabel: 'Verification code',
  codeMissing: 'Enter the 6-digit code.',
  codeShape: 'The code is 6 digits.',
  verifying: 'Checking your code…',
} as const;

/** The 403 that asks for a code (the server's exact text, the one thing that marks it). */
export function isStepUpRequired(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'Server' &&
    error.status === 403 &&
    error.message === serverErrors.stepUpRequired
  );
}

/** POST users/current/step-up/: sends a code (none for an authenticator) and says where it went. */
export function sendStepUpCode(): Promise<StepUpSend> {
  return apiData<StepUpSend>(apiPaths.stepUpSend, { method: 'POST', body: {} });
}

/** POST users/current/step-up/verify/: a right code lets this session make changes for 10 minutes. */
export function verifyStepUpCode(code: string): Promise<StepUpVerify> {
  return apiData<StepUpVerify>(apiPaths.stepUpVerify, { method: 'POST', body: { code } });
}

/** What is wrong with a typed code, or null. */
export function checkStepUpCode(code: string): string | null {
  if (code.trim() === '') return stepUpMessages.codeMissing;
  return /^[0-9]{6}$/.test(code.trim()) ? null : stepUpMessages.codeShape;
}
