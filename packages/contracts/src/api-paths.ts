/**
 * API paths, free of schemas so the web bundle can import them without zod.
 * Trailing slashes as in the spec. Path parameters use Fastify's ':name' form.
 */
export const API_PREFIX = '/api/portal';
/** The provider's side: one versioned API for the staff console and the provider's systems. */
export const ADMIN_PREFIX = '/api/admin/v1';

export const apiPaths = {
  health: '/api/health',
  /** Readiness: database and Redis reachable, migrations applied (docs/decisions/024). */
  healthReady: '/api/health/ready',
  /** Liveness: the process answers (no dependency checked). */
  healthLive: '/api/health/live',
  login: `${API_PREFIX}/users/login/`,
  refresh: `${API_PREFIX}/users/current/refresh/`,
  logout: `${API_PREFIX}/users/current/logout/`,
  currentUser: `${API_PREFIX}/users/current/`,
  profile: `${API_PREFIX}/users/current/profile/`,
  permissions: `${API_PREFIX}/users/current/permissions/`,
  guide: `${API_PREFIX}/support/guides/:slug/`,
  /** GET support guides, optionally with ?s={keyword} (spec 3 section 7; docs/decisions/018). */
  guides: `${API_PREFIX}/support/guides/`,
  contact: `${API_PREFIX}/users/:userid/`,
  recoverRequestPrepare: `${API_PREFIX}/users/recoveraccess/request/prepare/`,
  recoverRequestCommit: `${API_PREFIX}/users/recoveraccess/request/commit/`,
  recoverVerifyPrepare: `${API_PREFIX}/users/recoveraccess/verify/prepare/`,
  recoverVerifyCommit: `${API_PREFIX}/users/recoveraccess/verify/commit/`,
  // My Services (spec 2 section 7). The spec leaves the service and plan prefixes open.
  services: `${API_PREFIX}/services/`,
  /** GET (view-activity): the services as the usage and data blocks pages need them. */
  activityServices: `${API_PREFIX}/services/activity/`,
  availableBlocks: `${API_PREFIX}/services/:serviceid/availableblocks/`,
  purchaseBlockPrepare: `${API_PREFIX}/services/:serviceid/purchaseblock/prepare/`,
  purchaseBlockCommit: `${API_PREFIX}/services/:serviceid/purchaseblock/commit/`,
  availablePlans: `${API_PREFIX}/services/:serviceid/availableplans/`,
  changePlanPrepare: `${API_PREFIX}/services/:serviceid/changeplan/prepare/`,
  changePlanCommit: `${API_PREFIX}/services/:serviceid/changeplan/commit/`,
  setNicknamePrepare: `${API_PREFIX}/services/:serviceid/setnickname/prepare/`,
  setNicknameCommit: `${API_PREFIX}/services/:serviceid/setnickname/commit/`,
  planOptions: `${API_PREFIX}/plans/:planid/availableoptions/`,
  /** A plan's Key Fact Sheet or Critical Information Summary as a PDF; `kfs`/`cis` of a plan. */
  planDocument: `${API_PREFIX}/plans/:planid/documents/:document/`,
  // The activity family uses the spec's singular 'service/' prefix.
  blocksPurchased: `${API_PREFIX}/service/:serviceid/blockspurchased/`,
  // Data usage (spec 2 section 7).
  activitySummary: `${API_PREFIX}/service/:serviceid/activitysummary/`,
  activity: `${API_PREFIX}/service/:serviceid/activity/`,
  activityDetail: `${API_PREFIX}/service/:serviceid/activity/detail/`,
  dashboardActivitySummary: `${API_PREFIX}/services/:serviceid/dashboardactivitysummary/`,
  usageOnlyLogin: `${API_PREFIX}/users/usageONLYlogin/`,
  // Dashboard, alerts and content (spec 1 section 7, spec 2 section 7).
  dashboard: `${API_PREFIX}/users/current/dashboard/`,
  alerts: `${API_PREFIX}/users/current/alerts/`,
  alert: `${API_PREFIX}/alerts/:alert_id/`,
  blogs: `${API_PREFIX}/blogs/`,
  latestBlogs: `${API_PREFIX}/blogs/latest/`,
  blog: `${API_PREFIX}/blogs/:slug/`,
  /** Legal and help pages anyone may read (footer links work logged out). */
  page: `${API_PREFIX}/content/pages/:slug/`,
  // Billing and payments (spec 3 section 7, spec 1 section 7; docs/decisions/015).
  gatewayInit: `${API_PREFIX}/gateway/init/`,
  prepareAddPaymentMethod: `${API_PREFIX}/gateway/prepare-add-payment-method/`,
  commitAddCard: `${API_PREFIX}/gateway/commit-add-card/`,
  commitAddBank: `${API_PREFIX}/gateway/commit-add-bank/`,
  startPayment: `${API_PREFIX}/gateway/payment/start/`,
  postPayment: `${API_PREFIX}/gateway/payment/post/`,
  paymethods: `${API_PREFIX}/billing/paymethods/`,
  balance: `${API_PREFIX}/billing/balance/`,
  transactions: `${API_PREFIX}/billing/transactions/`,
  invoicePdf: `${API_PREFIX}/billing/invoice/:invoiceid/`,
  /** The alert's '#number' link (spec 1 section 7); the same PDF. */
  invoiceDetail: `${API_PREFIX}/invoices/detail/:invoice/`,
  existingCardPrepare: `${API_PREFIX}/billing/payment/existing-card/prepare/`,
  existingCardCommit: `${API_PREFIX}/billing/payment/existing-card/commit/`,
  /** The gateway's signed event notifications (Stripe webhooks; the sandbox calls the same handler). */
  gatewayWebhook: '/api/gateway/webhook/',
  /** SMS delivery reports (docs/decisions/043): each message's callback address at its provider. */
  smsStatusTwilio: '/api/sms/status/twilio/:key/',
  smsStatusMessageMedia: '/api/sms/status/messagemedia/:key/',
  // The embedded sandbox gateway's browser-facing calls (sandbox mode only; like Stripe.js's).
  sandboxConfirmSetup: '/api/sandbox-gateway/setup_intents/:intent/confirm/',
  sandboxConfirmPayment: '/api/sandbox-gateway/payment_intents/:intent/confirm/',
  /** The sandbox's stand-in for a bank's authentication page (a 3-D Secure challenge). */
  sandboxAuthenticate: '/api/sandbox-gateway/authenticate/:intent/',
  // Account (spec 3 sections 2.8 and 7; docs/decisions/016).
  /** GET: the My Details summary (account id, holder, services count, balance). */
  userAccount: `${API_PREFIX}/users/current/account/`,
  /** GET and PATCH the caller's own contact details. */
  ownContact: `${API_PREFIX}/users/current/contact/`,
  /** POST the code sent to a NEW email or mobile: the change then takes effect (decision 035). */
  ownContactVerify: `${API_PREFIX}/users/current/contact/verify/`,
  /** GET the account's contacts; POST a new contact. */
  contacts: `${API_PREFIX}/users/current/contacts/`,
  /** GET and PATCH a contact's permissions; the contact itself is `contact` (GET, DELETE). */
  contactPermissions: `${API_PREFIX}/users/:userid/permissions/`,
  /** Every permission definition (section, permission, label, level_needed). */
  permissionDefinitions: `${API_PREFIX}/contacts/permissions/`,
  roles: `${API_PREFIX}/contacts/roles/`,
  relationships: `${API_PREFIX}/contacts/relationships/`,
  /** POST: send a step-up code (or say the authenticator app is used); then POST verify. */
  stepUpSend: `${API_PREFIX}/users/current/step-up/`,
  stepUpVerify: `${API_PREFIX}/users/current/step-up/verify/`,
  preferences: `${API_PREFIX}/users/current/preferences/`,
  /** The identification method (DOB or PIN): GET and PATCH. */
  methodPreference: `${API_PREFIX}/users/current/method-preference/`,
  methodPreferenceOptions: `${API_PREFIX}/users/method-preference/options/`,
  /** Two-factor status (GET) and method change (PATCH; needs a code). */
  twoFactor: `${API_PREFIX}/users/current/two-factor/`,
  /** POST: a new authenticator secret (pending until a PATCH confirms it with a valid code). */
  twoFactorAuthenticator: `${API_PREFIX}/users/current/two-factor/authenticator/`,
  /** The caller's active sessions (GET); DELETE one; POST end every other. */
  sessions: `${API_PREFIX}/users/current/sessions/`,
  session: `${API_PREFIX}/users/current/sessions/:sessionid/`,
  endOtherSessions: `${API_PREFIX}/users/current/sessions/end-others/`,
  // Callbacks (spec 1 section 7: support callback times, request callback; docs/decisions/017).
  callbackTimes: `${API_PREFIX}/support/callback/times/`,
  requestCallbackPrepare: `${API_PREFIX}/support/callback/request/prepare/`,
  requestCallbackCommit: `${API_PREFIX}/support/callback/request/commit/`,
  /** GET the caller's upcoming callbacks; a callback itself is DELETE `callback` (cancel). */
  callbacks: `${API_PREFIX}/support/callbacks/`,
  callback: `${API_PREFIX}/support/callbacks/:callbackid/`,
  // Referral rewards (spec 1 section 7 'referrals', 'referral offer'; docs/decisions/020).
  referralOffer: `${API_PREFIX}/accounts/current/referraloffer/`,
  referrals: `${API_PREFIX}/accounts/current/referrals/`,
  // The provider's own systems (X-Service-Key), never the client.
  internalUsageCodes: '/api/internal/usage/codes/',
  internalUsageRecords: '/api/internal/usage/records/',
  // Network status (spec 3 section 7: list, then detail by advisory id; docs/decisions/019).
  networkStatus: `${API_PREFIX}/support/networkstatus/`,
  advisory: `${API_PREFIX}/support/networkstatus/:advisoryid/`,
  /** POST subscribes the caller to the advisory's updates, DELETE unsubscribes. */
  advisorySubscription: `${API_PREFIX}/support/networkstatus/:advisoryid/subscription/`,
  /** Network operations (X-Service-Key): POST creates; PATCH on one updates. */
  internalAdvisories: '/api/internal/advisories/',
  internalAdvisory: '/api/internal/advisories/:advisoryid/',
  // Support tickets (spec 1 section 7: support tickets and new ticket under accounts/current;
  // docs/decisions/017 "Tickets").
  supportTickets: `${API_PREFIX}/accounts/current/support-tickets/`,
  supportTicket: `${API_PREFIX}/accounts/current/support-tickets/:ticketid/`,
  supportTicketReply: `${API_PREFIX}/accounts/current/support-tickets/:ticketid/replies/`,
  /** An attachment's file (Content-Disposition: attachment). */
  supportTicketAttachment: `${API_PREFIX}/accounts/current/support-tickets/attachments/:attachmentid/`,
  newTicketPrepare: `${API_PREFIX}/accounts/current/new-ticket/prepare/`,
  newTicketCommit: `${API_PREFIX}/accounts/current/new-ticket/commit/`,
  /** The support desk answers a ticket and sets its status (docs/decisions/017). */
  internalTicketReply: '/api/internal/support-tickets/:ticketid/replies/',
  // Orders, call barring and landline options (spec 2 section 7; docs/decisions/021).
  /** PATCH a service: barring_mode (the nickname keeps its own prepare/commit). */
  service: `${API_PREFIX}/services/:serviceid/`,
  barringOptions: `${API_PREFIX}/services/:serviceid/barringoptions/`,
  telephonyFeatures: `${API_PREFIX}/services/:serviceid/telephonyfeatures/`,
  /** The provider's operations move an order on (received, in-progress, completed). */
  internalOrderStatus: '/api/internal/orders/:orderid/status/',
  // Products, transfers and new VoIP (spec 2 sections 3, 4, 7; docs/decisions/022).
  products: `${API_PREFIX}/services/products/`,
  productOrderPrepare: `${API_PREFIX}/services/products/prepare-order/`,
  productOrderCommit: `${API_PREFIX}/services/products/commit-order/`,
  prepareOrder: `${API_PREFIX}/services/prepare-order/`,
  commitOrder: `${API_PREFIX}/services/commit-order/`,
  landlineProviders: `${API_PREFIX}/services/providers/landline/`,
  voipProviders: `${API_PREFIX}/services/providers/voip/`,
  // Staff access (spec 3 sections 2.1, 2.10, 7; docs/decisions/025).
  staffLogin: '/api/staff/login/',
  staffLogout: '/api/staff/logout/',
  staffLinks: '/api/staff/links/',
  staffAudit: '/api/staff/audit/',
  staffLoginVerify: `${API_PREFIX}/staff-login/verify/`,
  staffUsageVerify: `${API_PREFIX}/staff-usage/:serviceid/verify/`,
  /** The spec's generic debug endpoint (method 'auto-login-acct-holder'), used by /xd/{uid}. */
  debugIntegrate: `${API_PREFIX}/debug/integrate/`,
  // Push notifications (spec 1 section 7, no trailing slash as there; docs/decisions/023).
  /** GET the caller's devices. */
  deviceTokens: `${API_PREFIX}/notifications/device-tokens`,
  /** POST registers this device, PATCH refreshes its token, DELETE removes it. */
  deviceToken: `${API_PREFIX}/notifications/device-token`,
  latestNotifications: `${API_PREFIX}/notifications/get-latest`,
  /** Beyond the spec: the VAPID public key for the browser's opt-in. */
  webPushKey: `${API_PREFIX}/notifications/web-push-key`,
} as const;

