import type { Alert } from '@outpost/contracts/dashboard';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { SafeHtml, sanitizeHtmlFragment } from '@/components/safe-html';
import { dateTimeFormat } from '@outpost/domain/intl';
import { CheckIcon, InfoIcon, UserIcon } from '@/components/icons';
import { parseSent, relativeTime } from '../utils/relative-time';

export type AlertInvoice = NonNullable<Alert['invoice']>;

export type AlertListProps = {
  alerts: readonly Alert[];
  onMarkRead: (alertId: number) => void;
  /**
   * Downloads the invoice an alert names (failures silent): the '#number' in the message is a
   * button (spec 1 section 2); without this the '#number' stays text.
   */
  onDownloadInvoice?: (invoice: AlertInvoice) => void;
};

// Made at first use and kept (@outpost/domain/intl), not at module load.
const getFullDate = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** Marks the '#number' button inside an alert's message. */
const INVOICE_BUTTON = 'data-alert-invoice';

/**
 * The sanitised message, with the first '#number' of `invoiceNumber` in its text (not inside a
 * link) turned into a button; `linked` says whether the message named it.
 */
function sanitiseMessage(
  html: string,
  invoiceNumber: string | null,
): { html: string; linked: boolean } {
  const fragment = sanitizeHtmlFragment(html);
  let linked = false;
  if (invoiceNumber !== null) {
    const reference = `#${invoiceNumber}`;
    const walker = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node as Text;
      const at = text.data.indexOf(reference);
      if (at === -1 || text.parentElement?.closest('a, button') != null) continue;
      const match = text.splitText(at);
      match.splitText(reference.length);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'alert-item__invoice-ref';
      button.setAttribute(INVOICE_BUTTON, '');
      button.setAttribute('aria-label', `Download invoice ${reference}`);
      button.textContent = reference;
      match.replaceWith(button);
      linked = true;
      break;
    }
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return { html: holder.innerHTML, linked };
}

function AlertMessage({
  html,
  invoice,
  onDownloadInvoice,
}: {
  html: string;
  invoice: AlertInvoice | null;
  onDownloadInvoice: ((invoice: AlertInvoice) => void) | undefined;
}) {
  const invoiceNumber = invoice && onDownloadInvoice ? invoice.number : null;
  const message = useMemo(() => sanitiseMessage(html, invoiceNumber), [html, invoiceNumber]);
  // The '#number' button lives in the message's HTML: its clicks (and Enter/Space) arrive here.
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!invoice || !onDownloadInvoice) return;
    if (!(event.target instanceof Element) || !event.target.closest(`[${INVOICE_BUTTON}]`)) return;
    onDownloadInvoice(invoice);
  };
  return (
    <>
      <SafeHtml className="alert-item__message" onClick={handleClick} html={message.html} />
      {/* A message that does not name its invoice still offers the download. */}
      {invoice && onDownloadInvoice && !message.linked && (
        <button
          type="button"
          className="button button--link button--small alert-item__invoice"
          onClick={() => onDownloadInvoice(invoice)}
        >
          Download invoice #{invoice.number}
        </button>
      )}
    </>
  );
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
              <AlertMessage
                html={alert.message}
                invoice={alert.invoice}
                onDownloadInvoice={onDownloadInvoice}
              />
              <div className="alert-item__footer">
                <p className="alert-item__time">
                  <time
                    dateTime={alert.sent}
                    title={Number.isNaN(sentAt) ? undefined : getFullDate().format(sentAt)}
                  >
                    {relativeTime(alert.sent, now)}
                  </time>
                </p>
                {/* Spec 1 section 2 gives an 'X' titled 'Mark as read'; issue 41: the control
                    says what it does, in words, beside a tick. */}
                <button
                  ref={(button) => {
                    if (button) closeButtons.current.set(alert.alert_id, button);
                    else closeButtons.current.delete(alert.alert_id);
                  }}
                  type="button"
                  className="button button--quiet alert-item__read"
                  title="Mark as read"
                  onClick={() => handleMarkRead(alert.alert_id, index)}
                >
                  <CheckIcon />
                  Mark as read
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
