import { errorMaker } from '../../lib/errors';

/** The usage module's errors. */
export const usageErrors = {
  usageCodeRefused:
    'Invalid request: this usage link has expired or was already used. Please ask for a new link.',
  noService: (serviceId: number) => `Invalid request: no service ${serviceId}`,
} as const;
export type UsageErrorCode = keyof typeof usageErrors;

/** The HTTP status of each code. */
export const usageStatuses = {
  usageCodeRefused: 401,
  noService: 400,
} as const;

export const usageError = errorMaker(usageErrors, usageStatuses);
