import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { invoiceFileName } from '@outpost/domain/billing-rules';
import { useMutation } from '@tanstack/react-query';
import { apiFile } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { getBrand } from '@/lib/brand';

export type InvoiceDownload = {
  invoiceid: number;
  /** The invoice number ('1001-013'), for the file name when the answer does not give one. */
  number: string | null;
  /** 'alert': the alert's '#number' link (the invoice detail path); else the invoices page's. */
  from?: 'alert' | 'invoices';
};

/** The file name a Content-Disposition header gives (filename* first), if any. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}

/**
 * GETs an invoice's PDF with the user's token (through the api client) and saves it under the
 * name the server gives, else '{prefix}-invoice-#{number}.pdf'.
 */
export async function downloadInvoice({ invoiceid, number, from }: InvoiceDownload): Promise<void> {
  const path =
    from === 'alert'
      ? buildPath(apiPaths.invoiceDetail, { invoice: invoiceid })
      : buildPath(apiPaths.invoicePdf, { invoiceid });
  const { blob, headers } = await apiFile(path, { accept: 'application/pdf, application/json' });
  const name =
    dispositionFileName(headers.get('Content-Disposition')) ??
    invoiceFileName(getBrand().productPrefix, number ?? String(invoiceid));
  await saveBlob(blob, name);
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
