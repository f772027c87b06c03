import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { service, stubApi } from '@/test/services-fixtures';
import { CallBarringModal } from './call-barring-modal';

const landline = service({
  serviceid: 200103,
  type: 'Telephony',
  technology: 'Landline',
  identifier: '0755500123',
  has_landline_barring: true,
});
const options = `GET ${buildPath(apiPaths.barringOptions, { serviceid: 200103 })}`;
const patch = `PATCH ${buildPath(apiPaths.service, { serviceid: 200103 })}`;

function setup(patchAnswer?: () => Response, requestedInternational = false) {
  signIn();
  const api = stubApi({
    [options]: () =>
      jsonResponse({
        data: [
          { value: 'none', label: 'No call barring', selected: true, requested: false },
          {
            value: 'international',
            label: 'Bar international calls',
            selected: false,
            requested: requestedInternational,
          },
        ],
      }),
    [patch]:
      patchAnswer ??
      (() => jsonResponse({ data: { ticketid: 240010, orderid: 7, number: 'T240010' } })),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <CallBarringModal service={landline} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return { user, calls: api.calls };
}

describe('Call Barring', () => {
  it('requires a selection, then confirms and shows the ticket number', async () => {
    const { user, calls } = setup();
    expect(await screen.findByText('Currently: No call barring')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
    await user.click(screen.getByRole('radio', { name: 'Bar international calls' }));
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Call barring is free.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'We have your request. Your ticket number is T240010; you can follow it in My Tickets.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { barring_mode: 'international' },
    ]);
  });

  it('a refused change returns to confirm with the server text', async () => {
    const { user } = setup(() =>
      errorResponse(409, 'Bad request: This change is not available for this service.'),
    );
    await user.click(await screen.findByRole('radio', { name: 'Bar international calls' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('This change is not available for this service.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('shows the current mode as current and a requested one as pending until its order completes', async () => {
    setup(undefined, true);
    expect(await screen.findByText('Currently: No call barring')).toBeInTheDocument();
    expect(screen.getByText('Requested: Bar international calls (pending)')).toBeInTheDocument();
    expect(screen.queryByText('Currently: Bar international calls')).not.toBeInTheDocument();
  });
});
