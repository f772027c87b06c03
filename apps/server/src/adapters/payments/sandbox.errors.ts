import { errorMaker } from '../../lib/errors';

/**
 * The sandbox gateway's refusals to the browser (its confirm and authentication calls). A wrong
 * client secret or an unknown intent answers the common 404, which reveals nothing.
 */
export const sandboxErrors = {
  sandboxUnexpectedState: (what: string, status: string) =>
    `Invalid request: This ${what} cannot be changed now: its status is ${status}.`,
  sandboxMethodNotAllowed: (what: string, details: string) =>
    `Invalid request: This ${what} accepts only ${details} details.`,
  sandboxReturnUrlRefused: 'Invalid request: return_url must be an address of this site.',
} as const;
export type SandboxErrorCode = keyof typeof sandboxErrors;

/** The HTTP status of each code. */
export const sandboxStatuses = {
  sandboxUnexpectedState: 400,
  sandboxMethodNotAllowed: 400,
  sandboxReturnUrlRefused: 400,
} as const;

export const sandboxError = errorMaker(sandboxErrors, sandboxStatuses);