/**
 * The admin API's paths (issue 39, docs/decisions/051): the console and the provider's own
 * systems. Apart from apiPaths, so the customer app's bundle carries none of them.
 */
export const adminPaths = {
  adminApiKeys: `${ADMIN_PREFIX}/api-keys/`,
  adminApiKey: `${ADMIN_PREFIX}/api-keys/:keyid/`,
  adminAccounts: `${ADMIN_PREFIX}/accounts/`,
  adminAccount: `${ADMIN_PREFIX}/accounts/:accountid/`,
  adminAccountByExternalId: `${ADMIN_PREFIX}/accounts/external/:external_id/`,
  adminAccountServices: `${ADMIN_PREFIX}/accounts/:accountid/services/`,
  adminActivateService: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/activate/`,
  adminSuspendService: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/suspend/`,
  adminResumeService: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/resume/`,
  adminCancelService: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/cancel/`,
  adminAccountContacts: `${ADMIN_PREFIX}/accounts/:accountid/contacts/`,
  adminResendInvitation: `${ADMIN_PREFIX}/accounts/:accountid/contacts/:userid/resend-invitation/`,
  adminEndContactSessions: `${ADMIN_PREFIX}/accounts/:accountid/contacts/:userid/end-sessions/`,
  adminAdjustments: `${ADMIN_PREFIX}/accounts/:accountid/adjustments/`,
  adminContactLocks: `${ADMIN_PREFIX}/accounts/:accountid/locks/`,
  adminClearContactLock: `${ADMIN_PREFIX}/accounts/:accountid/contacts/:userid/clear-lock/`,
  adminServicePlans: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/plans/`,
  adminPlanChange: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/plan-change/`,
  adminPlanChangeQuote: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/plan-change/quote/`,
  adminServiceBlocks: `${ADMIN_PREFIX}/accounts/:accountid/services/:serviceid/data-blocks/`,
  adminAccountActivity: `${ADMIN_PREFIX}/accounts/:accountid/activity/`,
  adminInvoicePdf: `${ADMIN_PREFIX}/accounts/:accountid/invoices/:invoiceid/pdf/`,
  adminOrders: `${ADMIN_PREFIX}/orders/`,
  adminOrder: `${ADMIN_PREFIX}/orders/:orderid/`,
  adminMoveOrder: `${ADMIN_PREFIX}/orders/:orderid/move/`,
  adminPackingSlip: `${ADMIN_PREFIX}/orders/:orderid/packing-slip.pdf`,
  adminPlans: `${ADMIN_PREFIX}/plans/`,
  adminPlan: `${ADMIN_PREFIX}/plans/:planid/`,
  adminPlanPriceChanges: `${ADMIN_PREFIX}/plans/:planid/price-changes/`,
  adminPlanPriceChange: `${ADMIN_PREFIX}/plans/:planid/price-changes/:changeid/`,
  adminExtras: `${ADMIN_PREFIX}/extras/`,
  adminExtra: `${ADMIN_PREFIX}/extras/:extraid/`,
  adminDataBlocks: `${ADMIN_PREFIX}/data-blocks/`,
  adminDataBlock: `${ADMIN_PREFIX}/data-blocks/:blockid/`,
  adminProducts: `${ADMIN_PREFIX}/products/`,
  adminProduct: `${ADMIN_PREFIX}/products/:productid/`,
  adminImports: `${ADMIN_PREFIX}/imports/`,
  adminImport: `${ADMIN_PREFIX}/imports/:importid/`,
  adminWebhooks: `${ADMIN_PREFIX}/webhooks/`,
  adminStaff: `${ADMIN_PREFIX}/staff/`,
  adminStaffMember: `${ADMIN_PREFIX}/staff/:staffid/`,
  adminStaffAuthenticator: `${ADMIN_PREFIX}/staff/:staffid/reset-authenticator/`,
  adminWebhook: `${ADMIN_PREFIX}/webhooks/:endpointid/`,
  adminWebhookDeliveries: `${ADMIN_PREFIX}/webhooks/:endpointid/deliveries/`,
  adminWebhookDeliveryRetry: `${ADMIN_PREFIX}/webhooks/deliveries/:deliveryid/retry/`,
  adminTickets: `${ADMIN_PREFIX}/tickets/`,
  adminTicket: `${ADMIN_PREFIX}/tickets/:ticketid/`,
  adminTicketAssign: `${ADMIN_PREFIX}/tickets/:ticketid/assign/`,
  adminTicketReplies: `${ADMIN_PREFIX}/tickets/:ticketid/replies/`,
  adminTicketNotes: `${ADMIN_PREFIX}/tickets/:ticketid/notes/`,
  adminTicketMerge: `${ADMIN_PREFIX}/tickets/:ticketid/merge/`,
  adminTicketCannedRender: `${ADMIN_PREFIX}/tickets/:ticketid/canned-replies/:cannedid/render/`,
  adminCannedReplies: `${ADMIN_PREFIX}/canned-replies/`,
  adminCannedReply: `${ADMIN_PREFIX}/canned-replies/:cannedid/`,
  adminDeskNotices: `${ADMIN_PREFIX}/desk/notices/`,
  adminDeskAssignees: `${ADMIN_PREFIX}/desk/assignees/`,
  adminAdvisories: `${ADMIN_PREFIX}/advisories/`,
  adminAdvisoryAreas: `${ADMIN_PREFIX}/advisories/areas/`,
  adminAdvisoryPreview: `${ADMIN_PREFIX}/advisories/preview/`,
  adminAdvisoryUpdates: `${ADMIN_PREFIX}/advisories/:advisoryid/updates/`,
  adminResolveAdvisory: `${ADMIN_PREFIX}/advisories/:advisoryid/resolve/`,
  adminTicketAttachment: `${ADMIN_PREFIX}/tickets/:ticketid/attachments/:attachmentid/`,
  // The callback schedule (docs/decisions/059).
  adminCallbackSchedule: `${ADMIN_PREFIX}/callbacks/schedule/`,
  adminCallbackOutcome: `${ADMIN_PREFIX}/callbacks/:callbackid/outcome/`,
  adminCallbackCapacity: `${ADMIN_PREFIX}/callbacks/capacity/`,
  adminAccountCallbacks: `${ADMIN_PREFIX}/accounts/:accountid/callbacks/`,
} as const;

/**
 * Spec 1 section 7 writes the push paths without the API prefix (paths are under it "unless
 * stated"): the server answers them at both, `/notifications/device-token` as well as
 * `/api/portal/notifications/device-token` (docs/decisions/040).
 */
export const UNPREFIXED_API_PATHS = [
  apiPaths.deviceTokens,
  apiPaths.deviceToken,
  apiPaths.latestNotifications,
].map((path) => path.slice(API_PREFIX.length));

/** A path answered as API (JSON, API headers, CORS): under /api/, or one of UNPREFIXED_API_PATHS. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || UNPREFIXED_API_PATHS.includes(pathname);
}

/** The document path a plan lists as `kfs` or `cis` ('plans/12/documents/kfs'). */
export function planDocumentPath(planid: number, document: 'kfs' | 'cis'): string {
  return `plans/${planid}/documents/${document}`;
}

/** The URL the client fetches for a plan's document path: '{prefix}/{document path}/'. */
export function planDocumentUrl(documentPath: string): string {
  return `${API_PREFIX}/${documentPath}/`;
}

/** Fills ':name' parameters of a path. */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Development-only outbox of sent mail and SMS (not served when NODE_ENV=production). */
export const devPaths = {
  outboxPage: '/dev/outbox',
  outboxJson: '/dev/outbox.json',
} as const;

/**
 * Web routes of the three verify-access variants (spec 1 section 2, docs/decisions/005):
 * 1. recovery: verify, then the forced 'Please update your password' modal;
 * 2. sign-in link: verify, then go to /;
 * 3. usage link: verify, store the service as default_service, then go to /services/usage.
 */
export const verifyRoutes = {
  recovery: '/forgot-password/verify',
  signIn: '/forgot-password/verify/sign-in',
  usage: '/forgot-password/verify/usage/:serviceid',
} as const;
