import type { z } from 'zod';
import { apiPaths } from './api-paths';
import {
  contactParams,
  currentUserOutput,
  emptyInput,
  guideOutput,
  guideParams,
  healthOutput,
  loginInput,
  loginOutput,
  logoutOutput,
  permissionsOutput,
  profileOutput,
  refreshOutput,
} from './auth';
import type { PermissionName } from './permissions';
import {
  balanceOutput,
  commitAddPaymentMethodInput,
  commitAddPaymentMethodOutput,
  existingCardCommitInput,
  existingCardCommitOutput,
  existingCardPrepareInput,
  existingCardPrepareOutput,
  gatewayInitOutput,
  invoiceDetailParams,
  invoiceParams,
  paymethodsOutput,
  postPaymentInput,
  postPaymentOutput,
  prepareAddPaymentMethodOutput,
  prepareAddPaymentMethodQuery,
  sandboxAuthenticateInput,
  sandboxAuthenticateQuery,
  sandboxConfirmInput,
  sandboxConfirmOutput,
  sandboxIntentParams,
  webhookOutput,
  startPaymentInput,
  startPaymentOutput,
  transactionsOutput,
  updatePaymethodsInput,
} from './billing';
import {
  csrfOutput,
  deliveryOutput,
  recoverRequestCommitInput,
  recoverRequestPrepareInput,
  recoverVerifyCommitInput,
  recoverVerifyPrepareInput,
  updatePasswordInput,
  updatePasswordOutput,
  verifyOutput,
} from './recovery';
import {
  availableBlocksOutput,
  availablePlansOutput,
  blocksPurchasedOutput,
  changePlanCommitInput,
  changePlanCommitOutput,
  changePlanPrepareInput,
  planDocumentParams,
  planOptionsOutput,
  planParams,
  prepareOutput,
  purchaseBlockCommitInput,
  purchaseBlockCommitOutput,
  purchaseBlockPrepareInput,
  serviceParams,
  servicesOutput,
  setNicknameCommitInput,
  setNicknameOutput,
  setNicknamePrepareInput,
} from './services';
import { errorOutput } from './http';
import {
  alertParams,
  alertsOutput,
  blogParams,
  blogPostOutput,
  blogsOutput,
  blogsQuery,
  dashboardOutput,
  latestBlogsOutput,
  markAlertInput,
  markAlertOutput,
  pageOutput,
  pageParams,
} from './dashboard';
import {
  activityOutput,
  activityQuery,
  createUsageCodeInput,
  createUsageCodeOutput,
  ingestUsageInput,
  ingestUsageOutput,
  serviceActivitySummaryOutput,
  usageOnlyLoginInput,
  usageOnlyLoginOutput,
  usageServiceParams,
  usageSummaryOutput,
} from './usage';

/**
 * The route inventory: every API route the server answers, with who may call it.
 * The server registers routes from these entries, so a route cannot exist without a row.
 *
 * access:
 *  - public: no token;
 *  - user: a USER token of an active contact;
 *  - refresh: a REFRESH token (only the refresh call);
 *  - session: the USER or the REFRESH token of a session (logout: a session whose USER token has
 *    expired must still be revocable);
 *  - usage: also accepts the usage-only token scoped to one service (embedded usage);
 *  - internal: the provider's own systems (a service key), never a customer;
 *  - staff: provider staff only.
 */
export type RouteAccess =
  'public' | 'user' | 'refresh' | 'session' | 'usage' | 'internal' | 'staff';

export type ObjectKind = 'service' | 'invoice' | 'user' | 'alert' | 'plan' | 'ticket' | 'paymethod';

