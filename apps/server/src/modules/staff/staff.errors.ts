import { errorMaker } from '../../lib/errors';

/** Staff access's refusals (docs/decisions/025). Statuses are in staffStatuses. */
export const staffErrors = {
  staffReadOnly:
    'Invalid request: this is a staff-assisted session, and your staff role may not make this change.',
  staffLoginFailed: 'Invalid request: unknown staff email, wrong password or wrong code.',
  staffSessionInvalid: 'Invalid request: your staff session has ended. Please log in again.',
  staffLinkInvalid:
    'Invalid request: this staff link is not valid, has expired or was already used.',
  staffAdminOnly: 'Invalid request: only staff admins may see the audit log.',
  staffTargetMissing: 'Invalid request: there is no such customer account or service.',
  xdUnavailable: 'Invalid request: not found.',
} as const;
export type StaffErrorCode = keyof typeof staffErrors;

/** The HTTP status of each code. */
export const staffStatuses = {
  staffReadOnly: 403,
  staffLoginFailed: 401,
  staffSessionInvalid: 401,
  staffLinkInvalid: 400,
  staffAdminOnly: 403,
  staffTargetMissing: 404,
  xdUnavailable: 404,
} as const;

export const staffError = errorMaker(staffErrors, staffStatuses);

/** A staff-assisted session whose staff role may not make this change (docs/decisions/025). */
export const staffReadOnly = () => staffError('staffReadOnly');
