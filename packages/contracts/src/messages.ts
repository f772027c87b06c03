/** The user-facing message catalogue, verbatim from the spec. Quote these; never paraphrase. */
export const messages = {
  login: {
    badCredentials:
      "We could not verify the supplied Username and/or Password. If unsure of your Username or Password, please click the 'Can't login?' link",
    twoFactorRequired: 'Two-factor authentication is required.',
    loadFailed: 'There was a problem loading the page. Please try again later.',
    processingFailed: 'There was a problem processing your request. Please try again later.',
    permissionsFailed: 'Error fetching user permissions: ',
    /** The code field's hint: a code sent by SMS or email, or one read from the app. */
    codeHintSent: 'Enter the 6-digit code we sent you.',
    codeHintApp: 'Enter the 6-digit code from your authenticator app.',
  },
  session: {
    expired: 'Session expired. Please log in with username and password.',
    bioAuth: 'Unable to authenticate with biometrics. Please log in with username and password.',
    other: 'An error occurred. Please log in with username and password.',
  },
  banner: {
    generic: 'Something went wrong. Please contact the site administrator.',
    cleaned: 'There was a problem completing your request. Please try again later.',
    loadData: 'There was a problem loading data from server. Please try again later.',
    loadPage: 'There was a problem loading the page. Please try again later.',
  },
  request: {
    missingRefresh: 'Missing refresh token.',
    missingUser: 'Missing user token.',
  },
  /** Billing and payments (spec 3 sections 2.4-2.6, 4, 5 and 8). */
  billing: {
    loadingPaymethods: 'Loading saved payment methods...',
    loadingCards: 'Loading saved cards...',
    noSavedCard: 'You need to set up an existing card to make a payment with it',
    setUpCard: 'Set up card',
    defaultUpdated: 'Default payment method updated successfully',
    invoiceDownloaded: 'Invoice downloaded successfully.',
    downloading: 'Downloading...',
    removeFailed: (what: 'card details' | 'bank details') => `Falied to remove ${what}`,
    removeException: (what: 'card details' | 'bank details', message: string) =>
      `Failed to remove ${what}: ${message}`,
    defaultFailed: 'Falied to update default payment method',
    defaultException: (message: string) => `Failed to update default payment method: ${message}`,
    sendFailed: 'There was a problem sending your data to server. Please try again later.',
    gatewayInitFailed:
      'An unexpected error occurred while loading payment gateway. Please refresh the page and try again.',
    startFailed: 'An unexpected error occurred. Please refresh the page and try again.',
    postFailed: 'An unexpected error occurred',
    existingCardFailed: (provider: string) =>
      `There was an error processing your payment, please try again. If the issue persists please contact ${provider} support.`,
    amountRequired: 'Amount is required',
    processing: 'Processing your payment... Please wait.',
    processingShort: 'Processing...',
    approved: 'Payment Approved',
    declined: 'Payment Declined',
    pending:
      'Your payment has been submitted to the bank, but the response is taking longer than usual. We’ll keep working on it. It should be visible on your account with 1-2 hours.',
    /** The banner on every page of a production site with PAYMENTS=sandbox (decision 034). */
    testSite: 'Test site: payments are not real. No card is charged.',
    /** Remove Card / Remove Account's confirm step: what goes, and where automatic payments go. */
    removeWhat: (what: string) => `Your ${what} will be removed from your account.`,
    removeMovesDebit: (to: string) =>
      `It is your default payment method, so automatic payments will come from your ${to} instead.`,
    /** After the removal: what went, and where automatic payments now come from. */
    removed: (what: 'Card' | 'Bank account', to: string | null) =>
      to ? `${what} removed. Automatic payments now come from your ${to}.` : `${what} removed.`,
    /** Unbilled Calls is listed but disabled (spec 3 section 2.3): the menu item's and tab's note. */
    unbilledCallsNote: 'Not available yet',
    /** The /billing/unbilled-calls page: why there is nothing there, and where calls show. */
    unbilledCallsUnavailable:
      'Unbilled calls are not available online yet: call charges reach the portal only when a bill is issued. Calls made since your last bill will show on your next invoice.',
  },
  /** Account pages (spec 3 sections 4, 5 and 8). */
  account: {
    required: 'This field is required',
    /** The identification method's value ('This field is required.' with a full stop). */
    requiredDot: 'This field is required.',
    invalidEmail: 'Invalid Email address',
    phoneHint: (a: string, b: string) => `Example: ${a} or ${b}`,
    savingContact: 'Saving new contact...',
    contactAdded: 'That person has been added to your account.',
    permissionsSaved: 'Those permission updates have been saved and are effective right now.',
    removeConfirm: 'Would you like to proceed with this change?',
    removing: 'Removing contact... Please wait.',
    removed: 'That person has been removed from your account.',
    updatingDetails: 'Updating your contact details... Please wait.',
    /** Beyond the spec (decision 035): the code sent to a new email or mobile is being checked. */
    confirmingDetails: 'Confirming your new contact details... Please wait.',
    success: 'Success!',
    securityUpdated: 'Your account security has been updated.',
    loadPage: 'There was a problem loading the page. Please try again later.',
    newUserPermissionsFailed: "There was a problem loading new user's permission.",
    sendFailed: 'There was a problem sending your data to server. Please try again later.',
    pinHint: 'Please select a 4 digit pin number',
    defaultRole: 'Account Holder',
  },
  /** Network status (spec 3 sections 2.7 and 8; docs/decisions/019). */
  networkStatus: {
    title: 'Outages & Network Status',
    loadFailed: 'There was a problem loading data from server. Please try again later.',
    loadMore: 'Load More',
    empty: 'There are no network advisories right now. Everything is running normally.',
    subscribed: "You're subscribed. We'll tell you when this advisory is updated.",
    unsubscribed: "You're unsubscribed. We won't send you updates about this advisory.",
    subscribeFailed: 'There was a problem sending your data to server. Please try again later.',
  },
  /** Support tickets (spec 3 section 8's send and load texts); the form's own texts: tickets-rules. */
  tickets: {
    sendFailed: 'There was a problem sending your data to server. Please try again later.',
    loadFailed: 'There was a problem loading data from server. Please try again later.',
  },
  notFound: 'ERROR 404! Page not found',
  passwordUpdateFailed: 'There was an issue updating your login details. Please try again later.',
  downloadFailed: 'Something went wrong while trying to download the file.',
  /** Native file saving refused (spec 1 section 8, the FILE failure type). */
  fileSaveDenied: 'Permission denied for file saving.',
  /** Support guides (spec 3 section 2.7; a failed load is banner.loadData, spec 3 section 8). */
  guides: { noEntries: 'No entries found.' },
  /** Staff access (docs/decisions/025): a staff link that failed, the staff-assisted banner. */
  staff: {
    linkInvalid:
      'This staff link is not valid, has expired or was already used. Ask for a new link.',
    viewingAs: (customer: string, staff: string) => `Viewing as ${customer} - staff: ${staff}`,
    mayRefuse: 'Changes your staff role may not make will be refused.',
    opening: 'Checking the staff link…',
  },
  /** Call barring and landline options (spec 2 sections 5, 8 and 9; docs/decisions/021). */
  telephony: {
    required: 'This field is required',
    loadFailed: 'There was a problem loading data from server. Please try again later.',
    sendFailed: 'There was a problem sending your data to server. Please try again later.',
    free: 'Call barring is free.',
    perMonth: (price: string) => `${price} per month`,
  },
} as const;

