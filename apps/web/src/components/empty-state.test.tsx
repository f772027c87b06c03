import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { NotFound } from './not-found';
import { OfflineState } from './offline-state';

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('EmptyState: every nothing with a drawing, its words and the next step', () => {
  it('shows the title, the text and the action, the drawing hidden from screen readers', () => {
    const { container } = render(
      <EmptyState
        title="No invoices yet"
        action={
          <button type="button" className="button button--primary">
            Make a payment
          </button>
        }
      >
        <p>Your first invoice arrives at the end of your first month.</p>
      </EmptyState>,
    );
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
    expect(
      screen.getByText('Your first invoice arrives at the end of your first month.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a payment' })).toBeInTheDocument();
    const art = container.querySelector('svg');
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(art).toHaveAttribute('focusable', 'false');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('gives a page of its own its heading, and announces itself only when asked', () => {
    const { rerender } = render(<EmptyState kind="not-found" titleAs="h1" title="Gone" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Gone' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<EmptyState kind="offline" compact role="status" title="You're offline" />);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('draws each kind in a few hundred bytes', () => {
    for (const kind of ['empty', 'error', 'not-found', 'offline'] as const) {
      const { container, unmount } = render(<EmptyState kind={kind} title={kind} />);
      const art = container.querySelector('svg');
      expect(art?.outerHTML.length).toBeLessThan(600);
      expect(container.firstElementChild).toHaveClass(`empty-panel--${kind}`);
      unmount();
    }
  });
});

describe('NotFound', () => {
  it("keeps the spec's words as the page's heading and offers the way home as the button", () => {
    renderAt('/nowhere', <NotFound />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'ERROR 404! Page not found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The link may be old or mistyped, or the page may have moved.'),
    ).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/');
    expect(home).toHaveClass('button', 'button--primary');
  });
});

describe('LoadError', () => {
  it('shows the cleaned error in the banner and Try again as the next step', () => {
    const onRetry = vi.fn();
    render(
      <LoadError error={{ status: 500, message: 'Internal error: boom' }} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was a problem completing your request. Please try again later.',
    );
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.click();
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('OfflineState', () => {
  it('says the page is offline with what to do, and offers the Dashboard (kept) elsewhere', () => {
    renderAt('/account/details', <OfflineState>Not kept.</OfflineState>);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent("You're offline");
    expect(status).toHaveTextContent('Not kept.');
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' })).toHaveAttribute('href', '/');
  });

  it('on the Dashboard itself, offers no link to it', () => {
    renderAt('/', <OfflineState>Not kept.</OfflineState>);
    expect(screen.getByRole('status')).toHaveTextContent('Not kept.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
