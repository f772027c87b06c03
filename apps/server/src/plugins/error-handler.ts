import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverErrors } from '@outpost/contracts/messages';
import { isConnectionLost } from '../db/client';
import { RateLimitStoreUnavailable } from './rate-limit-store';
import type { CommonErrorCode } from '../lib/errors';
import { AppError, RateLimitedError } from '../lib/errors';
import type { PreparedErrorCode } from '../lib/prepared';
import type { SandboxErrorCode } from '../adapters/payments/sandbox.errors';
import type { AuthErrorCode } from '../modules/auth/auth.errors';
import type { PaymentsErrorCode } from '../modules/payments/payments.errors';
import type { RecoveryErrorCode } from '../modules/recovery/recovery.errors';
import type { ServicesErrorCode } from '../modules/services/services.errors';
import type { UsageErrorCode } from '../modules/usage/usage.errors';
import type { StepUpErrorCode } from '../modules/step-up/step-up.errors';
import type { ContactsErrorCode } from '../modules/contacts/contacts.errors';
import type { AccountErrorCode } from '../modules/account/account.errors';
import type { SecurityErrorCode } from '../modules/security/security.errors';
import type { CallbacksErrorCode } from '../modules/callbacks/callbacks.errors';
import type { TicketsErrorCode } from '../modules/tickets/tickets.errors';
import type { OrdersErrorCode } from '../modules/orders/orders.errors';
import type { StaffErrorCode } from '../modules/staff/staff.errors';
import type { ReferralsErrorCode } from '../modules/referrals/referrals.errors';
import type { NotificationsErrorCode } from '../modules/notifications/notifications.errors';
import type { SmsReportsErrorCode } from '../modules/sms-reports/sms-reports.errors';

type Issue = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? 'the request' : name;
}

/** One plain sentence per validation issue, e.g. "username is required". */
export function describeIssue(issue: Issue): string {
  const field = fieldName(issue.instancePath);
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (p.input === undefined && /received undefined/.test(issue.message ?? '')) {
        return `${field} is required`;
      }
      return `${field} must be ${String(p.expected)}`;
    case 'unrecognized_keys':
      return `unknown field${(p.keys as string[]).length > 1 ? 's' : ''} ${(p.keys as string[]).map((k) => `'${k}'`).join(', ')}`;
    case 'too_small':
      return p.origin === 'string' && p.minimum === 1
        ? `${field} is required`
        : `${field} is too short or too small`;
    case 'too_big':
      return `${field} is too long or too large`;
    default:
      return `${field} is not valid${issue.message ? ` (${issue.message})` : ''}`;
  }
}

type ErrorCode =
  | PaymentsErrorCode
  | CommonErrorCode
  | PreparedErrorCode
  | AuthErrorCode
  | RecoveryErrorCode
  | ServicesErrorCode
  | UsageErrorCode
  | StepUpErrorCode
  | ContactsErrorCode
  | AccountErrorCode
  | SecurityErrorCode
  | CallbacksErrorCode
  | TicketsErrorCode
  | ReferralsErrorCode
  | SandboxErrorCode
  | OrdersErrorCode
  | StaffErrorCode
  | NotificationsErrorCode
  | SmsReportsErrorCode;

/** The Retry-After (seconds) of a 503 that a module answers on purpose. */
const RETRY_AFTER_SECONDS = 30;

