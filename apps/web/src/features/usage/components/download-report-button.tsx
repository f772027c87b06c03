import { downloadErrorMessage } from '@/lib/download';
import type { UsageBy, UsageType } from '@outpost/contracts/usage';
import { ErrorBanner } from '@/components/error-banner';
import { useDownloadUsageReport } from '../api/download-usage-report';
import type { UsageAccess } from '../api/usage-access';

export const REPORT_DOWNLOADED = 'Report downloaded successfully.';

export type DownloadReportButtonProps = {
  serviceid: number;
  by: UsageBy;
  type: UsageType;
  access: UsageAccess;
  /** The service's identifier, which names the file. */
  identifier?: string | undefined;
};

/**
 * Download Report (spec 2 section 2): idle, then downloading (the button is busy and it is
 * announced), then 'Report downloaded successfully.' or the download error. The button keeps
 * focus while busy (aria-disabled, not disabled) and ignores presses until the file arrives.
 */
export function DownloadReportButton({
  serviceid,
  by,
  type,
  access,
  identifier,
}: DownloadReportButtonProps) {
  const download = useDownloadUsageReport();
  const busy = download.isPending;

  const handleClick = () => {
    if (busy) return;
    download.mutate({ serviceid, by, type, access, identifier });
  };

  return (
    <div className="download-report">
      <button
        type="button"
        className="button"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={handleClick}
      >
        {busy && <span className="spinner spinner--small" aria-hidden="true" />}
        Download Report
      </button>
      <p className="download-report__status" role="status">
        {busy ? 'Downloading the report…' : download.isSuccess ? REPORT_DOWNLOADED : ''}
      </p>
      {download.isError && (
        <ErrorBanner
          error={downloadErrorMessage(download.error)}
          onDismiss={() => download.reset()}
        />
      )}
    </div>
  );
}
