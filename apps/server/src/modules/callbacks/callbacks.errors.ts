import { errorMaker } from '../../lib/errors';

/**
 * The callbacks module's refusals (docs/decisions/017, "Callbacks"): plain sentences the form
 * shows as they are. Statuses are in callbacksStatuses.
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

/** The HTTP status of each code. */
export const callbacksStatuses = {
  callbackSlotTaken: 409,
  callbackSlotNotOffered: 409,
  callbackAlreadyBooked: 409,
  callbackStarted: 409,
} as const;

export const callbacksError = errorMaker(callbacksErrors, callbacksStatuses);
