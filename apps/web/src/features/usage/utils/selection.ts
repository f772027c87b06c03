import type { ActivityService } from '@outpost/contracts/services';
import type { UsageBy, UsageType } from '@outpost/contracts/usage';
import { selectService } from '@/lib/selected-service';

/**
 * Which plan, report tab and chart type the Data Usage page shows (spec 2 section 2), from the
 * address (?service=&tab=&chart=), the stored default service and the plan's limitlessness.
 */

export type UsageTab = 'summary' | 'planner' | 'hourly' | 'daily' | 'monthly';

export type UsageTabInfo = {
  id: UsageTab;
  label: string;
  /** The spec's report number. */
  report: 1 | 2 | 3 | 4 | 5;
  /** Chart tabs load activity rows at this granularity. */
  by?: UsageBy;
};

/** In the spec's order: Summary (1), Usage Planner (5), Hourly (2), Daily (3), Monthly (4). */
export const usageTabs: readonly UsageTabInfo[] = [
  { id: 'summary', label: 'Summary', report: 1 },
  { id: 'planner', label: 'Usage Planner', report: 5 },
  { id: 'hourly', label: 'Hourly', report: 2, by: 'hour' },
  { id: 'daily', label: 'Daily', report: 3, by: 'day' },
  { id: 'monthly', label: 'Monthly', report: 4, by: 'month' },
];

export const chartTypes: readonly UsageType[] = ['consumption', 'usage'];

/** Limitless plans have no allowance: no Summary or Usage Planner. */
export function tabsFor(limitless: boolean): readonly UsageTabInfo[] {
  return limitless ? usageTabs.filter((t) => t.by !== undefined) : usageTabs;
}

export type UsageView = { tab: UsageTabInfo; chart: UsageType };

/** Limitless plans start on Hourly (report 2) with the usage chart; others on Summary with consumption. */
export function defaultView(limitless: boolean): { tab: UsageTab; chart: UsageType } {
  return limitless ? { tab: 'hourly', chart: 'usage' } : { tab: 'summary', chart: 'consumption' };
}

/** The tab and chart type in the address when valid for the plan, else the plan's defaults. */
export function resolveView(limitless: boolean, params: URLSearchParams): UsageView {
  const defaults = defaultView(limitless);
  const tabs = tabsFor(limitless);
  const tab =
    tabs.find((t) => t.id === params.get('tab')) ?? tabs.find((t) => t.id === defaults.tab)!;
  const chart = chartTypes.find((c) => c === params.get('chart')) ?? defaults.chart;
  return { tab, chart };
}

/** The plans the selector offers: the account's active Broadband services. */
export function usageServices<S extends ActivityService>(services: readonly S[]): S[] {
  return services.filter((s) => s.type === 'Broadband' && s.status === 'active');
}

/**
 * The plan shown: the one in the address if it is offered, else the stored default service if
 * offered, else the first active Broadband service.
 */
export function selectUsageService<S extends ActivityService>(
  services: readonly S[],
  fromUrl: string | null,
  storedDefault: string | null,
): S | undefined {
  return selectService(usageServices(services), fromUrl, storedDefault);
}
