import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from './error-banner';

describe('ErrorBanner', () => {
  it('shows the cleaned message and can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(
      <ErrorBanner
        error={new Error('Invalid request: that service is not on your account.')}
        onDismiss={onDismiss}
      />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Error: that service is not on your account.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('comes back for a new error after one was dismissed', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ErrorBanner error="First problem" />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    rerender(<ErrorBanner error="Second problem" />);

    expect(screen.getByRole('alert')).toHaveTextContent('Second problem');
  });

  it('shows nothing without an error', () => {
    render(<ErrorBanner error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
