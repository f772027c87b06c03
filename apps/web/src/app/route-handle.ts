import type { WebRouteAccess } from '@outpost/contracts/web-routes';

/** What every route carries in `handle`: its title (document.title) and its guard. */
export type RouteHandle = { title: string; access: WebRouteAccess | 'not-found' };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string'
  );
}

/** Loader data of a route that decided to show the not-found page (e.g. /support/<x> without -customer-terms). */
export type NotFoundData = { notFound: true };

export function isNotFoundData(value: unknown): value is NotFoundData {
  return (
    typeof value === 'object' && value !== null && 'notFound' in value && value.notFound === true
  );
}

export const NOT_FOUND_TITLE = 'Page not found';
