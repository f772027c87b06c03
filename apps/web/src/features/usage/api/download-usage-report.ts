import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { usageReportName } from '@outpost/contracts/usage-report-name';
import type { UsageBy, UsageType } from '@outpost/contracts/usage';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { activityQuery } from './get-activity';
import { type UsageAccess, usageRequestOptions } from './usage-access';

export type UsageReportInput = {
  serviceid: number;
  by: UsageBy;
  type: UsageType;
  access: UsageAccess;
  /** The service's identifier (the file is named after it), when the summary has given it. */
  identifier?: string | undefined;
};

/** GET /api/portal/service/{id}/activity/detail/?by=&type=: the rows as CSV, saved as report-{by}-{type}-{service}.csv. */
export function downloadUsageReport({ serviceid, by, type, access, identifier }: UsageReportInput) {
  const path = `${buildPath(apiPaths.activityDetail, { serviceid })}${activityQuery(by, type)}`;
  return downloadFile(path, usageReportName(by, type, identifier ?? String(serviceid)), {
    accept: 'text/csv, application/json',
    ...usageRequestOptions(access),
  });
}

export function useDownloadUsageReport() {
  return useMutation({ mutationFn: downloadUsageReport });
}
