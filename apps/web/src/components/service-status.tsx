import { serviceStatusMessages } from '@outpost/contracts/service-status-messages';
import { formatDate } from '@outpost/domain/format';
import { serviceStatusLabel, stoppedStatus } from '@outpost/domain/service-status-rules';
import { ErrorBanner } from './error-banner';

type StatusFacts = { status: string; cancels_on?: string | null };

/**
 * A suspended or cancelled service's status as a tag ('Suspended', 'Cancelled'), or the day a
 * scheduled cancellation takes effect ('Cancels 09/12/26'); nothing for an active or pending one
 * (docs/decisions/052).
 */
export function ServiceStatusTag({ service }: { service: StatusFacts }) {
  if (stoppedStatus(service))
    return <span className="tag tag--muted">{serviceStatusLabel(service.status)}</span>;
  if (service.cancels_on)
    return <span className="tag tag--muted">Cancels {formatDate(service.cancels_on)}</span>;
  return null;
}

/**
 * What a suspended or cancelled service still offers, in plain words (an 'info' banner), beside
 * the service where a page would otherwise offer to buy or change something; or the day of a
 * scheduled cancellation.
 */
export function ServiceStatusNotice({ service }: { service: StatusFacts }) {
  const stopped = stoppedStatus(service);
  const text =
    stopped === 'suspended'
      ? serviceStatusMessages.suspendedNotice
      : stopped === 'cancelled'
        ? serviceStatusMessages.cancelledNotice
        : service.cancels_on
          ? serviceStatusMessages.cancelsOn(formatDate(service.cancels_on))
          : null;
  return <ErrorBanner tone="info" error={text} />;
}
