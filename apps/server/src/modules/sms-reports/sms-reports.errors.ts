import { errorMaker } from '../../lib/errors';

/** Delivery reports of the SMS providers (docs/decisions/043). */
export const smsReportsErrors = {
  /** An unsigned or wrongly signed report, or a callback address whose token is not ours: 403. */
  smsReportSignature:
    'Invalid request: The signature of this delivery report could not be verified.',
  /** A report whose credential checked out but whose body is not the provider's format. */
  smsReportUnreadable: 'Invalid request: This delivery report could not be read.',
} as const;
export type SmsReportsErrorCode = keyof typeof smsReportsErrors;

/** The HTTP status of each code. */
export const smsReportsStatuses = {
  smsReportSignature: 403,
  smsReportUnreadable: 400,
} as const;

export const smsReportsError = errorMaker(smsReportsErrors, smsReportsStatuses);
