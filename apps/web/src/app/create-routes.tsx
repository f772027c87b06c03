import { type WebRoute, webRoutes } from '@outpost/contracts/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { alertsQueryOptions } from '@/features/alerts/api/get-alerts';
import { getStoredPermissions } from '@/lib/session';
import { guardFor, hasUsableSession, suffixGuard } from './guards';
import { BasicLayout } from './layouts/basic-layout';
import { LoggedOutLayout } from './layouts/logged-out-layout';
import { AppLoading, NotFoundPage, Root, RootErrorBoundary } from './root';
import { type Hold, pages, type Prefetch } from './pages';
import { NOT_FOUND_TITLE, type RouteHandle } from './route-handle';

/** A route the page table does not list (pages.test.ts keeps there from being one). */
const loadPlaceholder = () => import('./routes/placeholder');

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
  hold: Hold | undefined,
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
  const page = pages[route.path];
  const load = page?.load ?? loadPlaceholder;
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
        page?.prefetch,
        page?.hold,
        queryClient,
      ),
      lazy,
    };
  }
  const loader = withPrefetch(guardFor(route), page?.prefetch, page?.hold, queryClient);
  return loader ? { path: route.path, handle, loader, lazy } : { path: route.path, handle, lazy };
}

/**
 * The signed-in shell (header, side menu, alerts, footer links, bottom bar) and the layout of the
 * pages open to both: chunks of their own, so the login page does not download them (issue 41: its
 * 150 KiB budget). Object form: the router loads them beside the page's chunk, and the preload
 * script in index.html (vite-plugins/route-preload.ts) starts them with the main chunk. A new
 * object for each router: the router takes the loaded properties off the object it is given.
 */
const loggedInLayout = () => ({
  Component: async () => (await import('./layouts/logged-in-layout')).LoggedInLayout,
});
const sessionLayout = () => ({
  Component: async () => (await import('./layouts/session-layout')).SessionLayout,
});

/**
 * Every route of the web route table (packages/contracts/src/web-routes.ts) with its guard,
 * grouped by layout. Each page is its own lazily loaded chunk; the logged-out and basic layouts
 * (a few KB) are in the main chunk, and the signed-in ones load beside the page's own, so a page
 * needs its requests at once, not three in a row.
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
          lazy: loggedInLayout(),
          loader: () => prefetchAlerts(queryClient),
          children: routesWith(['protected', 'native'], false),
        },
        { id: 'logged-out', Component: LoggedOutLayout, children: routesWith(['public'], false) },
        { id: 'basic', Component: BasicLayout, children: routesWith(['basic'], false) },
        {
          id: 'session',
          lazy: sessionLayout(),
          children: [
            ...routesWith(['open', 'account-holder'], false),
            ...routesWith(['protected'], true),
            {
              path: '*',
              handle: { title: NOT_FOUND_TITLE, access: 'not-found' } satisfies RouteHandle,
              Component: NotFoundPage,
            },
          ],
        },
      ],
    },
  ];
}