/**
 * Named in every two-factor answer about an authenticator-app code: the login page matches on it
 * to say where the code comes from (nothing is sent for the app).
 */
export const AUTHENTICATOR_APP = 'authenticator app';

/**
 * Server error texts. The client matches on some of them (the login page looks for
 * 'unknown username or incorrect password' and 'Extended validation'), so change with care.
 */
export const serverErrors = {
  badCredentials: 'Invalid request: unknown username or incorrect password',
  extendedValidation: 'Extended validation required: enter the code we sent you.',
  loginRateLimited:
    "Too many login attempts. Please wait 15 minutes and try again, or use the 'Can't login?' link to recover access.",
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  /** A route that sends mail or SMS past its hourly limit (docs/decisions/036). */
  messagesLimited: 'Too many requests. Please wait an hour and try again.',
  unauthenticated: 'Invalid request: your session has ended. Please log in again.',
  tokenExpired: 'Invalid request: your session has expired. Please log in again.',
  refreshInvalid: 'Invalid request: your session could not be renewed. Please log in again.',
  forbidden: 'Invalid request: you do not have permission to do this.',
  notFound: 'Invalid request: not found.',
  routeNotFound: 'Invalid request: there is nothing at this address.',
  malformedBody: 'Bad request: The request body could not be read.',
  bodyTooLarge: 'Bad request: The request is too large.',
  internal: 'Internal error: please try again later.',
  unavailable:
    'Internal error: we could not reach our records just now. Please try again in a minute.',
  badCharacters:
    'Bad request: The request holds characters that are not allowed (control characters or broken text). Remove them and try again.',
  headersTooLarge: 'Bad request: The address or headers of the request are too long.',
  requestTimeout: 'Bad request: The request took too long to arrive.',
  unreadableRequest: 'Bad request: The request could not be read.',
  stepUpRequired:
    'Verification required: confirm it is you with a one-time code before making this change.',
} as const;
