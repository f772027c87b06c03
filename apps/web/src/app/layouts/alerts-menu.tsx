import { lazy, Suspense, useEffect, useRef } from 'react';
import { Dropdown } from '@/components/dropdown';
import { BellIcon } from '@/components/icons';
import { LoadingState } from '@/components/loading-state';
import { useAlerts } from '@/features/alerts/api/get-alerts';
import { useMarkAlertRead } from '@/features/alerts/api/mark-alert-read';
import type { AlertInvoice } from '@/features/alerts/components/alert-list';

// The list sanitises the alerts' HTML (DOMPurify): it is not part of every page's first download.
const loadAlertList = () => import('@/features/alerts/components/alert-list');
const AlertList = lazy(async () => ({ default: (await loadAlertList()).AlertList }));

let downloadingInvoice = false;

/**
 * The download of an alert's invoice ('#number'): the invoices page's download function, one at a
 * time, failures silent (spec 1 section 8). Loaded when asked for, so the file-saving code is not
 * part of every page's first download (the login page's budget).
 */
function onDownloadInvoice(invoice: AlertInvoice): void {
  if (downloadingInvoice) return;
  downloadingInvoice = true;
  import('@/features/billing/api/download-invoice')
    .then(({ downloadInvoice }) =>
      downloadInvoice({ invoiceid: invoice.invoiceid, number: invoice.number, from: 'alert' }),
    )
    .catch(() => undefined)
    .finally(() => {
      downloadingInvoice = false;
    });
}

/** After the page has settled: a user with alerts is likely to open them. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 2000);
  return () => clearTimeout(id);
}

export type AlertsMenuProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The Alerts dropdown (needs view-alerts; spec 1 sections 2, 4 and 8): the bell with the count,
 * the alerts, and 'You've caught up' when there are none. Loading and marking fail silently.
 */
export function AlertsMenu({ open, onOpenChange }: AlertsMenuProps) {
  const alerts = useAlerts();
  const markRead = useMarkAlertRead();
  const list = alerts.data ?? [];
  const count = list.length;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocusHeading = useRef(false);

  useEffect(() => {
    if (count === 0) return;
    return whenIdle(() => void loadAlertList().catch(() => undefined));
  }, [count]);

  // The last alert was marked read: its X is gone, the heading takes the focus.
  useEffect(() => {
    if (count !== 0 || !refocusHeading.current) return;
    refocusHeading.current = false;
    headingRef.current?.focus();
  }, [count]);

  const handleMarkRead = (alertId: number) => {
    refocusHeading.current = count === 1;
    markRead.mutate(alertId);
  };

  return (
    <Dropdown
      id="alerts"
      className="header-dropdown alerts-menu"
      buttonClassName="header-button header-button--icon"
      panelClassName="header-dropdown__panel alerts-menu__panel"
      overlay
      open={open}
      onOpenChange={onOpenChange}
      button={
        <>
          <BellIcon />
          <span className="visually-hidden">Alerts, {count} unread</span>
          {/* No badge at 0: a grey '0' reads as something still to see. */}
          {count > 0 && (
            <span className="badge" aria-hidden="true">
              {count}
            </span>
          )}
        </>
      }
    >
      <h2 className="dropdown-heading" ref={headingRef} tabIndex={-1}>
        Alerts
      </h2>
      {alerts.isPending ? (
        <LoadingState label="Loading alerts…" />
      ) : count === 0 ? (
        <p className="empty-state">You&apos;ve caught up</p>
      ) : (
        open && (
          <Suspense fallback={<LoadingState label="Loading alerts…" data={false} />}>
            <AlertList
              alerts={list}
              onMarkRead={handleMarkRead}
              onDownloadInvoice={onDownloadInvoice}
            />
          </Suspense>
        )
      )}
    </Dropdown>
  );
}
