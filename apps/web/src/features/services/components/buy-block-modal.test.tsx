import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { blocks, type FetchCall, purchase, service, stubApi } from '@/test/services-fixtures';
import { BuyBlockModal } from './buy-block-modal';

const ID = 200101;
const prepare = `POST ${buildPath(apiPaths.purchaseBlockPrepare, { serviceid: ID })}`;
const commit = `POST ${buildPath(apiPaths.purchaseBlockCommit, { serviceid: ID })}`;

function setup(commitAnswer?: (call: FetchCall) => Response | Promise<Response>) {
  signIn();
  const api = stubApi({
    [`GET ${buildPath(apiPaths.availableBlocks, { serviceid: ID })}`]: () =>
      jsonResponse({ data: blocks }),
    [prepare]: () => jsonResponse({ data: { csrf: 'block-csrf' } }),
    [commit]:
      commitAnswer ??
      (() =>
        jsonResponse({
          data: purchase({ block: 'Data Block 10 GB', price: 2500, peak_mb: 10_000 }),
        })),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const track = vi.spyOn(analytics, 'track');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <BuyBlockModal service={service()} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { user, calls: api.calls, track, invalidate, onClose };
}

const posts = (calls: FetchCall[], route: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === route);

describe('Buy a Data Block', () => {
  it('lists the blocks, reviews the choice with the notes, and buys it with prepare then commit', async () => {
    const { user, calls, track, invalidate, onClose } = setup();
    const list = await screen.findByRole('list', { name: 'Data blocks' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(
      'Data Block 10 GB10 GB Peak$25.00',
    );
    await user.click(screen.getByRole('button', { name: 'Select Data Block 10 GB' }));

    const dialog = screen.getByRole('dialog', { name: 'Buy a Data Block' });
    expect(await screen.findByRole('heading', { name: 'Confirm' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Step 2 of 2');
    expect(dialog).toHaveTextContent('ServiceSky Muster Plus SMP0200101');
    expect(dialog).toHaveTextContent('PlanSky Muster Plus 50');
    expect(dialog).toHaveTextContent('Plan allowance50 GB Peak');
    expect(dialog).toHaveTextContent('Data blockData Block 10 GB: 10 GB Peak');
    expect(dialog).toHaveTextContent('Price$25.00');
    expect(dialog).toHaveTextContent(
      /The data block expires at the end of your billing period, at the end of the day on \d\d\/\d\d\/\d\d\./,
    );
    for (const note of [
      'Unused data does not roll over to the next billing period.',
      'Data blocks cannot be refunded or credited.',
      'The price is charged on your next tax invoice.',
      'The data can take up to two and a half hours to be added to your service.',
    ])
      expect(dialog).toHaveTextContent(note);

    await user.click(screen.getByRole('button', { name: 'Confirm and buy Data Block 10 GB' }));

    expect(await screen.findByText('You have bought Data Block 10 GB for $25.00.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(posts(calls, prepare).map((c) => c.body)).toEqual([{ dbid: 2 }]);
    expect(posts(calls, commit).map((c) => c.body)).toEqual([{ dbid: 2, csrf: 'block-csrf' }]);
    expect(track).toHaveBeenCalledWith('Buy Data Block', { block: 'Data Block 10 GB' });
    // The lists reload when the modal closes, not before.
    expect(invalidate).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: 'Close' })[1]!);
    expect(onClose).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['services', 'list'], exact: true });
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: ['services', ID, 'blockspurchased'],
      exact: true,
    });
  });

  it('never buys twice for a double click, and cannot be closed while buying', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { user, calls, onClose } = setup(() => pending);
    await user.click(await screen.findByRole('button', { name: 'Select Data Block 5 GB' }));
    await user.dblClick(screen.getByRole('button', { name: /^Confirm/ }));

    expect(await screen.findByText('Buying your data block…')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    answer(jsonResponse({ data: purchase() }));
    expect(await screen.findByText('You have bought Data Block 5 GB for $15.00.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(posts(calls, prepare)).toHaveLength(1);
    expect(posts(calls, commit)).toHaveLength(1);
  });

  it('returns to the confirmation with the server error, and Back returns to the blocks', async () => {
    const { user, invalidate, onClose } = setup(() =>
      errorResponse(400, 'Bad request: This service cannot take a data block right now.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Select Data Block 5 GB' }));
    await user.click(screen.getByRole('button', { name: /^Confirm/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This service cannot take a data block right now.',
    );
    expect(screen.getByRole('heading', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Confirm/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Select Data Block' })).toHaveFocus();

    await user.click(screen.getAllByRole('button', { name: 'Close' })[1]!);
    expect(onClose).toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });
});
