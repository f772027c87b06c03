import { type WebRoute, webRoutes } from '@outpost/contracts/web-routes';
import { hashKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, Params, RouteObject } from 'react-router';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { prefetchContactsPage } from '@/features/account/api/prefetch-contacts';
import { userAccountQueryOptions } from '@/features/account/api/details-get-account';
import { ownContactQueryOptions } from '@/features/account/api/details-get-contact';
import { preferencesQueryOptions } from '@/features/account/api/preferences-get';
import { alertsQueryOptions } from '@/features/alerts/api/get-alerts';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { pageQueryOptions } from '@/features/content/api/get-page';
import {
  DASHBOARD_HOLD_MS,
  dashboardQueryKey,
  dashboardQueryOptions,
} from '@/features/dashboard/api/get-dashboard';
import { latestBlogsQueryOptions } from '@/features/dashboard/api/get-latest-blogs';
import { accountBlockExpected } from '@/features/dashboard/utils/account';
import { prefetchBilling } from '@/features/billing/api/prefetch-billing';
import { blogQueryOptions } from '@/features/news/api/get-blog';
import { ticketQueryOptions, ticketsQueryOptions } from '@/features/support/api/get-tickets';
import { blogsQueryOptions } from '@/features/news/api/get-blogs';
import { networkStatusQueryOptions } from '@/features/support/api/get-network-status';
import { referralOfferQueryOptions } from '@/features/rewards/api/get-referral-offer';
import { referralsQueryOptions } from '@/features/rewards/api/get-referrals';
import { blocksPurchasedQueryOptions } from '@/features/services/api/get-blocks-purchased';
import { callbackTimesQueryOptions } from '@/features/support/api/get-callback-times';
import { prefetchEmbedUsage, prefetchUsagePage } from '@/features/usage/api/prefetch-usage';
import { activityServicesQueryOptions, servicesQueryOptions } from '@/lib/services-query';
import { isNativePlatform } from '@/lib/platform';
import { idParam } from '@/lib/selected-service';
import { getDefaultService, getStoredPermissions } from '@/lib/session';
import { NotFound } from '@/components/not-found';
import { contentPageSlugs, CUSTOMER_TERMS_SUFFIX } from './content-pages';
import { guardFor, hasUsableSession, suffixGuard } from './guards';
import { BasicLayout } from './layouts/basic-layout';
import { LoggedInLayout } from './layouts/logged-in-layout';
import { LoggedOutLayout } from './layouts/logged-out-layout';
import { SessionLayout } from './layouts/session-layout';
import { AppLoading, Root, RootErrorBoundary } from './root';
import { keptDataRead } from './query-client';
import { pageModuleFor, type PageModuleName } from './route-modules';
import { NOT_FOUND_TITLE, type RouteHandle } from './route-handle';

type RouteModule = { Component: ComponentType };
type LazyPage = () => Promise<RouteModule>;

/** One lazily loaded chunk per page module. */
const pageLoaders: Readonly<Record<PageModuleName, LazyPage>> = {
  dashboard: () => import('./routes/dashboard'),
  login: () => import('./routes/login'),
  'forgot-password': () => import('./routes/forgot-password'),
  'verify-access': () => import('./routes/verify-access'),
  'verify-sign-in': () => import('./routes/verify-sign-in'),
  'verify-usage': () => import('./routes/verify-usage'),
  'more-menu': () => import('./routes/more-menu'),
  'live-chat': () => import('./routes/live-chat'),
  'support-guides': () => import('./routes/support-guides'),
  'legal-page': () => import('./routes/legal-page'),
  'content-page': () => import('./routes/content-page'),
  news: () => import('./routes/news'),
  'news-post': () => import('./routes/news-post'),
  'account-holder-login': () => import('./routes/account-holder-login'),
  services: () => import('./routes/services'),
  'data-blocks': () => import('./routes/data-blocks'),
  usage: () => import('./routes/usage'),
  'embed-usage': () => import('./routes/embed-usage'),
  'staff-login-verify': () => import('./routes/staff-login-verify'),
  'staff-usage-verify': () => import('./routes/staff-usage-verify'),
  'billing-invoices': () => import('./routes/billing-invoices'),
  'billing-one-off-payment': () => import('./routes/billing-one-off-payment'),
  'billing-recurring-payment-method': () => import('./routes/billing-recurring-payment-method'),
  'billing-unbilled-calls': () => import('./routes/billing-unbilled-calls'),
  'account-details': () => import('./routes/account-details'),
  'account-permissions': () => import('./routes/account-permissions'),
  'account-preferences': () => import('./routes/account-preferences'),
  'account-security': () => import('./routes/account-security'),
  'network-status': () => import('./routes/network-status'),
  'support-callback': () => import('./routes/support-callback'),
  'support-my-tickets': () => import('./routes/support-my-tickets'),
  'support-ticket': () => import('./routes/support-ticket'),
  'support-new-ticket': () => import('./routes/support-new-ticket'),
  rewards: () => import('./routes/rewards'),
  placeholder: () => import('./routes/placeholder'),
};

