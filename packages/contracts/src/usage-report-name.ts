// Apart from api-paths (every page, the login page included, loads it): only the usage page
// names a report.

/**
 * The usage report's file name: spec 2 section 7's 'report-{by}-{type}', then the service it is
 * of (its identifier, letters and digits only: no '#', no spaces), so two services' reports do not
 * overwrite each other (docs/decisions/040): 'report-day-usage-0755500123.csv'.
 */
export function usageReportName(
  by: 'hour' | 'day' | 'month',
  type: 'consumption' | 'usage',
  service: string,
) {
  const safe = service.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'service';
  return `report-${by}-${type}-${safe}.csv`;
}