/** A request field that names an account-owned object; the server must scope it to the caller. */
export type ObjectRef = {
  in: 'params' | 'querystring' | 'body';
  name: string;
  kind: ObjectKind;
};

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteContract = {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  access: RouteAccess;
  permissions: readonly PermissionName[];
  objects: readonly ObjectRef[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Answers other than JSON (a PDF, a CSV); the response schema then describes errors only. */
  produces?: string;
  /**
   * A commit route: the id of the prepare route whose csrf it takes. Tests call that route first
   * with the same params and body (less csrf) and add the csrf it returns.
   */
  csrfFrom?: string;
  /**
   * A valid request apart from the object ids in `objects` (tests fill those per caller).
   * The authorisation matrix and the fuzz test start from it.
   */
  example?: {
    params?: Record<string, unknown>;
    querystring?: Record<string, unknown>;
    body?: unknown;
  };
};

function defineRoute<const T extends RouteContract>(route: T): T {
  return route;
}

export const authRoutes = {
  health: defineRoute({
    id: 'health',
    method: 'GET',
    path: apiPaths.health,
    summary: 'Service and database health',
    access: 'public',
    permissions: [],
    objects: [],
    response: healthOutput,
  }),
  login: defineRoute({
    id: 'login',
    method: 'POST',
    path: apiPaths.login,
    summary: 'Log in with username and password (and a verification code when two-factor is on)',
    access: 'public',
    permissions: [],
    objects: [],
    body: loginInput,
    response: loginOutput,
    example: { body: { username: 'holder', password: 'Outpost-demo-1' } },
  }),
  refresh: defineRoute({
    id: 'refresh',
    method: 'POST',
    path: apiPaths.refresh,
    summary: 'Exchange a refresh token for new tokens (the refresh token is rotated)',
    access: 'refresh',
    permissions: [],
    objects: [],
    body: emptyInput.nullish(),
    response: refreshOutput,
    example: { body: {} },
  }),
  logout: defineRoute({
    id: 'logout',
    method: 'POST',
    path: apiPaths.logout,
    summary: 'Log out: revokes this session (its USER and REFRESH tokens); either token will do',
    access: 'session',
    permissions: [],
    objects: [],
    body: emptyInput.nullish(),
    response: logoutOutput,
    example: { body: {} },
  }),
  currentUser: defineRoute({
    id: 'currentUser',
    method: 'GET',
    path: apiPaths.currentUser,
    summary: 'The current user summary',
    access: 'user',
    permissions: [],
    objects: [],
    response: currentUserOutput,
  }),
  profile: defineRoute({
    id: 'profile',
    method: 'GET',
    path: apiPaths.profile,
    summary: "The current user's profile",
    access: 'user',
    permissions: [],
    objects: [],
    response: profileOutput,
  }),
  permissions: defineRoute({
    id: 'permissions',
    method: 'GET',
    path: apiPaths.permissions,
    summary: "The current user's permissions",
    access: 'user',
    permissions: [],
    objects: [],
    response: permissionsOutput,
  }),
  guide: defineRoute({
    id: 'guide',
    method: 'GET',
    path: apiPaths.guide,
    summary: 'A support guide by slug (e.g. privacy-policy)',
    access: 'user',
    permissions: [],
    objects: [],
    params: guideParams,
    response: guideOutput,
    example: { params: { slug: 'privacy-policy' } },
  }),
  contact: defineRoute({
    id: 'contact',
    method: 'GET',
    path: apiPaths.contact,
    summary: "A contact on the caller's account, by user id",
    access: 'user',
    permissions: ['view-users'],
    objects: [{ in: 'params', name: 'userid', kind: 'user' }],
    params: contactParams,
    response: profileOutput,
  }),
} as const;

const recoveryExample = { method: 'username', username: 'holder' } as const;

/** Access recovery (spec 1 sections 4, 5, 7) and the password update. */
export const recoveryRoutes = {
  recoverRequestPrepare: defineRoute({
    id: 'recoverRequestPrepare',
    method: 'POST',
    path: apiPaths.recoverRequestPrepare,
    summary: 'Start an access-recovery request: returns a csrf for the commit',
    access: 'public',
    permissions: [],
    objects: [],
    body: recoverRequestPrepareInput,
    response: csrfOutput,
    example: { body: recoveryExample },
  }),
  recoverRequestCommit: defineRoute({
    id: 'recoverRequestCommit',
    method: 'POST',
    path: apiPaths.recoverRequestCommit,
    summary: 'Send a recovery code and link; the same answer whether or not the details match',
    access: 'public',
    permissions: [],
    objects: [],
    body: recoverRequestCommitInput,
    response: deliveryOutput,
  }),
  recoverVerifyPrepare: defineRoute({
    id: 'recoverVerifyPrepare',
    method: 'POST',
    path: apiPaths.recoverVerifyPrepare,
    summary: 'Start verifying a recovery code: returns a csrf for the commit',
    access: 'public',
    permissions: [],
    objects: [],
    body: recoverVerifyPrepareInput,
    response: csrfOutput,
    example: { body: { ...recoveryExample, code: '123456' } },
  }),
  recoverVerifyCommit: defineRoute({
    id: 'recoverVerifyCommit',
    method: 'POST',
    path: apiPaths.recoverVerifyCommit,
    summary: 'Verify a recovery code: returns a session (tokens, user, permissions)',
    access: 'public',
    permissions: [],
    objects: [],
    body: recoverVerifyCommitInput,
    response: verifyOutput,
  }),
  updatePassword: defineRoute({
    id: 'updatePassword',
    method: 'PATCH',
    path: apiPaths.profile,
    summary: "Change the caller's password; ends the caller's other sessions",
    access: 'user',
    permissions: [],
    objects: [],
    body: updatePasswordInput,
    response: updatePasswordOutput,
    example: { body: { password: 'New-Passw0rd-2026', current_password: 'Outpost-demo-1' } },
  }),
} as const;

const serviceRef = [{ in: 'params', name: 'serviceid', kind: 'service' }] as const;
// Seeded plan and block ids that every demo broadband service of the matrix may take.
const changePlanExample = { planid: 24, when: 'Next Period', options: [] } as const;
const blockExample = { dbid: 1 } as const;

/** My Services: services, plans, plan changes, nicknames and data blocks (spec 2). */
export const servicesRoutes = {
  services: defineRoute({
    id: 'services',
    method: 'GET',
    path: apiPaths.services,
    summary: "The account's services, active Broadband first, with any upcoming plan change",
    access: 'user',
    permissions: ['view-services'],
    objects: [],
    response: servicesOutput,
  }),
  availablePlans: defineRoute({
    id: 'availablePlans',
    method: 'GET',
    path: apiPaths.availablePlans,
    summary: 'The plans this service may take, with its current and next plan',
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    response: availablePlansOutput,
  }),
  planOptions: defineRoute({
    id: 'planOptions',
    method: 'GET',
    path: apiPaths.planOptions,
    summary: 'The extra options a plan offers',
    access: 'user',
    permissions: ['change-plan'],
    objects: [],
    params: planParams,
    response: planOptionsOutput,
    example: { params: { planid: 22 } },
  }),
  planDocument: defineRoute({
    id: 'planDocument',
    method: 'GET',
    path: apiPaths.planDocument,
    summary: "A plan's Key Fact Sheet (kfs) or Critical Information Summary (cis) as a PDF",
    access: 'user',
    permissions: [],
    objects: [],
    params: planDocumentParams,
    response: errorOutput,
    produces: 'application/pdf',
    example: { params: { planid: 22, document: 'kfs' } },
  }),
  changePlanPrepare: defineRoute({
    id: 'changePlanPrepare',
    method: 'POST',
    path: apiPaths.changePlanPrepare,
    summary:
      'Check a plan change (or the cancelling of a scheduled one) and return a csrf for the commit',
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    body: changePlanPrepareInput,
    response: prepareOutput,
    example: { body: changePlanExample },
  }),
  changePlanCommit: defineRoute({
    id: 'changePlanCommit',
    method: 'POST',
    path: apiPaths.changePlanCommit,
    summary: 'Apply a prepared plan change exactly once (docs/decisions/007)',
    access: 'user',
    permissions: ['change-plan'],
    objects: serviceRef,
    params: serviceParams,
    body: changePlanCommitInput,
    response: changePlanCommitOutput,
    csrfFrom: 'changePlanPrepare',
    example: { body: changePlanExample },
  }),
  setNicknamePrepare: defineRoute({
    id: 'setNicknamePrepare',
    method: 'POST',
    path: apiPaths.setNicknamePrepare,
    summary: 'Check a nickname (empty removes it) and return a csrf for the commit',
    access: 'user',
    permissions: ['change-plan', 'set-nickname'],
    objects: serviceRef,
    params: serviceParams,
    body: setNicknamePrepareInput,
    response: prepareOutput,
    example: { body: { nickname: 'Home' } },
  }),
  setNicknameCommit: defineRoute({
    id: 'setNicknameCommit',
    method: 'POST',
    path: apiPaths.setNicknameCommit,
    summary: "Set or remove a service's nickname",
    access: 'user',
    permissions: ['change-plan', 'set-nickname'],
    objects: serviceRef,
    params: serviceParams,
    body: setNicknameCommitInput,
    response: setNicknameOutput,
    csrfFrom: 'setNicknamePrepare',
    example: { body: { nickname: 'Home' } },
  }),
  availableBlocks: defineRoute({
    id: 'availableBlocks',
    method: 'GET',
    path: apiPaths.availableBlocks,
    summary: 'The data blocks this service may buy (none for pending or unlimited services)',
    access: 'user',
    permissions: ['purchase-block'],
    objects: serviceRef,
    params: serviceParams,
    response: availableBlocksOutput,
  }),
  purchaseBlockPrepare: defineRoute({
    id: 'purchaseBlockPrepare',
    method: 'POST',
    path: apiPaths.purchaseBlockPrepare,
    summary: 'Check a data block purchase and return a csrf for the commit',
    access: 'user',
    permissions: ['purchase-block'],
    objects: serviceRef,
    params: serviceParams,
    body: purchaseBlockPrepareInput,
    response: prepareOutput,
    example: { body: blockExample },
  }),
  purchaseBlockCommit: defineRoute({
    id: 'purchaseBlockCommit',
    method: 'POST',
    path: apiPaths.purchaseBlockCommit,
    summary: 'Buy a prepared data block exactly once; a repeated commit returns the same purchase',
    access: 'user',
    permissions: ['purchase-block'],
    objects: serviceRef,
    params: serviceParams,
    body: purchaseBlockCommitInput,
    response: purchaseBlockCommitOutput,
    csrfFrom: 'purchaseBlockPrepare',
    example: { body: blockExample },
  }),
  blocksPurchased: defineRoute({
    id: 'blocksPurchased',
    method: 'GET',
    path: apiPaths.blocksPurchased,
    summary: 'The data blocks bought for this service, newest first',
    access: 'user',
    permissions: ['view-activity'],
    objects: serviceRef,
    params: serviceParams,
    response: blocksPurchasedOutput,
  }),
} as const;

/** Data usage (spec 2): usage routes also take the usage-only token of their service. */
export const usageRoutes = {
  activitySummary: defineRoute({
    id: 'activitySummary',
    method: 'GET',
    path: apiPaths.activitySummary,
    summary: "The current period's usage against the allowance (plan and data blocks)",
    access: 'usage',
    permissions: ['view-activity'],
    objects: serviceRef,
    params: usageServiceParams,
    response: usageSummaryOutput,
  }),
  activity: defineRoute({
    id: 'activity',
    method: 'GET',
    path: apiPaths.activity,
    summary: 'Usage rows by hour or day (current period) or by month (13 months)',
    access: 'usage',
    permissions: ['view-activity'],
    objects: serviceRef,
    params: usageServiceParams,
    querystring: activityQuery,
    response: activityOutput,
    example: { querystring: { by: 'day', type: 'consumption' } },
  }),
  activityDetail: defineRoute({
    id: 'activityDetail',
    method: 'GET',
    path: apiPaths.activityDetail,
    summary: 'The usage rows as a CSV file named report-{by}-{type}.csv',
    access: 'usage',
    permissions: ['view-activity'],
    objects: serviceRef,
    params: usageServiceParams,
    querystring: activityQuery,
    response: errorOutput,
    produces: 'text/csv',
    example: { querystring: { by: 'day', type: 'usage' } },
  }),
  dashboardActivitySummary: defineRoute({
    id: 'dashboardActivitySummary',
    method: 'GET',
    path: apiPaths.dashboardActivitySummary,
    summary: "The dashboard's usage card for a service (GB)",
    access: 'user',
    permissions: ['view-activity'],
    objects: serviceRef,
    params: usageServiceParams,
    response: serviceActivitySummaryOutput,
  }),
  usageOnlyLogin: defineRoute({
    id: 'usageOnlyLogin',
    method: 'POST',
    path: apiPaths.usageOnlyLogin,
    summary: 'Exchange a one-time code for a USER token scoped to one service (embedded usage)',
    access: 'public',
    permissions: [],
    objects: [],
    body: usageOnlyLoginInput,
    response: usageOnlyLoginOutput,
    example: { body: { otc: 'not-a-real-one-time-code' } },
  }),
  internalUsageCodes: defineRoute({
    id: 'internalUsageCodes',
    method: 'POST',
    path: apiPaths.internalUsageCodes,
    summary: 'Provider systems: create a one-time embedded-usage code for a service',
    access: 'internal',
    permissions: [],
    objects: [],
    body: createUsageCodeInput,
    response: createUsageCodeOutput,
    example: { body: { serviceid: 200101 } },
  }),
  internalUsageRecords: defineRoute({
    id: 'internalUsageRecords',
    method: 'POST',
    path: apiPaths.internalUsageRecords,
    summary:
      'Provider systems: ingest hourly usage records (up to 10,000; bad ones reported by position)',
    access: 'internal',
    permissions: [],
    objects: [],
    body: ingestUsageInput,
    response: ingestUsageOutput,
    example: {
      body: {
        records: [
          {
            serviceid: 200101,
            hour: '2026-01-01T00:00:00Z',
            metered_down: 1,
            metered_up: 1,
            unmetered_down: 0,
            unmetered_up: 0,
            shaped: 0,
          },
        ],
      },
    },
  }),
} as const;

/** Dashboard, alerts, news and legal pages (spec 1, spec 2 News and Legal). */
export const dashboardRoutes = {
  dashboard: defineRoute({
    id: 'dashboard',
    method: 'GET',
    path: apiPaths.dashboard,
    summary:
      'Everything the dashboard shows in one call: permissions (links, blocks), period, account, billing activity, services with usage',
    access: 'user',
    permissions: [],
    objects: [],
    response: dashboardOutput,
  }),
  alerts: defineRoute({
    id: 'alerts',
    method: 'GET',
    path: apiPaths.alerts,
    summary: "The caller's unread alerts, newest first",
    access: 'user',
    permissions: ['view-alerts'],
    objects: [],
    response: alertsOutput,
  }),
  markAlert: defineRoute({
    id: 'markAlert',
    method: 'PATCH',
    path: apiPaths.alert,
    summary: "Mark one of the caller's alerts as read",
    access: 'user',
    permissions: ['view-alerts'],
    objects: [{ in: 'params', name: 'alert_id', kind: 'alert' }],
    params: alertParams,
    body: markAlertInput,
    response: markAlertOutput,
    example: { body: { read: 1 } },
  }),
  blogs: defineRoute({
    id: 'blogs',
    method: 'GET',
    path: apiPaths.blogs,
    summary: 'News posts (newest first), optionally of one category, and the categories',
    access: 'user',
    permissions: [],
    objects: [],
    querystring: blogsQuery,
    response: blogsOutput,
  }),
  latestBlogs: defineRoute({
    id: 'latestBlogs',
    method: 'GET',
    path: apiPaths.latestBlogs,
    summary: 'The latest news posts for the dashboard',
    access: 'user',
    permissions: [],
    objects: [],
    response: latestBlogsOutput,
  }),
  blog: defineRoute({
    id: 'blog',
    method: 'GET',
    path: apiPaths.blog,
    summary: 'One news post',
    access: 'user',
    permissions: [],
    objects: [],
    params: blogParams,
    response: blogPostOutput,
    example: { params: { slug: 'welcome-to-the-portal' } },
  }),
  page: defineRoute({
    id: 'page',
    method: 'GET',
    path: apiPaths.page,
    summary: 'A public legal or help page (terms, privacy, financial hardship, help centre)',
    access: 'public',
    permissions: [],
    objects: [],
    params: pageParams,
    response: pageOutput,
    example: { params: { slug: 'privacy-policy' } },
  }),
} as const;

/**
 * Billing and payments (spec 3 sections 2.3-2.6 and 7, spec 1 section 7; docs/decisions/015).
 * Everything is scoped to the caller's account; an invoice of another account answers 404.
 */
export const billingRoutes = {
  gatewayInit: defineRoute({
    id: 'gatewayInit',
    method: 'GET',
    path: apiPaths.gatewayInit,
    summary: 'Payment gateway set-up for the client: publishable key and mode (Stripe or sandbox)',
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    response: gatewayInitOutput,
  }),
  paymethods: defineRoute({
    id: 'paymethods',
    method: 'GET',
    path: apiPaths.paymethods,
    summary: "The account's recurring payment method, saved card and saved bank account",
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    response: paymethodsOutput,
  }),
  updatePaymethods: defineRoute({
    id: 'updatePaymethods',
    method: 'PATCH',
    path: apiPaths.paymethods,
    summary: 'Remove the saved card or bank account, or make one the default method',
    access: 'user',
    permissions: ['view-paymethods', 'edit-paymethods'],
    objects: [],
    body: updatePaymethodsInput,
    response: paymethodsOutput,
    example: { body: { current: { method: 'Automatic debit from Credit Card' } } },
  }),
  prepareAddPaymentMethod: defineRoute({
    id: 'prepareAddPaymentMethod',
    method: 'GET',
    path: apiPaths.prepareAddPaymentMethod,
    summary: 'Prepare adding a card or bank account: a SetupIntent and the prepared operation',
    access: 'user',
    permissions: ['view-paymethods', 'edit-paymethods'],
    objects: [],
    querystring: prepareAddPaymentMethodQuery,
    response: prepareAddPaymentMethodOutput,
    example: { querystring: { paymentMethodType: 'card' } },
  }),
  commitAddCard: defineRoute({
    id: 'commitAddCard',
    method: 'POST',
    path: apiPaths.commitAddCard,
    summary: 'Save the card a confirmed SetupIntent holds (its status is read from the gateway)',
    access: 'user',
    permissions: ['view-paymethods', 'edit-paymethods'],
    objects: [],
    body: commitAddPaymentMethodInput,
    response: commitAddPaymentMethodOutput,
  }),
  commitAddBank: defineRoute({
    id: 'commitAddBank',
    method: 'POST',
    path: apiPaths.commitAddBank,
    summary: 'Save the bank account a confirmed SetupIntent holds (BECS direct debit)',
    access: 'user',
    permissions: ['view-paymethods', 'edit-paymethods'],
    objects: [],
    body: commitAddPaymentMethodInput,
    response: commitAddPaymentMethodOutput,
  }),
  balance: defineRoute({
    id: 'balance',
    method: 'GET',
    path: apiPaths.balance,
    summary: "The account's balance (cents; positive is owing)",
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    response: balanceOutput,
  }),
  startPayment: defineRoute({
    id: 'startPayment',
    method: 'POST',
    path: apiPaths.startPayment,
    summary: 'Start a one-off payment with a new card: a PaymentIntent and the prepare id and csrf',
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    body: startPaymentInput,
    response: startPaymentOutput,
    example: { body: { amount: 12.5 } },
  }),
  postPayment: defineRoute({
    id: 'postPayment',
    method: 'POST',
    path: apiPaths.postPayment,
    summary:
      "Finish a one-off payment: the PaymentIntent's final status is read from the gateway and a success reaches the ledger once",
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    body: postPaymentInput,
    response: postPaymentOutput,
  }),
  existingCardPrepare: defineRoute({
    id: 'existingCardPrepare',
    method: 'POST',
    path: apiPaths.existingCardPrepare,
    summary: 'Prepare a one-off payment with the saved card',
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    body: existingCardPrepareInput,
    response: existingCardPrepareOutput,
    example: { body: {} },
  }),
  existingCardCommit: defineRoute({
    id: 'existingCardCommit',
    method: 'POST',
    path: apiPaths.existingCardCommit,
    summary: 'Charge the saved card once (off-session) and record the payment',
    access: 'user',
    permissions: ['view-paymethods'],
    objects: [],
    body: existingCardCommitInput,
    response: existingCardCommitOutput,
    csrfFrom: 'existingCardPrepare',
    example: { body: { amount: 1 } },
  }),
  transactions: defineRoute({
    id: 'transactions',
    method: 'GET',
    path: apiPaths.transactions,
    summary: "The account's invoices and payments, newest first, with the balance after each",
    access: 'user',
    permissions: ['view-transactions'],
    objects: [],
    response: transactionsOutput,
  }),
  invoicePdf: defineRoute({
    id: 'invoicePdf',
    method: 'GET',
    path: apiPaths.invoicePdf,
    summary: 'A tax invoice as a PDF',
    access: 'user',
    permissions: ['view-invoices'],
    objects: [{ in: 'params', name: 'invoiceid', kind: 'invoice' }],
    params: invoiceParams,
    response: errorOutput,
    produces: 'application/pdf',
  }),
  invoiceDetail: defineRoute({
    id: 'invoiceDetail',
    method: 'GET',
    path: apiPaths.invoiceDetail,
    summary: "A tax invoice as a PDF, from an alert's '#number' link",
    access: 'user',
    permissions: ['view-invoices'],
    objects: [{ in: 'params', name: 'invoice', kind: 'invoice' }],
    params: invoiceDetailParams,
    response: errorOutput,
    produces: 'application/pdf',
  }),
  gatewayWebhook: defineRoute({
    id: 'gatewayWebhook',
    method: 'POST',
    path: apiPaths.gatewayWebhook,
    summary:
      "The payment gateway's event notifications; the signature (Stripe-Signature) is the credential, each event is processed once",
    access: 'public',
    permissions: [],
    objects: [],
    response: webhookOutput,
  }),
  sandboxConfirmSetup: defineRoute({
    id: 'sandboxConfirmSetup',
    method: 'POST',
    path: apiPaths.sandboxConfirmSetup,
    summary:
      'Sandbox gateway only: confirm a SetupIntent with a test card or bank account (the client secret is the credential)',
    access: 'public',
    permissions: [],
    objects: [],
    params: sandboxIntentParams,
    body: sandboxConfirmInput,
    response: sandboxConfirmOutput,
  }),
  sandboxConfirmPayment: defineRoute({
    id: 'sandboxConfirmPayment',
    method: 'POST',
    path: apiPaths.sandboxConfirmPayment,
    summary:
      'Sandbox gateway only: confirm a PaymentIntent with a test card (the client secret is the credential)',
    access: 'public',
    permissions: [],
    objects: [],
    params: sandboxIntentParams,
    body: sandboxConfirmInput,
    response: sandboxConfirmOutput,
  }),
  sandboxAuthenticatePage: defineRoute({
    id: 'sandboxAuthenticatePage',
    method: 'GET',
    path: apiPaths.sandboxAuthenticate,
    summary: "Sandbox gateway only: the stand-in for a bank's authentication page",
    access: 'public',
    permissions: [],
    objects: [],
    params: sandboxIntentParams,
    querystring: sandboxAuthenticateQuery,
    response: errorOutput,
    produces: 'text/html',
  }),
  sandboxAuthenticate: defineRoute({
    id: 'sandboxAuthenticate',
    method: 'POST',
    path: apiPaths.sandboxAuthenticate,
    summary:
      "Sandbox gateway only: complete or fail the authentication, then return to the client's page",
    access: 'public',
    permissions: [],
    objects: [],
    params: sandboxIntentParams,
    body: sandboxAuthenticateInput,
    response: errorOutput,
    produces: 'text/html',
  }),
} as const;

/** Every route, in one list. Later modules add their groups here. */
export const apiRoutes: readonly RouteContract[] = [
  ...Object.values(authRoutes),
  ...Object.values(recoveryRoutes),
  ...Object.values(servicesRoutes),
  ...Object.values(usageRoutes),
  ...Object.values(dashboardRoutes),
  ...Object.values(billingRoutes),
];
