import { errorMaker } from '../../lib/errors';

/** The admin API's refusals (docs/decisions/051). Statuses are in adminStatuses. */
export const adminErrors = {
  adminUnauthenticated:
    'Invalid request: sign in as staff, or send a valid API key (Authorization: Bearer).',
  adminScopeMissing: 'Invalid request: your staff role or API key may not do this.',
  apiKeyMissing: 'Invalid request: there is no such API key.',
  accountMissing: 'Invalid request: there is no such customer account.',
  externalIdTaken: 'Invalid request: another record already has this external_id.',
  planNotForTechnology: 'Invalid request: there is no such plan for this technology.',
  identifierTaken: 'Invalid request: another service already has this identifier.',
  webhookUrlInvalid:
    'Invalid request: a webhook URL must be https, with no user or password, on a public host.',
  webhookMissing: 'Invalid request: there is no such webhook endpoint or delivery.',
  staffMissing: 'Invalid request: there is no such staff member.',
  serviceMissing: 'Invalid request: this account has no such service.',
  staffEmailTaken: 'Invalid request: a staff member already has this email.',
  staffSelfLockout:
    'Invalid request: you cannot take away your own admin role or switch yourself off. Ask another admin.',
  importNotCsv: 'Invalid request: send the file as the body, with Content-Type: text/csv.',
  importKeyMissing:
    'Invalid request: an import needs an Idempotency-Key header (a dry run does not).',
  importMissing: 'Invalid request: there is no such import.',
} as const;

export const adminStatuses = {
  adminUnauthenticated: 401,
  adminScopeMissing: 403,
  apiKeyMissing: 404,
  accountMissing: 404,
  externalIdTaken: 409,
  planNotForTechnology: 400,
  identifierTaken: 409,
  webhookUrlInvalid: 400,
  webhookMissing: 404,
  staffMissing: 404,
  serviceMissing: 404,
  staffEmailTaken: 409,
  staffSelfLockout: 400,
  importNotCsv: 415,
  importKeyMissing: 400,
  importMissing: 404,
} as const;

export const adminError = errorMaker(adminErrors, adminStatuses);
