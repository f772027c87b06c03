import { apiPaths } from '@outpost/contracts/api-paths';
import { FORCED_PASSWORD_REDIRECT_MS } from '@outpost/domain/constants';
import { passwordMessages } from '@outpost/domain/password-rules';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoggedIn } from '@/lib/session';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { PasswordUpdateModal } from './password-update-modal';

const START = '/forgot-password/verify';

function renderModal() {
  signIn();
  const router = createMemoryRouter(
    [
      { path: START, element: <PasswordUpdateModal /> },
      { path: '/', element: <h1>Dashboard</h1> },
      { path: '/login', element: <h1>Log In</h1> },
    ],
    { initialEntries: [START] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user };
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, password: string, confirmation: string) {
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

function stubPatch(respond: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Please update your password', () => {
  it.each([
    ['no password', '', '', passwordMessages.required, 'Password is required'],
    [
      'a short password',
      'Ab1',
      'Ab1',
      passwordMessages.tooShort,
      'Password must be at least 8 characters long',
    ],
    [
      'no upper case',
      'lowercase1',
      'lowercase1',
      passwordMessages.weak,
      'Password is not strong enough',
    ],
    [
      'no number',
      'NoNumberHere',
      'NoNumberHere',
      passwordMessages.weak,
      'Password is not strong enough',
    ],
    ['a space', 'Has Space1', 'Has Space1', passwordMessages.weak, 'Password is not strong enough'],
  ])('refuses %s', async (_case, password, confirmation, message, verbatim) => {
    const fetchMock = stubPatch(() => jsonResponse({ data: { updated: true } }));
    const { user } = renderModal();

    await fill(user, password, confirmation);

    expect(message).toBe(verbatim);
    expect(screen.getByText(verbatim)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the confirmation, then for a matching one', async () => {
    const fetchMock = stubPatch(() => jsonResponse({ data: { updated: true } }));
    const { user } = renderModal();

    await fill(user, 'New-Passw0rd-2026', '');
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();

    await user.type(screen.getByLabelText('Confirm password'), 'New-Passw0rd-2025');
    expect(screen.getByText("Password confirmation doesn't match")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ticks the hints as the password is typed and says spaces are not allowed', async () => {
    stubPatch(() => jsonResponse({ data: { updated: true } }));
    const { user } = renderModal();
    const hint = (name: string) => screen.getByText(name).closest('li');
    const password = screen.getByLabelText('New password');
    expect(screen.getByText('Your password must not contain spaces.')).toBeInTheDocument();
    for (const name of ['8 or more characters', 'upper and lower case', 'a number'])
      expect(hint(name)).toHaveTextContent('(not yet)');

    await user.type(password, 'abcdefgh');
    expect(hint('8 or more characters')).toHaveTextContent('(done)');
    expect(hint('upper and lower case')).toHaveTextContent('(not yet)');

    await user.type(password, 'X1');
    expect(hint('upper and lower case')).toHaveTextContent('(done)');
    expect(hint('a number')).toHaveTextContent('(done)');
    expect(hint('no spaces')).toHaveTextContent('(done)');
    expect(screen.getByText('The password meets every requirement.')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  });

  it('un-ticks the no-spaces hint for a space, so the hints never promise what the form refuses', async () => {
    stubPatch(() => jsonResponse({ data: { updated: true } }));
    const { user } = renderModal();
    const hint = (name: string) => screen.getByText(name).closest('li');

    await fill(user, 'Has Space1', 'Has Space1');

    expect(screen.getByText('Password is not strong enough')).toBeInTheDocument();
    expect(hint('no spaces')).toHaveTextContent('(not yet)');
    expect(screen.queryByText('The password meets every requirement.')).not.toBeInTheDocument();
  });

  it('shows and hides each password with its eye button', async () => {
    stubPatch(() => jsonResponse({ data: { updated: true } }));
    const { user } = renderModal();

    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password confirmation' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'text');
  });

  it('saves, says so, and goes to the dashboard after 3 seconds', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubPatch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { user, router } = renderModal();

    await fill(user, 'New-Passw0rd-2026', 'New-Passw0rd-2026');

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(apiPaths.profile);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'New-Passw0rd-2026' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      answer(jsonResponse({ data: { updated: true } }));
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(screen.getByRole('status')).toHaveTextContent('Your password has been updated.');
    await act(() => vi.advanceTimersByTimeAsync(FORCED_PASSWORD_REDIRECT_MS - 10));
    expect(router.state.location.pathname).toBe(START);

    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(router.state.location.pathname).toBe('/');
    expect(FORCED_PASSWORD_REDIRECT_MS).toBe(3000);
  });

  it('returns to the form with the failure message when the update fails', async () => {
    stubPatch(() => errorResponse(400, 'Invalid request: the password is too weak.'));
    const { user } = renderModal();

    await fill(user, 'New-Passw0rd-2026', 'New-Passw0rd-2026');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an issue updating your login details. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByLabelText('New password')).toHaveValue('New-Passw0rd-2026');
  });

  it('says plainly when the new password is the one the account already has', async () => {
    stubPatch(() =>
      errorResponse(
        400,
        'Invalid request: Your new password must be different from your current password.',
      ),
    );
    const { user } = renderModal();

    await fill(user, 'Outpost-demo-1', 'Outpost-demo-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your new password must be different from your current password',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('cannot be dismissed, but Log Out leaves', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ data: { logged_out: true } }));
    const { user, router } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Please update your password' });

    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(isLoggedIn()).toBe(false);
  });
});