type Prefetch = (queryClient: QueryClient, url: URL, params: Params) => Promise<unknown>;

/** A legal or help page's text, from the route table path it is shown at. */
function contentPrefetch(path: string): Prefetch {
  const slug = contentPageSlugs[path] ?? '';
  return (queryClient) => queryClient.prefetchQuery(pageQueryOptions(slug));
}

/**
 * The dashboard: its one call, the latest news (web only) and, when the user's permissions say
 * the dashboard will carry no account block, the profile for 'Account ID': all at once.
 */
function prefetchDashboard(queryClient: QueryClient): Promise<unknown> {
  const held = getStoredPermissions();
  return Promise.all([
    queryClient.prefetchQuery(dashboardQueryOptions()),
    !isNativePlatform() && queryClient.prefetchQuery(latestBlogsQueryOptions()),
    !accountBlockExpected(held) && queryClient.prefetchQuery(profileQueryOptions()),
  ]);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Holds the dashboard's navigation until its data is there, when it is not yet (at most
 * DASHBOARD_HOLD_MS, docs/decisions/033): after a login, or a visit whose data the app has not
 * kept, so the notices that come with the data do not push the cards down. Kept or cached
 * data is shown at once (a repeat visit waits for its kept data to be read first, as main.tsx
 * does), and offline nothing is waited for. The hold ends as soon as the dashboard has data from
 * anywhere (the answer, or kept data read late) or its request has failed.
 */
async function holdForDashboard(queryClient: QueryClient): Promise<void> {
  if (keptDataRead) await keptDataRead;
  if (queryClient.getQueryData(dashboardQueryKey) !== undefined || !onlineManager.isOnline())
    return;
  const hash = hashKey(dashboardQueryKey);
  let stopWatching = () => {};
  const arrived = new Promise<void>((resolve) => {
    stopWatching = queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryHash === hash && query.state.data !== undefined) resolve();
    });
  });
  try {
    await Promise.race([
      queryClient.prefetchQuery(dashboardQueryOptions()),
      arrived,
      delay(DASHBOARD_HOLD_MS),
    ]);
  } finally {
    stopWatching();
  }
}

/** Pages whose navigation waits (briefly) for data that would otherwise move them as it arrives. */
const holds: Readonly<Record<string, (queryClient: QueryClient) => Promise<void>>> = {
  '/': holdForDashboard,
};

