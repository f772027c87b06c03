import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingState, NOT_KEPT_MESSAGE } from './loading-state';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LoadingState: data that cannot come says so (docs/decisions/031)', () => {
  it('offline, says the data has not been kept on this device and what to do, instead of spinning', async () => {
    render(
      <MemoryRouter initialEntries={['/billing']}>
        <LoadingState label="Loading your balance…" />
        <LoadingState placeholder={<p>Loading saved cards…</p>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading your balance…');
    expect(screen.getByText('Loading saved cards…')).toBeInTheDocument();

    goOffline(true);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      NOT_KEPT_MESSAGE,
      NOT_KEPT_MESSAGE,
    ]);
    expect(NOT_KEPT_MESSAGE).toBe(
      'This has not been saved on this device yet. Connect to the internet to load it.',
    );
    expect(screen.queryByText('Loading your balance…')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading saved cards…')).not.toBeInTheDocument();
    // Then the designed offline state (its code loads lazily) around the same sentence.
    expect(await screen.findAllByText("You're offline")).toHaveLength(2);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      `You're offline${NOT_KEPT_MESSAGE}Go to the Dashboard`,
      `You're offline${NOT_KEPT_MESSAGE}Go to the Dashboard`,
    ]);

    // Back online, the data loads again: the spinner and the skeleton are back.
    goOffline(false);
    expect(screen.getByText('Loading your balance…')).toBeInTheDocument();
    expect(screen.getByText('Loading saved cards…')).toBeInTheDocument();
  });

  it('a task under way (a save, a payment, the code of a page) keeps saying what it does offline', () => {
    goOffline(true);
    render(<LoadingState label="Processing your payment…" data={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Processing your payment…');
  });
});
