import { apiPaths } from './api-paths';

/** One API GET a page asks for when it renders; `permission`: only for users holding it. */
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
  '/': [{ path: apiPaths.dashboard }, { path: apiPaths.latestBlogs }],
};

/** The window property the inline script leaves its requests in: `{ t: token, r: {path: Promise<Response>} }`. */
export const FIRST_REQUESTS_GLOBAL = '__outpostFirst';