/** Data a page needs, started by its loader (in parallel with its code), read with the same query options. */
const prefetches: Readonly<Record<string, Prefetch>> = {
  '/': prefetchDashboard,
  '/services': (queryClient) => queryClient.prefetchQuery(servicesQueryOptions()),
  // The purchases of the service in the address (or the stored default service) load alongside
  // the services list instead of after it: one round trip, not two.
  '/services/data-blocks': (queryClient, url) => {
    const serviceid = idParam(url.searchParams.get('service')) ?? idParam(getDefaultService());
    return Promise.all([
      queryClient.prefetchQuery(activityServicesQueryOptions()),
      serviceid !== null && queryClient.prefetchQuery(blocksPurchasedQueryOptions(serviceid)),
    ]);
  },
  // The summary and the open report of the known service, beside the services list.
  '/services/usage': (queryClient, url) =>
    prefetchUsagePage(queryClient, url.searchParams, getDefaultService()),
  // The one-time code's exchange starts with the page's code, then the service's usage.
  '/embed/usage/:otc': (queryClient, url, params) =>
    prefetchEmbedUsage(queryClient, params.otc ?? '', url.searchParams),
  // The history and the dashboard (Account Summary) together: one level of requests.
  '/billing/invoices': (queryClient) =>
    Promise.all([
      prefetchBilling(queryClient, '/billing/invoices'),
      queryClient.prefetchQuery(dashboardQueryOptions()),
    ]),
  '/billing/one-off-payment': (queryClient) =>
    prefetchBilling(queryClient, '/billing/one-off-payment'),
  '/billing/recurring-payment-method': (queryClient) =>
    prefetchBilling(queryClient, '/billing/recurring-payment-method'),
  // My Details: the summary and the own contact together (two calls, one round trip).
  // (The summary only with view-account: every contact may open the page, docs/decisions/039.)
  '/account/details': (queryClient) =>
    Promise.all([
      hasAllPermissions(getStoredPermissions(), ['view-account']) &&
        queryClient.prefetchQuery(userAccountQueryOptions()),
      queryClient.prefetchQuery(ownContactQueryOptions()),
    ]),
  '/account/preferences': (queryClient) => queryClient.prefetchQuery(preferencesQueryOptions()),
  '/support/network-status': (queryClient) =>
    queryClient.prefetchInfiniteQuery(networkStatusQueryOptions()),
  '/news': (queryClient) => queryClient.prefetchQuery(blogsQueryOptions()),
  // Request a Callback: the times and the caller's mobile (My Details' own-contact call, the same
  // cache entry) together. 'Your callbacks', below the form, loads with the page's code: its
  // query options stay out of the main chunk, which the login page's budget has no room for.
  '/support/callback': (queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(callbackTimesQueryOptions()),
      queryClient.prefetchQuery(ownContactQueryOptions()),
    ]),
  // Support tickets (docs/decisions/017): the list, a ticket, the request form's services.
  '/support/my-tickets': (queryClient) => queryClient.prefetchQuery(ticketsQueryOptions()),
  '/support/my-tickets/:ticketid': (queryClient, _url, params) => {
    const ticketid = idParam(params.ticketid ?? null);
    return ticketid ? queryClient.prefetchQuery(ticketQueryOptions(ticketid)) : Promise.resolve();
  },
  '/support/new-ticket': (queryClient) =>
    hasAllPermissions(getStoredPermissions(), ['view-services'])
      ? queryClient.prefetchQuery(servicesQueryOptions())
      : Promise.resolve(),
  '/account/permissions': prefetchContactsPage,
  // The list's call comes in a small chunk of its own, fetched beside the page's code: the data
  // starts one round trip sooner, and the shell every page loads (the login page's budget) does
  // not carry it. A search in the address (Back to Guides) was cached when it was typed.
  '/support/guides': async (queryClient) => {
    const { guidesQueryOptions } = await import('@/features/support/api/get-guides');
    return queryClient.prefetchQuery(guidesQueryOptions(''));
  },
  '/news/:slug': (queryClient, _url, params) =>
    queryClient.prefetchQuery(blogQueryOptions(params.slug ?? '')),
  '/support/:product-customer-terms': (queryClient, _url, params) => {
    const slug = params.productSlug ?? '';
    return slug.endsWith(CUSTOMER_TERMS_SUFFIX)
      ? queryClient.prefetchQuery(pageQueryOptions(slug))
      : Promise.resolve();
  },
  // Rewards (docs/decisions/020): each page's one call starts with its chunk.
  '/rewards/get-started': (queryClient) => queryClient.prefetchQuery(referralOfferQueryOptions()),
  '/rewards/faq': (queryClient) => queryClient.prefetchQuery(pageQueryOptions('rewards-faq')),
  '/rewards/active-referrals': (queryClient) => queryClient.prefetchQuery(referralsQueryOptions()),
  ...Object.fromEntries(Object.keys(contentPageSlugs).map((path) => [path, contentPrefetch(path)])),
};

