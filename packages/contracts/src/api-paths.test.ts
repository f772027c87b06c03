import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-paths';
import { usageReportName } from './usage-report-name';

describe('usageReportName', () => {
  it("names the report after its period, type and service, with no '#' or spaces", () => {
    expect(usageReportName('day', 'usage', 'AVC000123456789')).toBe(
      'report-day-usage-AVC000123456789.csv',
    );
    expect(usageReportName('hour', 'consumption', '07 5550 0123')).toBe(
      'report-hour-consumption-07-5550-0123.csv',
    );
    expect(usageReportName('month', 'usage', 'Service #12')).toBe(
      'report-month-usage-Service-12.csv',
    );
    expect(usageReportName('day', 'usage', '#')).toBe('report-day-usage-service.csv');
  });
});

describe('isApiPath', () => {
  it('takes /api/ and the push paths spec 1 section 7 writes without the prefix', () => {
    expect(isApiPath('/api/portal/users/login/')).toBe(true);
    expect(isApiPath('/notifications/device-token')).toBe(true);
    expect(isApiPath('/notifications/device-tokens')).toBe(true);
    expect(isApiPath('/notifications/get-latest')).toBe(true);
    expect(isApiPath('/notifications/web-push-key')).toBe(false);
    expect(isApiPath('/services/usage')).toBe(false);
  });
});
