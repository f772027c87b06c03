import { apiPaths } from '@outpost/contracts/api-paths';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transaction } from '@/test/billing-fixtures';
import { dashboard } from '@/test/dashboard-fixtures';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { blobText } from '@/test/blob-text';

const rows = [
  transaction({
    transactionid: 900025,
    created: '2026-10-14T00:00:00.000Z',
    type: 'Payment',
    amount: -13994,
    balance: 0,
    reason: 'Payment by Visa ending in 4242',
    invoiceid: null,
    invoice: null,
    account_status: 'paid',
  }),
  transaction(),
  transaction({
    transactionid: 900027,
    created: '2026-11-13T00:00:00.000Z',
    type: 'Credit',
    amount: -500,
    balance: 12994,
    reason: null,
    status: 'Goodwill credit',
    invoiceid: null,
    invoice: null,
  }),
];

function setup(pdf: (call: FetchCall) => Response | Promise<Response>, blocksAccount = true) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.transactions}`]: () => jsonResponse({ data: rows }),
    [`GET ${apiPaths.dashboard}`]: () =>
      jsonResponse({
        data: dashboard({
          permissions: {
            links: dashboard().permissions.links,
            blocks: { account: blocksAccount, activity: true, services: true },
          },
          account: {
            accountid: 100001,
            balance: { amount: 12994, status: 'Owing' },
            due: null,
            paymethod: { display: 'Visa ending in 4242' },
          },
        }),
      }),
    [`GET /api/portal/billing/invoice/50013/`]: pdf,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const saved: { name: string; blob: Blob }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  return { ...renderApp('/billing/invoices'), calls: api.calls, saved };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const pdfResponse = () =>
  new Response('%PDF-1.4 test', {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="outpost-invoice-#100001-013.pdf"',
    },
  });

describe('Invoices', () => {
  it('lists the history newest first with the spec’s descriptions, amounts and balances', async () => {
    setup(pdfResponse);
    const table = await screen.findByRole('table', { name: 'Invoices and Payments History' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Goodwill credit',
      'Tax Invoice #50013',
      'Payment by Visa ending in 4242',
    ]);
    const [credit, invoice, payment] = body;
    expect(within(credit!).getByText('$5.00')).toBeInTheDocument();
    expect(within(credit!).getByText('-$129.94')).toBeInTheDocument();
    expect(within(payment!).getByText('$139.94')).toBeInTheDocument();
    expect(within(payment!).getByText('$0.00')).toBeInTheDocument();
    // Only the invoice row has a download button.
    expect(
      within(invoice!).getByRole('button', { name: 'Download invoice 100001-013' }),
    ).toBeInTheDocument();
    expect(within(credit!).queryByRole('button')).toBeNull();
    expect(screen.getByLabelText('Rows per page')).toHaveValue('5');
    expect(
      within(screen.getByLabelText('Rows per page'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '50', '100']);
  });

  it('hides the Account Summary from a caller who may not see the account (blocks.account unset)', async () => {
    setup(pdfResponse, false);
    await screen.findByRole('table', { name: 'Invoices and Payments History' });
    expect(screen.queryByRole('region', { name: 'Account Summary' })).toBeNull();
  });

  it('shows the Account Summary with dd/mm/yy (as everywhere) and Update Payment when blocks.account is set', async () => {
    setup(pdfResponse, true);
    const card = await screen.findByRole('region', { name: 'Account Summary' });
    expect(within(card).getByText('09/12/26')).toBeInTheDocument();
    expect(within(card).getByText('Owing')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Update Payment' })).toHaveAttribute(
      'href',
      '/billing/recurring-payment-method',
    );
    expect(within(card).queryByRole('link', { name: 'View Current Bill' })).toBeNull();
  });

  it("downloads one invoice at a time ('Downloading...') under the server's file name", async () => {
    let answer: (r: Response) => void = () => {};
    const { user, saved } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Download invoice 100001-013' }));
    expect(screen.getByRole('button', { name: 'Downloading...' })).toBeDisabled();
    answer(pdfResponse());
    expect(await screen.findByText('Invoice downloaded successfully.')).toBeInTheDocument();
    expect(saved.map((s) => s.name)).toEqual(['outpost-invoice-#100001-013.pdf']);
    expect(await blobText(saved[0]!.blob)).toBe('%PDF-1.4 test');
  });

  it('says so when the download fails', async () => {
    const { user } = setup(() => errorResponse(500, 'Internal error: x'));
    await user.click(await screen.findByRole('button', { name: 'Download invoice 100001-013' }));
    expect(
      await screen.findByText('Something went wrong while trying to download the file.'),
    ).toBeInTheDocument();
  });
});
