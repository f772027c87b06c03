import { downloadErrorMessage } from '@/lib/download';
import type { BillingTransaction } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { type ReactNode, useId, useState } from 'react';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { LedgerAmount } from '@/components/ledger-amount';
import { type Notice, NoticeBanner } from '@/components/notice-banner';
import { LoadError } from '@/components/load-error';
import { useDownloadInvoice } from '../api/download-invoice';
import { useTransactions } from '../api/get-transactions';
import {
  hasInvoice,
  newestFirst,
  transactionBalance,
  transactionDate,
  transactionDescription,
  transactionSearchText,
  transactionTotal,
} from '../utils/transactions';
import { BillingLayout } from './billing-layout';
import { LoadingState } from '@/components/loading-state';

/** Spec 3 section 9: page sizes 5, 10, 50 and 100, default 5. */
const PAGE_SIZES = [5, 10, 50, 100] as const;

const typeBadge: Readonly<Record<string, string>> = {
  Invoice: 'tag',
  Payment: 'tag tag--success',
  Credit: 'tag tag--success',
  Adjustment: 'tag tag--muted',
};

export type InvoicesPageProps = {
  /** The Account Summary card (from the dashboard's data), or nothing when it is hidden. */
  summary?: ReactNode;
};

/**
 * /billing/invoices (spec 3 sections 2.4 and 4): the Account Summary card and the 'Invoices and
 * Payments History' table, newest first, with a download button on rows that have an invoice
 * (one download at a time; the active row's button says 'Downloading...').
 */
export function InvoicesPage({ summary }: InvoicesPageProps) {
  const ids = useId();
  const transactions = useTransactions();
  const download = useDownloadInvoice();
  const [notice, setNotice] = useState<Notice>(null);
  const activeId = download.isPending ? download.variables.invoiceid : null;

  const handleDownload = (row: BillingTransaction & { invoiceid: number }) => {
    if (download.isPending) return;
    setNotice(null);
    download.mutate(
      { invoiceid: row.invoiceid, number: row.invoice },
      {
        onSuccess: () =>
          setNotice({ tone: 'success', text: messages.billing.invoiceDownloaded, at: Date.now() }),
        onError: (error) =>
          setNotice({ tone: 'error', text: downloadErrorMessage(error), at: Date.now() }),
      },
    );
  };

  const columns: DataTableColumn<BillingTransaction>[] = [
    // On a phone a row reads 'Invoice / 16/11/26 · Paid ... $134.94' (a payment '+$134.94' in
    // green); the number, the balance and the download are a tap away.
    { id: 'id', header: 'Transaction #', rowHeader: true, cell: (t) => t.transactionid },
    { id: 'date', header: 'Date', narrow: 'secondary', cell: transactionDate },
    {
      id: 'type',
      header: 'Type',
      narrow: 'primary',
      cell: (t) => <span className={typeBadge[t.type] ?? 'tag tag--muted'}>{t.type}</span>,
      narrowCell: (t) => t.type,
    },
    {
      id: 'description',
      header: 'Description',
      narrow: 'secondary',
      narrowDetails: true,
      cell: transactionDescription,
    },
    {
      id: 'total',
      header: 'Total',
      narrow: 'trailing',
      cell: transactionTotal,
      narrowCell: (t) => <LedgerAmount cents={t.amount} />,
      className: 'billing-number',
    },
    {
      id: 'balance',
      header: 'Account Balance',
      cell: transactionBalance,
      className: 'billing-number',
    },
    {
      id: 'download',
      header: 'Invoice',
      hideLabelWhenStacked: true,
      cell: (t) =>
        hasInvoice(t) ? (
          <button
            type="button"
            className="button button--small"
            disabled={download.isPending}
            aria-busy={activeId === t.invoiceid || undefined}
            onClick={() => handleDownload(t)}
          >
            {activeId === t.invoiceid ? (
              messages.billing.downloading
            ) : (
              <>
                Download<span className="visually-hidden"> invoice {t.invoice ?? t.invoiceid}</span>
              </>
            )}
          </button>
        ) : null,
    },
  ];

  return (
    <BillingLayout>
      <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      {summary}
      <section className="page-section billing-history" aria-labelledby={`${ids}-history`}>
        <h2 id={`${ids}-history`}>Invoices and Payments History</h2>
        {transactions.isError ? (
          <LoadError
            error={transactions.error}
            onRetry={() => void transactions.refetch()}
            resetKey={transactions.errorUpdatedAt}
          />
        ) : transactions.isPending ? (
          <LoadingState placeholder={<HistorySkeleton />} />
        ) : (
          <DataTable
            rows={newestFirst(transactions.data)}
            columns={columns}
            rowKey={(t) => t.transactionid}
            caption="Invoices and Payments History"
            captionHidden
            pageSizes={PAGE_SIZES}
            pageSize={PAGE_SIZES[0]}
            search={{ label: 'Search invoices and payments', text: transactionSearchText }}
            empty={<p>There are no invoices or payments yet.</p>}
          />
        )}
      </section>
    </BillingLayout>
  );
}

/** The table's room while it loads (controls and five rows), so nothing moves when it arrives. */
function HistorySkeleton() {
  return (
    <div className="billing-history__skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading invoices and payments…
      </p>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: 7 }, (_, i) => (
          <span key={i} className="skeleton__line billing-history__skeleton-row" />
        ))}
      </div>
    </div>
  );
}
