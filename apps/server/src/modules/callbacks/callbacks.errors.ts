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
  callbackEnded:
    'This callback has already been dealt with, so it can no longer be cancelled. Book a new one if you still need a call.',
  // The desk's schedule (docs/decisions/059).
  callbackMissing: 'Invalid request: there is no such callback.',
  callbackOutcomeRecorded: (label: string, by: string) =>
    `Invalid request: this callback is already marked ${label}${by}; look again before changing it.`,
  callbackRebookSlotNeeded: 'Invalid request: choose the new time to rebook the callback at.',
  callbackSlotOnlyForRebook: 'Invalid request: a new time goes only with the outcome rebooked.',
  callbackTeamCapacityMin:
    'Invalid request: a team takes at least 1 booking per slot; set 0 on a slot to close it.',
} as const;
export type CallbacksErrorCode = keyof typeof callbacksErrors;

/** The HTTP status of each code. */
export const callbacksStatuses = {
  callbackSlotTaken: 409,
  callbackSlotNotOffered: 409,
  callbackAlreadyBooked: 409,
  callbackStarted: 409,
  callbackEnded: 409,
  callbackMissing: 404,
  callbackOutcomeRecorded: 409,
  callbackRebookSlotNeeded: 400,
  callbackSlotOnlyForRebook: 400,
  callbackTeamCapacityMin: 400,
} as const;

export const callbacksError = errorMaker(callbacksErrors, callbacksStatuses);
