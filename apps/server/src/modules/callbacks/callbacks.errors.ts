import { errorMaker } from '../../lib/errors';

/**
 * The callbacks module's refusals (docs/decisions/017, "Callbacks"): plain sentences the form
 * shows as they are. Statuses are in plugins/error-handler.ts.
 */
export const callbacksErrors = {
  callbackSlotTaken: 'That time has just been taken. Please choose another.',
  callbackSlotNotOffered:
    'That time is not one we can offer any more. Please choose one of the times shown.',
  callbackAlreadyBooked: (summary: string) =>
    `You already have a callback booked (${summary}). Cancel it first if you need a different time.`,
  callbackStarted:
    "This callback's time has already started, so it can no longer be cancelled here. Please call us if you no longer need it.",
} as const;
export type CallbacksErrorCode = keyof typeof callbacksErrors;

export const callbacksError = errorMaker(callbacksErrors);
