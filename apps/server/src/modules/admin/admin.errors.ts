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
  planMissing: 'Invalid request: there is no such plan.',
  contactMissing: 'Invalid request: this account has no such contact.',
  contactNotInvited:
    'Invalid request: this contact has already set a password (or has no email): there is no invitation to send.',
  planInvalid: (problem: string) => `Invalid request: ${problem}`,
  serviceNotActivatable: (status: string) =>
    `Invalid request: only a pending service can be activated; this one is ${status}.`,
  serviceNotSuspendable: (status: string) =>
    `Invalid request: only an active service can be suspended; this one is ${status}.`,
  serviceNotResumable: (status: string) =>
    `Invalid request: only a suspended service can be resumed; this one is ${status}.`,
  serviceAlreadyCancelled: 'Invalid request: this service is already cancelled.',
  serviceCancelScheduled: (date: string) =>
    `Invalid request: this service is already to be cancelled on ${date}.`,
  cancelDateInPast: 'Invalid request: a service can be cancelled from today or a later day.',
  importNotCsv: 'Invalid request: send the file as the body, with Content-Type: text/csv.',
  importKeyMissing:
    'Invalid request: an import needs an Idempotency-Key header (a dry run does not).',
  importMissing: 'Invalid request: there is no such import.',
  invoiceMissing: 'Invalid request: this account has no such invoice.',
  priceChangeInvalid: (problem: string) => `Invalid request: ${problem}`,
  priceChangeSameDay: (date: string) =>
    `Invalid request: this plan already has a price change on ${date}. Withdraw it first.`,
  priceChangeNoChange: (price: string) =>
    `Invalid request: the plan already costs ${price} a month from that day.`,
  priceChangeMissing: 'Invalid request: this plan has no such price change.',
  priceChangeInEffect: (date: string) =>
    `Invalid request: this price change took effect on ${date}; schedule another to change the price again.`,
  extraMissing: 'Invalid request: there is no such extra.',
  blockMissing: 'Invalid request: there is no such data block.',
  productMissing: 'Invalid request: there is no such product.',
  catalogueInvalid: (problem: string) => `Invalid request: ${problem}`,
  catalogueNoSuchPlan: (planId: string) => `Invalid request: there is no plan ${planId}.`,
  articleTaken: 'Invalid request: another product already has this article number.',
  orderMissing: 'Invalid request: there is no such order.',
  packingSlipNotProduct: (kind: string) =>
    `Invalid request: only a product order has a packing slip; this one is ${kind}.`,
  quoteChanged: (adjustment: string) =>
    `Invalid request: the pro-rata is now ${adjustment}, not what was quoted. Nothing was changed: check the new figure and confirm again.`,
  ticketMissing: 'Invalid request: there is no such ticket.',
  ticketAttachmentMissing: 'Invalid request: this ticket has no such attachment.',
  assigneeMissing: 'Invalid request: there is no active staff member with this id.',
  ticketAssignedElsewhere: (owner: string | null) =>
    `Invalid request: this ticket is now ${owner === null ? 'unassigned' : `assigned to ${owner}`}; look again before assigning it.`,
  replyStale: (author: string) =>
    `Invalid request: ${author} replied on this ticket after the reply you saw. Read it, then send yours again.`,
  mergeIntoItself: 'Invalid request: a ticket cannot be merged into itself.',
  mergeTargetMissing: (number: string) =>
    `Invalid request: there is no ticket ${number} to merge into.`,
  mergeOtherAccount: (duplicate: string, into: string) =>
    `Invalid request: ${duplicate} and ${into} are on different accounts; only tickets of the same account can be merged.`,
  mergeAlreadyMerged: (duplicate: string, into: string) =>
    `Invalid request: ${duplicate} was already merged into ${into}.`,
  mergeIntoMerged: (into: string, final: string) =>
    `Invalid request: ${into} was merged into ${final}; merge into ${final} instead.`,
  cannedMissing: 'Invalid request: there is no such canned reply.',
  cannedInvalid: (problem: string) => `Invalid request: ${problem}`,
  cannedTitleTaken: 'Invalid request: another canned reply already has this title.',
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
  planMissing: 404,
  contactMissing: 404,
  contactNotInvited: 409,
  planInvalid: 400,
  serviceNotActivatable: 409,
  serviceNotSuspendable: 409,
  serviceNotResumable: 409,
  serviceAlreadyCancelled: 409,
  serviceCancelScheduled: 409,
  cancelDateInPast: 400,
  importNotCsv: 415,
  importKeyMissing: 400,
  importMissing: 404,
  invoiceMissing: 404,
  priceChangeInvalid: 400,
  priceChangeSameDay: 409,
  priceChangeNoChange: 400,
  priceChangeMissing: 404,
  priceChangeInEffect: 409,
  extraMissing: 404,
  blockMissing: 404,
  productMissing: 404,
  catalogueInvalid: 400,
  catalogueNoSuchPlan: 400,
  articleTaken: 409,
  orderMissing: 404,
  packingSlipNotProduct: 409,
  quoteChanged: 409,
  ticketMissing: 404,
  ticketAttachmentMissing: 404,
  assigneeMissing: 400,
  ticketAssignedElsewhere: 409,
  replyStale: 409,
  mergeIntoItself: 400,
  mergeTargetMissing: 404,
  mergeOtherAccount: 409,
  mergeAlreadyMerged: 409,
  mergeIntoMerged: 409,
  cannedMissing: 404,
  cannedInvalid: 400,
  cannedTitleTaken: 409,
} as const;

export const adminError = errorMaker(adminErrors, adminStatuses);
