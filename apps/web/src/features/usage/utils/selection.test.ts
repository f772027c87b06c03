import { describe, expect, it } from 'vitest';
import { service } from '@/test/services-fixtures';
import { resolveView, selectUsageService, tabsFor, usageServices } from './selection';

const skyMuster = service();
const pending = service({ serviceid: 200102, status: 'pending', technology: 'Fixed Wireless' });
const landline = service({ serviceid: 200103, type: 'Telephony', technology: 'Landline' });
const limitless = service({ serviceid: 200301, is_limitless: true, technology: 'Fixed Wireless' });
const all = [landline, pending, skyMuster, limitless];

const view = (limitlessPlan: boolean, search: string) => {
  const v = resolveView(limitlessPlan, new URLSearchParams(search));
  return { tab: v.tab.id, chart: v.chart };
};

describe('usage plan, tab and chart type rules (spec 2 section 2)', () => {
  it('offers only active Broadband services', () => {
    expect(usageServices(all).map((s) => s.serviceid)).toEqual([200101, 200301]);
  });

  it('opens the plan in the address, else the stored default, else the first active Broadband', () => {
    expect(selectUsageService(all, '200301', '200101')?.serviceid).toBe(200301);
    expect(selectUsageService(all, null, '200301')?.serviceid).toBe(200301);
    expect(selectUsageService(all, '200102', '200103')?.serviceid).toBe(200101);
    expect(selectUsageService(all, 'nonsense', null)?.serviceid).toBe(200101);
    expect(selectUsageService([landline, pending], null, null)).toBeUndefined();
  });

  it('starts other plans on Summary with consumption, limitless ones on Hourly with usage', () => {
    expect(view(false, '')).toEqual({ tab: 'summary', chart: 'consumption' });
    expect(view(true, '')).toEqual({ tab: 'hourly', chart: 'usage' });
    expect(tabsFor(true).map((t) => t.report)).toEqual([2, 3, 4]);
    expect(tabsFor(false).map((t) => t.report)).toEqual([1, 5, 2, 3, 4]);
  });

  it('keeps a valid tab and chart type from the address, and drops what the plan does not have', () => {
    expect(view(false, 'tab=monthly&chart=usage')).toEqual({ tab: 'monthly', chart: 'usage' });
    expect(view(true, 'tab=planner&chart=consumption')).toEqual({
      tab: 'hourly',
      chart: 'consumption',
    });
    expect(view(false, 'tab=weekly&chart=pie')).toEqual({ tab: 'summary', chart: 'consumption' });
  });
});
