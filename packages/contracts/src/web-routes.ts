import type { PermissionName } from './permissions';

/**
 * The web route table (spec 3 section 2.1) with each route's guard (spec 1 section 6).
 *
 * access:
 *  - protected: a session and user profile, plus every permission listed, else /login or /;
 *  - public: logged-out pages (a logged-in visitor of /login goes to /);
 *  - open: shown to anyone, in the layout that matches the session (footer pages);
 *  - basic: basic layout, no session needed;
 *  - native: protected and only on ios/android, others go to /;
 *  - account-holder: needs the stored account-holder flag, else /.
 */
export type WebRouteAccess =
  'protected' | 'public' | 'open' | 'basic' | 'native' | 'account-holder';

export type WebRoute = {
  path: string;
  title: string;
  access: WebRouteAccess;
  permissions: readonly PermissionName[];
  /** Listed but disabled (Unbilled Calls). */
  disabled?: boolean;
  /** An example path for routes with parameters, used by tests that visit every route. */
  example?: string;
};

export const webRoutes: readonly WebRoute[] = [
  { path: '/', title: 'Dashboard', access: 'protected', permissions: [] },
  { path: '/login', title: 'Log In', access: 'public', permissions: [] },
  { path: '/forgot-password', title: 'Forgot Password', access: 'public', permissions: [] },
  { path: '/forgot-password/verify', title: 'Verify Access', access: 'public', permissions: [] },
  // Verify-access variants 2 and 3 (docs/decisions/005; verifyRoutes in api-paths.ts).
  {
    path: '/forgot-password/verify/sign-in',
    title: 'Verify Access',
    access: 'public',
    permissions: [],
  },
  {
    path: '/forgot-password/verify/usage/:serviceid',
    title: 'Verify Access',
    access: 'public',
    permissions: [],
    example: '/forgot-password/verify/usage/1',
  },
  { path: '/services', title: 'My Services', access: 'protected', permissions: ['view-services'] },
  {
    path: '/services/usage',
    title: 'Data Usage',
    access: 'protected',
    permissions: ['view-activity'],
  },
  {
    path: '/services/data-blocks',
    title: 'Data Blocks',
    access: 'protected',
    permissions: ['view-activity'],
  },
  {
    path: '/billing/invoices',
    title: 'Invoices',
    access: 'protected',
    permissions: ['view-transactions', 'view-invoices'],
  },
  {
    path: '/billing/one-off-payment',
    title: 'One-Off Payment',
    access: 'protected',
    permissions: ['view-paymethods'],
  },
  {
    path: '/billing/recurring-payment-method',
    title: 'Recurring Payment Method',
    access: 'protected',
    permissions: ['view-paymethods'],
  },
  {
    path: '/billing/unbilled-calls',
    title: 'Unbilled Calls',
    access: 'protected',
    permissions: [],
    disabled: true,
  },
  { path: '/support/guides', title: 'Guides', access: 'protected', permissions: [] },
  {
    path: '/support/guides/:slug',
    title: 'Guide',
    access: 'protected',
    permissions: [],
    example: '/support/guides/modem-lights-explained',
  },
  {
    path: '/support/network-status',
    title: 'Outages & Network Status',
    access: 'protected',
    permissions: [],
  },
  { path: '/support/contact', title: 'Contact', access: 'protected', permissions: [] },
  {
    path: '/support/my-tickets',
    title: 'My Tickets',
    access: 'protected',
    permissions: ['view-tickets'],
  },
  {
    path: '/support/my-tickets/:ticketid',
    title: 'Ticket',
    access: 'protected',
    permissions: ['view-tickets'],
    example: '/support/my-tickets/240001',
  },
  // 'Make a Request' on My Services (spec 2 section 2); docs/decisions/017.
  { path: '/support/new-ticket', title: 'Make a Request', access: 'protected', permissions: [] },
  // Book a call from a team (docs/decisions/017), from the Contact page.
  { path: '/support/callback', title: 'Request a Callback', access: 'protected', permissions: [] },
  { path: '/support/live-chat', title: 'Live Chat', access: 'native', permissions: [] },
  { path: '/support/more', title: 'More', access: 'native', permissions: [] },
  {
    path: '/support/privacy-policy',
    title: 'Privacy Policy',
    access: 'protected',
    permissions: [],
  },
  {
    path: '/support/financial-hardship-policy',
    title: 'Financial Hardship Policy',
    access: 'protected',
    permissions: [],
  },
  {
    path: '/support/:product-customer-terms',
    title: 'Customer Terms',
    access: 'protected',
    permissions: [],
    example: '/support/outpost-customer-terms',
  },
  { path: '/news', title: 'News', access: 'protected', permissions: [] },
  {
    path: '/news/:slug',
    title: 'News',
    access: 'protected',
    permissions: [],
    example: '/news/welcome',
  },
  { path: '/rewards/get-started', title: 'Rewards', access: 'protected', permissions: [] },
  { path: '/rewards/faq', title: 'Rewards FAQ', access: 'protected', permissions: [] },
  {
    path: '/rewards/active-referrals',
    title: 'Active Referrals',
    access: 'protected',
    permissions: ['view-referrals'],
  },
  // Every contact may see and correct their own details (docs/decisions/039); the account
  // Summary on it stays view-account.
  { path: '/account/details', title: 'My Details', access: 'protected', permissions: [] },
  {
    path: '/account/permissions',
    title: 'Account Permissions',
    access: 'protected',
    permissions: ['view-users', 'edit-users'],
  },
  {
    path: '/account/preferences',
    title: 'Account Preferences',
    access: 'protected',
    permissions: [],
  },
  { path: '/account/security', title: 'Account Security', access: 'protected', permissions: [] },
  { path: '/help-center', title: 'Help Centre', access: 'open', permissions: [] },
  { path: '/terms-of-use', title: 'Terms of Use', access: 'open', permissions: [] },
  { path: '/privacy-policy', title: 'Privacy Policy', access: 'open', permissions: [] },
  { path: '/financial-hardship', title: 'Financial Hardship', access: 'open', permissions: [] },
  {
    path: '/basic/landline-trasnfer-terms',
    title: 'Phone Conditions of Service',
    access: 'basic',
    permissions: [],
  },
  {
    path: '/xd/:uid',
    title: 'Account holder login',
    access: 'account-holder',
    permissions: [],
    example: '/xd/100001',
  },
  { path: '/staff-login/verify', title: 'Staff verification', access: 'basic', permissions: [] },
  {
    path: '/staff-usage/:serviceid/verify',
    title: 'Staff usage verification',
    access: 'basic',
    permissions: [],
    example: '/staff-usage/1/verify',
  },
  {
    path: '/embed/usage/:otc',
    title: 'Data Usage',
    access: 'basic',
    permissions: [],
    example: '/embed/usage/example',
  },
];

/** The permissions a path needs, by its route (for menus: hide what the guard would refuse). */
export function routePermissions(path: string): readonly PermissionName[] {
  return webRoutes.find((r) => r.path === path)?.permissions ?? [];
}