/** The HTTP status of every error code a module declares (its `*.errors.ts`), in one place. */
const STATUS_OF: Record<ErrorCode, number> = {
  badCharacters: 400,
  unauthenticated: 401,
  tokenExpired: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,

  stepUpRequired: 403,
  stepUpCodeWrong: 400,
  stepUpCodeLocked: 400,
  stepUpNoAddress: 400,
  stepUpSendsLimited: 429,

  contactEmailTaken: 409,
  contactMobileTaken: 409,
  contactRoleUnknown: 400,
  contactRoleHolder: 400,
  contactRelationshipInvalid: 400,
  contactDetailInvalid: 400,
  permissionUnknown: 400,
  permissionRepeated: 400,
  permissionAboveLevel: 400,
  permissionNotHeld: 403,
  ownPermissions: 403,
  holderPermissions: 403,
  removeSelf: 403,
  removeHolder: 403,
  ownContactReadOnly: 400,
  ownEmailRequired: 400,
  ownEmailInvalid: 400,
  ownMobileInvalid: 400,
  ownEmailTaken: 409,
  ownMobileTaken: 409,
  ownMobileNeededForTwoFactor: 400,
  ownChangeCodeWrong: 400,
  ownChangeCodeLocked: 400,
  ownChangeNotPending: 400,
  preferenceReadOnly: 400,
  preferenceValueInvalid: 400,
  preferenceListedTwice: 400,
  identifyByRequired: 400,
  identifyByUnknown: 400,
  pinRequired: 400,
  pinInvalid: 400,
  dobReadOnly: 400,
  dobMissing: 400,
  twoFactorUnchanged: 400,
  twoFactorNoMobile: 400,
  twoFactorNoEmail: 400,
  authenticatorNotStarted: 400,
  authenticatorCodeRequired: 400,
  authenticatorCodeWrong: 400,
  authenticatorCodeLocked: 429,

  callbackSlotTaken: 409,
  callbackSlotNotOffered: 409,
  callbackAlreadyBooked: 409,
  callbackStarted: 409,
  attachmentTooBig: 413,
  attachmentWrongType: 415,
  attachmentSizeMismatch: 400,
  // Referral rewards (docs/decisions/020): the sign-up system's refusals.
  referralCodeUnknown: 404,
  referralServiceUnknown: 400,
  referralSelf: 400,
  referralAddressTaken: 409,
  referralServiceTaken: 409,
  referralNoOffer: 409,
  // Orders (docs/decisions/021).
  orderNotAvailable: 409,
  barringModeUnknown: 400,
  featureUnknown: 400,
  featureListedTwice: 400,
  featureValueInvalid: 400,
  orderStatusMove: 409,
  // Staff access (docs/decisions/025).
  staffReadOnly: 403,
  staffLoginFailed: 401,
  staffSessionInvalid: 401,
  staffLinkInvalid: 400,
  staffAdminOnly: 403,
  staffTargetMissing: 404,
  xdUnavailable: 404,
  productUnavailable: 409,
  applicationInvalid: 400,
  orderTechnology: 409,
  transferInProgress: 409,
  // Push devices (docs/decisions/023): the spec's text, which the client retries on.
  invalidDeviceToken: 400,
  webPushEndpointRefused: 400,

  csrfInvalid: 400,
  csrfUsed: 400,
  csrfExpired: 400,

  removeNeedsBoth: 400,
  methodNotSaved: 400,
  cardExpiredDefault: 400,
  noSavedCard: 400,
  savedCardChanged: 400,
  paymentMismatch: 400,
  // The card gateway could not be reached or refused the call.
  startFailed: 502,
  postFailed: 502,
  setupFailed: 502,
  webhookSignature: 400,
  // An SMS provider's delivery report that is not the provider's (docs/decisions/043).
  smsReportSignature: 403,
  smsReportUnreadable: 400,
  gatewayUnavailable: 503,

  badCredentials: 401,
  loginRateLimited: 429,
  refreshInvalid: 401,
  missingRefresh: 401,
  passwordWeak: 400,
  passwordUnchanged: 400,
  currentPasswordRequired: 400,
  currentPasswordWrong: 400,
  // The login page shows the code field on a 401 whose text starts 'Extended validation'.
  codeSentBySms: 401,
  codeSentByEmail: 401,
  appCodeRequired: 401,
  appCodeWrong: 401,
  appCodeLocked: 401,
  loginCodeWrong: 401,
  loginCodeLocked: 401,
  noCodeAddress: 401,
  codeSendsLimited: 429,

  lookupFailed: 400,
  codeInvalid: 401,
  codeLocked: 401,
  recoveryRateLimited: 429,

  planChangeNotAllowed: 400,
  planNotAvailable: 400,
  periodNotAvailable: 400,
  optionNotAvailable: 400,
  alreadyCurrent: 400,
  cancelWithOptions: 400,
  blocksNotAvailable: 400,
  blockNotAvailable: 400,
  nicknameNotAllowed: 400,

  usageCodeRefused: 401,
  noService: 400,

  sandboxUnexpectedState: 400,
  sandboxMethodNotAllowed: 400,
  sandboxReturnUrlRefused: 400,
};

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: serverErrors.malformedBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: serverErrors.malformedBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: serverErrors.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Bad request: Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: serverErrors.malformedBody },
};

/** What a log may hold of a failed query: its SQL text and the database's error, no values. */
function queryFailure(error: DrizzleQueryError) {
  const cause = error.cause as (Error & { code?: unknown }) | undefined;
  return {
    query: error.query,
    err: {
      type: cause?.name ?? 'DrizzleQueryError',
      message: cause?.message ?? 'query failed',
      code: cause?.code,
      stack: cause?.stack,
    },
  };
}

/**
 * Every failure answers `{ data: { error } }` with the prefixes the client cleans.
 * 5xx bodies never carry internals; the log does.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error instanceof AppError ? STATUS_OF[error.code as ErrorCode] : undefined;
    if (status !== undefined) {
      const { fields } = error as AppError;
      // A service we depend on is down for now (the card gateway): ask the caller to come back.
      if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (error instanceof RateLimitedError)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(status)
        .send({ data: { error: error.message, ...(fields ? { fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as Issue[];
      const text = issues.slice(0, 5).map(describeIssue).join('; ');
      return reply.status(400).send({ data: { error: `Invalid request: ${text}.` } });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ data: { error: known.message } });
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return reply.status(400).send({ data: { error: serverErrors.malformedBody } });
    }
    const storeDown = error instanceof RateLimitStoreUnavailable;
    if (storeDown || isConnectionLost(error)) {
      // The database went away mid-request: the transaction rolled back (or, when the connection
      // died during COMMIT, may have committed; prepare/commit replays, other calls re-read).
      // Redis (the rate-limit counters) did not answer: nothing that needs a limit went ahead.
      if (storeDown) request.log.warn({ err: error.cause }, 'rate-limit store unavailable');
      else request.log.warn({ code: error.code }, 'database connection lost');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ data: { error: serverErrors.unavailable } });
    }
    const fastifyStatus = error.statusCode ?? 500;
    if (fastifyStatus >= 400 && fastifyStatus < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply
        .status(fastifyStatus)
        .send({ data: { error: 'Bad request: The request could not be handled.' } });
    }
    // A failed query's message carries its parameters (what people typed, hashes): log the SQL
    // text and the database's own error, never the values.
    const logged = error instanceof DrizzleQueryError ? queryFailure(error) : { err: error };
    request.log.error(logged, 'unhandled error');
    return reply.status(500).send({ data: { error: serverErrors.internal } });
  });
});