/**
 * The header's alerts (view-alerts) load beside the page's own data instead of after its code:
 * a loader of the logged-in layout, which runs with the page's.
 */
function prefetchAlerts(queryClient: QueryClient): null {
  if (hasUsableSession() && hasAllPermissions(getStoredPermissions(), ['view-alerts']))
    void queryClient.prefetchQuery(alertsQueryOptions());
  return null;
}

/**
 * Runs the guard (if any), then starts the page's data without waiting for it, but for a page
 * with a hold, which waits for its own (unless the guard sends the user elsewhere).
 */
function withPrefetch(
  guard: LoaderFunction | undefined,
  prefetch: Prefetch | undefined,
  hold: ((queryClient: QueryClient) => Promise<void>) | undefined,
  queryClient: QueryClient,
): LoaderFunction | undefined {
  if (!prefetch) return guard;
  return async (args, handlerContext) => {
    const result: unknown = guard ? await guard(args, handlerContext) : null;
    void prefetch(queryClient, new URL(args.request.url), args.params);
    if (hold && !(result instanceof Response)) await hold(queryClient);
    return result;
  };
}

/** A segment like ':product-customer-terms' (a parameter followed by fixed text). */
const SUFFIXED_PARAM = /^:([a-zA-Z_]+)(-[a-z0-9-]+)$/;

type SuffixedParam = { segment: string; name: string; suffix: string };

function suffixedParam(route: WebRoute): SuffixedParam | null {
  for (const segment of route.path.split('/')) {
    const match = SUFFIXED_PARAM.exec(segment);
    if (match?.[1] && match[2]) return { segment, name: match[1], suffix: match[2] };
  }
  return null;
}

function toRouteObject(route: WebRoute, queryClient: QueryClient): RouteObject {
  const handle: RouteHandle = { title: route.title, access: route.access };
  const load = pageLoaders[pageModuleFor(route.path)];
  // Object form: the guard (a static loader) runs without waiting for the page code, and a
  // redirect does not download the page it leaves.
  const lazy = { Component: async () => (await load()).Component };

  const suffixed = suffixedParam(route);
  if (suffixed) {
    const param = `${suffixed.name}Slug`;
    return {
      path: route.path.replace(suffixed.segment, `:${param}`),
      handle,
      loader: withPrefetch(
        suffixGuard(route, param, suffixed.suffix),
        prefetches[route.path],
        holds[route.path],
        queryClient,
      ),
      lazy,
    };
  }
  const loader = withPrefetch(
    guardFor(route),
    prefetches[route.path],
    holds[route.path],
    queryClient,
  );
  return loader ? { path: route.path, handle, loader, lazy } : { path: route.path, handle, lazy };
}

/**
 * Every route of the web route table (packages/contracts/src/web-routes.ts) with its guard,
 * grouped by layout. Each page is its own lazily loaded chunk; the layouts (a few KB) are in the
 * main chunk, so a page needs one request of its own, not three in a row.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const routesWith = (accesses: readonly WebRoute['access'][], suffixed: boolean): RouteObject[] =>
    webRoutes
      .filter(
        (route) => accesses.includes(route.access) && (suffixedParam(route) !== null) === suffixed,
      )
      .map((route) => toRouteObject(route, queryClient));

  return [
    {
      id: 'root',
      Component: Root,
      HydrateFallback: AppLoading,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: 'logged-in',
          Component: LoggedInLayout,
          loader: () => prefetchAlerts(queryClient),
          children: routesWith(['protected', 'native'], false),
        },
        { id: 'logged-out', Component: LoggedOutLayout, children: routesWith(['public'], false) },
        { id: 'basic', Component: BasicLayout, children: routesWith(['basic'], false) },
        {
          id: 'session',
          Component: SessionLayout,
          children: [
            ...routesWith(['open', 'account-holder'], false),
            ...routesWith(['protected'], true),
            {
              path: '*',
              handle: { title: NOT_FOUND_TITLE, access: 'not-found' } satisfies RouteHandle,
              Component: NotFound,
            },
          ],
        },
      ],
    },
  ];
}
