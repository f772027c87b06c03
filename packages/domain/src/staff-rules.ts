export type StaffRole = 'support' | 'billing' | 'admin';
export const STAFF_ROLES: readonly StaffRole[] = ['support', 'billing', 'admin'];

/**
 * What a staff-assisted session may change, by role (docs/decisions/025). Reading is always
 * allowed. Every changing customer route is listed here once, in the lowest role that may call
 * it, or in NEVER; a route in no list is refused (a test makes each new route be placed).
 */
const SUPPORT = [
  // The service desk's own work: tickets, callbacks, outage subscriptions, alerts read.
  'supportTicketReply',
  'newTicketPrepare',
  'newTicketCommit',
  'requestCallbackPrepare',
  'requestCallbackCommit',
  'cancelCallback',
  'subscribeAdvisory',
  'unsubscribeAdvisory',
  'markAlert',
];
const BILLING = ['updatePreferences', 'updateMethodPreference'];
const ADMIN = [
  'changePlanPrepare',
  'changePlanCommit',
  'setNicknamePrepare',
  'setNicknameCommit',
  'purchaseBlockPrepare',
  'purchaseBlockCommit',
  'setBarring',
  'setTelephonyFeatures',
  'productOrderPrepare',
  'productOrderCommit',
  'prepareOrder',
  'commitOrder',
  'endSession',
  'endOtherSessions',
];
/**
 * Never on the customer's behalf: their password, two-factor, identity details, the codes sent
 * to them, who may act on the account, money (payment methods and payments need the customer's
 * own consent), and their devices' push registrations.
 */
export const STAFF_NEVER = [
  'updatePassword',
  'updateTwoFactor',
  'twoFactorAuthenticator',
  'updateOwnContact',
  'verifyOwnContact',
  'stepUpSend',
  'stepUpVerify',
  'addContact',
  'updateContactPermissions',
  'removeContact',
  'updatePaymethods',
  'commitAddCard',
  'commitAddBank',
  'startPayment',
  'postPayment',
  'existingCardPrepare',
  'existingCardCommit',
  // A staff member's device must never receive the customer's notifications.
  'registerDeviceToken',
  'refreshDeviceToken',
  'removeDeviceToken',
];

const ALLOWED: Record<StaffRole, ReadonlySet<string>> = {
  support: new Set(SUPPORT),
  billing: new Set([...SUPPORT, ...BILLING]),
  admin: new Set([...SUPPORT, ...BILLING, ...ADMIN]),
};

/** Every changing route the rules place (for the test that each new one is placed). */
export const STAFF_PLACED: ReadonlySet<string> = new Set([
  ...SUPPORT,
  ...BILLING,
  ...ADMIN,
  ...STAFF_NEVER,
]);

/** What the rules read of a route's contract (packages/contracts' RouteContract). */
export type StaffRouteCall = { id: string; method: string; stepUp?: true };

/** Whether a staff-assisted session of this role may call the route. */
export function staffMayCall(role: StaffRole, contract: StaffRouteCall): boolean {
  if (contract.method === 'GET') return true;
  if (contract.stepUp) return false;
  return ALLOWED[role].has(contract.id);
}

/**
 * Whose session works (issue 39): a contact's own while they are Active; a staff-assisted one
 * also while the account holder is still Invited (a new or migrated customer who has not set a
 * password yet, whom the desk helps over the phone; bannered and audited, decision 025).
 */
export function sessionMayActFor(roleStatus: string, staffAssisted: boolean): boolean {
  return roleStatus === 'Active' || (staffAssisted && roleStatus === 'Invited');
}
