/**
 * Which page module in ./routes each route of the web route table renders; every other route
 * shows the placeholder page until its issue lands. Plain data, also read by vite.config.ts to
 * put preload hints for the opened page's chunks into index.html.
 */
export const pageModules = {
  '/': 'dashboard',
  '/login': 'login',
  '/forgot-password': 'forgot-password',
  '/forgot-password/verify': 'verify-access',
  '/forgot-password/verify/sign-in': 'verify-sign-in',
  '/forgot-password/verify/usage/:serviceid': 'verify-usage',
  '/services': 'services',
  '/services/data-blocks': 'data-blocks',
  '/services/usage': 'usage',
  '/billing/invoices': 'billing-invoices',
  '/billing/one-off-payment': 'billing-one-off-payment',
  '/billing/recurring-payment-method': 'billing-recurring-payment-method',
  '/billing/unbilled-calls': 'billing-unbilled-calls',
  '/support/more': 'more-menu',
  '/support/live-chat': 'live-chat',
  '/support/network-status': 'network-status',
  '/support/callback': 'support-callback',
  '/support/guides': 'support-guides',
  '/support/guides/:slug': 'support-guides',
  '/support/contact': 'support-guides',
  '/support/my-tickets': 'support-my-tickets',
  '/support/my-tickets/:ticketid': 'support-ticket',
  '/support/new-ticket': 'support-new-ticket',
  '/support/:product-customer-terms': 'legal-page',
  '/support/privacy-policy': 'legal-page',
  '/support/financial-hardship-policy': 'legal-page',
  '/help-center': 'content-page',
  '/terms-of-use': 'content-page',
  '/privacy-policy': 'content-page',
  '/financial-hardship': 'content-page',
  '/basic/landline-trasnfer-terms': 'content-page',
  '/account/details': 'account-details',
  '/account/permissions': 'account-permissions',
  '/account/preferences': 'account-preferences',
  '/account/security': 'account-security',
  '/news': 'news',
  '/news/:slug': 'news-post',
  '/xd/:uid': 'account-holder-login',
  '/staff-login/verify': 'staff-login-verify',
  '/staff-usage/:serviceid/verify': 'staff-usage-verify',
  '/embed/usage/:otc': 'embed-usage',
  '/rewards/get-started': 'rewards',
  '/rewards/faq': 'rewards',
  '/rewards/active-referrals': 'rewards',
} as const satisfies Readonly<Record<string, string>>;

export type PageModuleName = (typeof pageModules)[keyof typeof pageModules] | 'placeholder';

export function pageModuleFor(path: string): PageModuleName {
  return (pageModules as Readonly<Record<string, PageModuleName>>)[path] ?? 'placeholder';
}
