import type { Alert } from '@outpost/contracts/dashboard';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useRef } from 'react';
import { dateTimeFormat } from '@outpost/domain/intl';
import { CloseIcon, InfoIcon, UserIcon } from '@/components/icons';
import { parseSent, relativeTime } from '../utils/relative-time';

export type AlertInvoice = NonNullable<Alert['invoice']>;

export type AlertListProps = {
  alerts: readonly Alert[];
  onMarkRead: (alertId: number) => void;
  /**
   * Downloads the invoice an alert names (failures silent): each alert with an invoice offers a
   * 'Download invoice #number' button; without it the '#number' stays text in the message.
   */
  onDownloadInvoice?: (invoice: AlertInvoice) => void;
};

// Made at first use and kept (@outpost/domain/intl), not at module load.
const getFullDate = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

function AlertMessage({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <div className="alert-item__message" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * The alerts of the header's dropdown (spec 1 section 2): each with its icon, 'Account Update',
 * the (sanitised) message, when it was sent, and a close X that marks it read. Closing one moves
 * focus to the next alert's X (or the one before), so the keyboard never lands on nothing.
 */
export function AlertList({ alerts, onMarkRead, onDownloadInvoice }: AlertListProps) {
  const closeButtons = useRef(new Map<number, HTMLButtonElement>());
  const removedAt = useRef<number | null>(null);
  const now = Date.now();

  useEffect(() => {
    if (removedAt.current === null) return;
    const next = alerts[Math.min(removedAt.current, alerts.length - 1)];
    removedAt.current = null;
    if (next) closeButtons.current.get(next.alert_id)?.focus();
  }, [alerts]);

  const handleMarkRead = (alertId: number, index: number) => {
    removedAt.current = index;
    onMarkRead(alertId);
  };

  return (
    <ul className="alert-list">
      {alerts.map((alert, index) => {
        const sentAt = parseSent(alert.sent);
        return (
          <li key={alert.alert_id} className="alert-item">
            <span className={`alert-item__icon alert-item__icon--${alert.type}`}>
              {alert.type === 'account' ? <UserIcon /> : <InfoIcon />}
            </span>
            <div className="alert-item__body">
              <p className="alert-item__label">Account Update</p>
              <AlertMessage html={alert.message} />
              {alert.invoice && onDownloadInvoice && (
                <button
                  type="button"
                  className="button button--link button--small alert-item__invoice"
                  onClick={() => alert.invoice && onDownloadInvoice(alert.invoice)}
                >
                  Download invoice #{alert.invoice.number}
                </button>
              )}
              <p className="alert-item__time">
                <time
                  dateTime={alert.sent}
                  title={Number.isNaN(sentAt) ? undefined : getFullDate().format(sentAt)}
                >
                  {relativeTime(alert.sent, now)}
                </time>
              </p>
            </div>
            <button
              ref={(button) => {
                if (button) closeButtons.current.set(alert.alert_id, button);
                else closeButtons.current.delete(alert.alert_id);
              }}
              type="button"
              className="icon-button alert-item__close"
              title="Mark as read"
              aria-label="Mark as read"
              onClick={() => handleMarkRead(alert.alert_id, index)}
            >
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
