import { hashKey, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { prefetchContactsPage } from '@/features/account/contacts/api/prefetch-contacts';
import { userAccountQueryOptions } from '@/features/account/details/api/details-get-account';
import { ownContactQueryOptions } from '@/features/account/details/api/details-get-contact';
import { preferencesQueryOptions } from '@/features/account/preferences/api/preferences-get';
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
import { contentPageSlugs, CUSTOMER_TERMS_SUFFIX } from './content-pages';
import { keptDataRead } from './query-client';

/** A page module (./routes/<name>.tsx): its own lazily loaded chunk. */
export type RouteModule = { Component: ComponentType };

/** Data a page needs, started by its loader (in parallel with its code), read with the same query options. */
export type Prefetch = (queryClient: QueryClient, url: URL, params: Params) => Promise<unknown>;

/** Waits (briefly) for data that would otherwise move the page as it arrives. */
export type Hold = (queryClient: QueryClient) => Promise<void>;

/**
 * A page of the web route table: the route (its title, guard and permissions) is the contract's
 * (packages/contracts/src/web-routes.ts); the rest is the web app's.
 */
export type Page = {
  /**
   * The page module in ./routes it renders: its own lazily loaded chunk. vite-plugins/
   * route-preload.ts reads this table's source for it (keep `load` first in each entry).
   */
  load: () => Promise<RouteModule>;
  prefetch?: Prefetch;
  hold?: Hold;
};

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

/**
 * Every route of the web route table, by its path there, with what the web app does for it: one
 * entry per route, no more and no fewer (pages.test.ts checks it against the contract).
 */
export const pages: Readonly<Record<string, Page>> = {
  '/': {
    load: () => import('./routes/dashboard'),
    prefetch: prefetchDashboard,
    hold: holdForDashboard,
  },
  '/login': { load: () => import('./routes/login') },
  '/forgot-password': { load: () => import('./routes/forgot-password') },
  '/forgot-password/verify': { load: () => import('./routes/verify-access') },
  '/forgot-password/verify/sign-in': { load: () => import('./routes/verify-sign-in') },
  '/forgot-password/verify/usage/:serviceid': { load: () => import('./routes/verify-usage') },
  '/services': {
    load: () => import('./routes/services'),
    prefetch: (queryClient) => queryClient.prefetchQuery(servicesQueryOptions()),
  },
  // The purchases of the service in the address (or the stored default service) load alongside
  // the services list instead of after it: one round trip, not two.
  '/services/data-blocks': {
    load: () => import('./routes/data-blocks'),
    prefetch: (queryClient, url) => {
      const serviceid = idParam(url.searchParams.get('service')) ?? idParam(getDefaultService());
      return Promise.all([
        queryClient.prefetchQuery(activityServicesQueryOptions()),
        serviceid !== null && queryClient.prefetchQuery(blocksPurchasedQueryOptions(serviceid)),
      ]);
    },
  },
  // The summary and the open report of the known service, beside the services list.
  '/services/usage': {
    load: () => import('./routes/usage'),
    prefetch: (queryClient, url) =>
      prefetchUsagePage(queryClient, url.searchParams, getDefaultService()),
  },
  // The history and the dashboard (Account Summary) together: one level of requests.
  '/billing/invoices': {
    load: () => import('./routes/billing-invoices'),
    prefetch: (queryClient) =>
      Promise.all([
        prefetchBilling(queryClient, '/billing/invoices'),
        queryClient.prefetchQuery(dashboardQueryOptions()),
      ]),
  },
  '/billing/one-off-payment': {
    load: () => import('./routes/billing-one-off-payment'),
    prefetch: (queryClient) => prefetchBilling(queryClient, '/billing/one-off-payment'),
  },
  '/billing/recurring-payment-method': {
    load: () => import('./routes/billing-recurring-payment-method'),
    prefetch: (queryClient) => prefetchBilling(queryClient, '/billing/recurring-payment-method'),
  },
  '/billing/unbilled-calls': { load: () => import('./routes/billing-unbilled-calls') },
  // The list's call comes in a small chunk of its own, fetched beside the page's code: the data
  // starts one round trip sooner, and the shell every page loads (the login page's budget) does
  // not carry it. A search in the address (Back to Guides) was cached when it was typed.
  '/support/guides': {
    load: () => import('./routes/support-guides'),
    prefetch: async (queryClient) => {
      const { guidesQueryOptions } = await import('@/features/support/api/get-guides');
      return queryClient.prefetchQuery(guidesQueryOptions(''));
    },
  },
  '/support/guides/:slug': { load: () => import('./routes/support-guides') },
  '/support/network-status': {
    load: () => import('./routes/network-status'),
    prefetch: (queryClient) => queryClient.prefetchInfiniteQuery(networkStatusQueryOptions()),
  },
  '/support/contact': { load: () => import('./routes/support-guides') },
  // Support tickets (docs/decisions/017): the list, a ticket, the request form's services.
  '/support/my-tickets': {
    load: () => import('./routes/support-my-tickets'),
    prefetch: (queryClient) => queryClient.prefetchQuery(ticketsQueryOptions()),
  },
  '/support/my-tickets/:ticketid': {
    load: () => import('./routes/support-ticket'),
    prefetch: (queryClient, _url, params) => {
      const ticketid = idParam(params.ticketid ?? null);
      return ticketid ? queryClient.prefetchQuery(ticketQueryOptions(ticketid)) : Promise.resolve();
    },
  },
  '/support/new-ticket': {
    load: () => import('./routes/support-new-ticket'),
    prefetch: (queryClient) =>
      hasAllPermissions(getStoredPermissions(), ['view-services'])
        ? queryClient.prefetchQuery(servicesQueryOptions())
        : Promise.resolve(),
  },
  // Request a Callback: the times and the caller's mobile (My Details' own-contact call, the same
  // cache entry) together. 'Your callbacks', below the form, loads with the page's code: its
  // query options stay out of the main chunk, which the login page's budget has no room for.
  '/support/callback': {
    load: () => import('./routes/support-callback'),
    prefetch: (queryClient) =>
      Promise.all([
        queryClient.prefetchQuery(callbackTimesQueryOptions()),
        queryClient.prefetchQuery(ownContactQueryOptions()),
      ]),
  },
  '/support/live-chat': { load: () => import('./routes/live-chat') },
  '/support/more': { load: () => import('./routes/more-menu') },
  '/support/privacy-policy': {
    load: () => import('./routes/legal-page'),
    prefetch: contentPrefetch('/support/privacy-policy'),
  },
  '/support/financial-hardship-policy': {
    load: () => import('./routes/legal-page'),
    prefetch: contentPrefetch('/support/financial-hardship-policy'),
  },
  '/support/:product-customer-terms': {
    load: () => import('./routes/legal-page'),
    prefetch: (queryClient, _url, params) => {
      const slug = params.productSlug ?? '';
      return slug.endsWith(CUSTOMER_TERMS_SUFFIX)
        ? queryClient.prefetchQuery(pageQueryOptions(slug))
        : Promise.resolve();
    },
  },
  '/news': {
    load: () => import('./routes/news'),
    prefetch: (queryClient) => queryClient.prefetchQuery(blogsQueryOptions()),
  },
  '/news/:slug': {
    load: () => import('./routes/news-post'),
    prefetch: (queryClient, _url, params) =>
      queryClient.prefetchQuery(blogQueryOptions(params.slug ?? '')),
  },
  // Rewards (docs/decisions/020): each page's one call starts with its chunk.
  // The offer, and the FAQ beside it (issue 41).
  '/rewards/get-started': {
    load: () => import('./routes/rewards'),
    prefetch: (queryClient) =>
      Promise.all([
        queryClient.prefetchQuery(referralOfferQueryOptions()),
        queryClient.prefetchQuery(pageQueryOptions('rewards-faq')),
      ]),
  },
  '/rewards/faq': {
    load: () => import('./routes/rewards'),
    prefetch: (queryClient) => queryClient.prefetchQuery(pageQueryOptions('rewards-faq')),
  },
  '/rewards/active-referrals': {
    load: () => import('./routes/rewards'),
    prefetch: (queryClient) => queryClient.prefetchQuery(referralsQueryOptions()),
  },
  // My Details: the summary and the own contact together (two calls, one round trip).
  // (The summary only with view-account: every contact may open the page, docs/decisions/039.)
  '/account/details': {
    load: () => import('./routes/account-details'),
    prefetch: (queryClient) =>
      Promise.all([
        hasAllPermissions(getStoredPermissions(), ['view-account']) &&
          queryClient.prefetchQuery(userAccountQueryOptions()),
        queryClient.prefetchQuery(ownContactQueryOptions()),
      ]),
  },
  '/account/permissions': {
    load: () => import('./routes/account-permissions'),
    prefetch: prefetchContactsPage,
  },
  '/account/preferences': {
    load: () => import('./routes/account-preferences'),
    prefetch: (queryClient) => queryClient.prefetchQuery(preferencesQueryOptions()),
  },
  '/account/security': { load: () => import('./routes/account-security') },
  '/help-center': {
    load: () => import('./routes/content-page'),
    prefetch: contentPrefetch('/help-center'),
  },
  '/terms-of-use': {
    load: () => import('./routes/content-page'),
    prefetch: contentPrefetch('/terms-of-use'),
  },
  '/privacy-policy': {
    load: () => import('./routes/content-page'),
    prefetch: contentPrefetch('/privacy-policy'),
  },
  '/financial-hardship': {
    load: () => import('./routes/content-page'),
    prefetch: contentPrefetch('/financial-hardship'),
  },
  '/basic/landline-trasnfer-terms': {
    load: () => import('./routes/content-page'),
    prefetch: contentPrefetch('/basic/landline-trasnfer-terms'),
  },
  '/xd/:uid': { load: () => import('./routes/account-holder-login') },
  '/staff-login/verify': { load: () => import('./routes/staff-login-verify') },
  '/staff-usage/:serviceid/verify': { load: () => import('./routes/staff-usage-verify') },
  // The one-time code's exchange starts with the page's code, then the service's usage.
  '/embed/usage/:otc': {
    load: () => import('./routes/embed-usage'),
    prefetch: (queryClient, url, params) =>
      prefetchEmbedUsage(queryClient, params.otc ?? '', url.searchParams),
  },
};
