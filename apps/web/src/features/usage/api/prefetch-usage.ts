import type { QueryClient } from '@tanstack/react-query';
import { activityServicesQueryOptions } from '@/lib/services-query';
import { idParam } from '@/lib/selected-service';
import { resolveView, selectUsageService, type UsageView } from '../utils/selection';
import { activityQueryOptions } from './get-activity';
import { usageSummaryQueryOptions } from './get-usage-summary';
import { usageOnlyLoginQueryOptions } from './usage-only-login';
import { sessionAccess, type UsageAccess } from './usage-access';

/**
 * Route-loader prefetches of the usage pages: every request the first screen needs starts at
 * once, beside the page's code, instead of one after another inside the component tree.
 */

/** The report the address opens, when it does not depend on whether the plan is limitless. */
function certainView(params: URLSearchParams, limitless?: boolean): UsageView | undefined {
  if (limitless !== undefined) return resolveView(limitless, params);
  const metered = resolveView(false, params);
  const unlimited = resolveView(true, params);
  return metered.tab.id === unlimited.tab.id && metered.chart === unlimited.chart
    ? metered
    : undefined;
}

/** The summary (every tab shows its 'last updated') and, on a chart tab, that tab's rows. */
function prefetchReports(
  queryClient: QueryClient,
  access: UsageAccess,
  serviceid: number,
  view: UsageView | undefined,
): Promise<unknown> {
  const by = view?.tab.by;
  return Promise.all([
    queryClient.prefetchQuery(usageSummaryQueryOptions(access, serviceid)),
    by &&
      view &&
      queryClient.prefetchQuery(activityQueryOptions(access, serviceid, by, view.chart)),
  ]);
}

/**
 * /services/usage: the services list, and, when the service is known from ?service= or the
 * stored default service, its summary and open report in parallel with it. Once the list is in,
 * the service it settles on (and a limitless plan's Hourly report) is fetched if not already.
 */
export async function prefetchUsagePage(
  queryClient: QueryClient,
  params: URLSearchParams,
  storedDefault: string | null,
): Promise<void> {
  const known = idParam(params.get('service')) ?? idParam(storedDefault);
  const listOptions = activityServicesQueryOptions();
  const cached = queryClient.getQueryData(listOptions.queryKey);
  // The cached list if there is one: the page refreshes a stale list itself, and a change of tab
  // (which runs this loader again) costs no request for it.
  const list = queryClient.ensureQueryData(listOptions).catch(() => undefined);
  const early =
    known !== null &&
    prefetchReports(
      queryClient,
      sessionAccess,
      known,
      certainView(params, cached?.find((s) => s.serviceid === known)?.is_limitless),
    );
  const services = await list;
  const selected = services && selectUsageService(services, params.get('service'), storedDefault);
  await Promise.all([
    early,
    selected &&
      prefetchReports(
        queryClient,
        sessionAccess,
        selected.serviceid,
        certainView(params, selected.is_limitless),
      ),
  ]);
}

/**
 * /embed/usage/:otc: the one-time code's exchange (once: a spent code fails a second time),
 * then the summary and, if the address names a chart report, its rows.
 */
export async function prefetchEmbedUsage(
  queryClient: QueryClient,
  otc: string,
  params: URLSearchParams,
): Promise<void> {
  const options = usageOnlyLoginQueryOptions(otc);
  // A failed exchange stays failed: fetching again would post the code again.
  if (queryClient.getQueryState(options.queryKey)?.status === 'error') return;
  const token = await queryClient.fetchQuery(options).catch(() => undefined);
  if (!token) return;
  await prefetchReports(
    queryClient,
    { kind: 'embed', token: token.token },
    token.serviceid,
    certainView(params),
  );
}
