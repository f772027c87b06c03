import { apiPaths } from './api-paths';

/**
 * One API GET a page asks for when it renders; `permission`: only for users holding it. Only the
 * page's main content: HTTP/1.1 gives the page six connections, and the dashboard's first wave
 * is already six requests (its scripts and its data). Its latest news, even sent at low priority,
 * sometimes took the sixth place and pushed a script into a second round trip; the news card
 * asks for it when it renders.
 */
export type FirstRequest = { path: string; permission?: string };

/**
 * Data in the first round trip (issue 21, docs/decisions/032): the API GETs a signed-in route
 * asks for as soon as it renders, by route path. index.html's inline script (apps/web
 * vite-plugins/route-preload.ts) starts them with the stored USER token while the scripts
 * download, and the web app's API client takes each answer instead of sending the same request
 * again (apps/web/src/lib/preload.ts). The paths must be exactly the ones the pages request
 * (query string included): an entry that no page asks for is a wasted request.
 */
export const firstRequests: Readonly<Record<string, readonly FirstRequest[]>> = {
  '/': [{ path: apiPaths.dashboard }],
  // Each page's own data, gated by the route's permission (without it the route sends the user
  // away, so the request would be wasted). Usage and data blocks also need the selected service's
  // id, which only the services list gives: that one comes after.
  '/services': [{ path: apiPaths.services, permission: 'view-services' }],
  '/services/usage': [{ path: apiPaths.services, permission: 'view-activity' }],
  '/services/data-blocks': [{ path: apiPaths.services, permission: 'view-activity' }],
  '/billing/invoices': [
    { path: apiPaths.transactions, permission: 'view-transactions' },
    { path: apiPaths.dashboard, permission: 'view-transactions' },
  ],
  '/support/guides': [{ path: apiPaths.guides }],
  '/support/network-status': [{ path: `${apiPaths.networkStatus}?page=1` }],
  '/support/my-tickets': [{ path: apiPaths.supportTickets, permission: 'view-tickets' }],
  '/news': [{ path: apiPaths.blogs }],
  '/account/preferences': [{ path: apiPaths.preferences }],
};

/** The window property the inline script leaves its requests in: `{ t: token, r: {path: Promise<Response>} }`. */
export const FIRST_REQUESTS_GLOBAL = '__outpostFirst';
