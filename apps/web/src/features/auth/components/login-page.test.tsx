import { apiPaths } from '@outpost/contracts/api-paths';
import { messages, serverErrors } from '@outpost/contracts/messages';
import { loginMessages } from '@outpost/domain/login-rules';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredPermissions, getStoredUser, readStoredToken, storageKeys } from '@/lib/session';
import { errorResponse, jsonResponse, sessionPayload } from '@/test/fixtures';
import { dashboard, shellResponse } from '@/test/dashboard-fixtures';
import { currentPath, renderApp } from '@/test/render-app';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(respond: (path: string, init: RequestInit) => Response) {
  // The dashboard a login lands on answers as the server would.
  const fetchMock = vi.fn(
    async (input: string, init: RequestInit) => shellResponse(input) ?? respond(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  username: string,
  password: string,
) {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login page', () => {
  it('asks for both fields when they are empty, without calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, '', '');

    expect(await screen.findByRole('alert')).toHaveTextContent(loginMessages.missingCredentials);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your username and password.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an email address is not a username', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'jordan@example.com', 'secret');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "It appears you entered an email address rather than your Username. If you are unsure of your Username, please click the 'Can't login?' link.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the bad-credentials message when the server refuses the password', async () => {
    stubFetch(() => errorResponse(401, serverErrors.badCredentials));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We could not verify the supplied Username and/or Password. If unsure of your Username or Password, please click the 'Can't login?' link",
    );
    expect(messages.login.badCredentials).toContain("'Can't login?' link");
  });

  it('reveals the verification code field when two-factor is required, and sends the code', async () => {
    const fetchMock = stubFetch((path, init) => {
      if (path !== apiPaths.login) return jsonResponse({ data: {} });
      const body = JSON.parse(String(init.body)) as { verification?: string };
      return body.verification === '123456'
        ? jsonResponse({ data: sessionPayload() })
        : errorResponse(401, serverErrors.extendedValidation);
    });
    const { user, router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();

    await fillAndSubmit(user, 'twofactor', 'Outpost-demo-1');

    // Asked for a code: information, not an error (the words stay verbatim).
    const prompt = await screen.findByRole('status');
    expect(prompt).toHaveTextContent(
      `Two-factor authentication is required. ${serverErrors.extendedValidation}`,
    );
    expect(prompt).toHaveClass('form-alert--info');
    expect(screen.queryByRole('alert')).toBeNull();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(currentPath(router)).toBe('/'));
    const logins = fetchMock.mock.calls.filter(([path]) => path === apiPaths.login) as FetchArgs[];
    expect(logins).toHaveLength(2);
    const [, init] = logins[1] as FetchArgs;
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'twofactor',
      password: 'Outpost-demo-1',
      verification: '123456',
    });
  });

  it('names the authenticator app in the code hint when the code comes from the app, and says a code was sent otherwise', async () => {
    // What the server answers for an authenticator-app account (apps/server auth.errors.ts).
    const appRequired =
      'Extended validation required: enter the 6-digit code from your authenticator app.';
    const appWrong =
      'Extended validation failed: that code is not right. Enter the current code from your authenticator app.';
    const appLocked =
      'Extended validation failed: too many wrong codes. Wait 15 minutes, then log in again.';
    const answers = [appRequired, appWrong, appLocked];
    stubFetch(() => errorResponse(401, answers.shift() ?? appLocked));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });
    await fillAndSubmit(user, 'authapp', 'Outpost-demo-1');

    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    expect(screen.queryByText('Enter the 6-digit code we sent you.')).not.toBeInTheDocument();
    for (const answer of [appWrong, appLocked]) {
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          `Two-factor authentication is required. ${answer}`,
        ),
      );
      await user.clear(code);
      // Still the app: a lockout does not name it, and nothing was sent.
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    }
  });

  it("says the code was sent when the server sent one ('Enter the 6-digit code we sent you.')", async () => {
    stubFetch(() =>
      errorResponse(
        401,
        'Extended validation required: we have sent a 6-digit code by SMS to your mobile ending in 110. Enter it to log in. It expires in 10 minutes.',
      ),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });
    await fillAndSubmit(user, 'twofactor', 'Outpost-demo-1');
    await screen.findByLabelText('Verification code');
    expect(screen.getByText('Enter the 6-digit code we sent you.')).toBeVisible();
    expect(screen.queryByText(/authenticator app\.$/)).not.toBeInTheDocument();
  });

  it('shows a refused code as an error and puts the cursor back in the code field', async () => {
    // What the server answers for a wrong SMS or email code (apps/server two-factor.ts).
    const wrongCode =
      'Extended validation failed: that code is not right or has expired. Check it, or log in again to get a new code.';
    const fetchMock = stubFetch((_path, init) => {
      const body = JSON.parse(String(init.body)) as { verification?: string };
      return body.verification === undefined
        ? errorResponse(401, serverErrors.extendedValidation)
        : errorResponse(401, wrongCode);
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });
    await fillAndSubmit(user, 'twofactor', 'Outpost-demo-1');
    const code = await screen.findByLabelText('Verification code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `Two-factor authentication is required. ${wrongCode}`,
      ),
    );
    await waitFor(() => expect(code).toHaveFocus());
    const [, init] = fetchMock.mock.calls[1] as FetchArgs;
    expect(JSON.parse(String(init.body))).toMatchObject({ verification: '000000' });
  });

  it('shows the rate-limit sentence as the server wrote it', async () => {
    stubFetch(() => errorResponse(429, serverErrors.loginRateLimited));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(serverErrors.loginRateLimited);
  });

  it('says the request could not be processed when the answer has no tokens', async () => {
    stubFetch(() => jsonResponse({ data: { tokens: [] } }));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem processing your request. Please try again later.',
    );
  });

  it('says the page could not load on any other failure', async () => {
    stubFetch(() => errorResponse(500, serverErrors.internal));
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading the page. Please try again later.',
    );
  });

  it('stores tokens, user and permissions, then goes to the redirect path', async () => {
    const payload = sessionPayload({
      permissions: ['view-services', 'view-account'],
      accountHolder: true,
    });
    const fetchMock = stubFetch((path) =>
      path === apiPaths.login ? jsonResponse({ data: payload }) : jsonResponse({ data: [] }),
    );
    const { user, router } = renderApp('/login?redirect=%2Fservices%3Ftab%3Dall');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Services' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/services?tab=all');
    expect(readStoredToken('USER')).toEqual(payload.tokens[0]);
    expect(readStoredToken('REFRESH')).toEqual(payload.tokens[1]);
    expect(getStoredUser()).toEqual(payload.user);
    expect(getStoredPermissions()).toEqual({ 'view-services': true, 'view-account': true });
    expect(window.localStorage.getItem(storageKeys.account)).toBe('1');
    // One round trip for the session: no follow-up calls for the profile or permissions, only
    // the services list the page itself shows.
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([apiPaths.login, apiPaths.services]);
    const [path, init] = fetchMock.mock.calls[0] as FetchArgs;
    expect(path).toBe('/api/portal/users/login/');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'manual',
    });
  });

  it('ignores an unsafe redirect and goes home', async () => {
    stubFetch((path) =>
      path === apiPaths.login
        ? jsonResponse({ data: sessionPayload() })
        : jsonResponse({ data: {} }),
    );
    const { user, router } = renderApp('/login?redirect=%2F%2Fevil.example');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
  });

  it('disables the button and says it is logging in while the request is out', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    const button = screen.getByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    answer(errorResponse(401, serverErrors.badCredentials));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('stays busy while the dashboard it leads to waits for its data, then shows it whole', async () => {
    let answerDashboard: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', async (path: string) => {
      if (path === apiPaths.login) return jsonResponse({ data: sessionPayload() });
      if (path === apiPaths.dashboard)
        return new Promise<Response>((resolve) => {
          answerDashboard = resolve;
        });
      return shellResponse(path) ?? jsonResponse({ data: {} });
    });
    const { user, router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log In' });

    await fillAndSubmit(user, 'holder', 'Outpost-demo-1');

    // Logged in; the dashboard's data is out: the login page stays, its button busy.
    await waitFor(() => expect(getStoredUser()).not.toBeNull());
    const button = screen.getByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(currentPath(router)).toBe('/login');
    answerDashboard(jsonResponse({ data: dashboard() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Account Summary' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  it('shows the session-expired message from ?reason=', async () => {
    renderApp('/login?reason=session-expired');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Session expired. Please log in with username and password.',
    );
  });

  it('shows the generic session message for an unknown reason', async () => {
    renderApp('/login?reason=something-else');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred. Please log in with username and password.',
    );
  });

  it('toggles the password between hidden and shown', async () => {
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));

    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('links to access recovery and to sign-up, and lists the benefits on web', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: "Can't login?" })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    // Spec 1 section 2: both are links to the provider's external site.
    expect(screen.getByRole('link', { name: /Not a customer yet\?/ })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    expect(screen.getByRole('link', { name: /Get connected now/ })).toHaveAttribute(
      'href',
      'https://example.com/get-connected',
    );
    for (const benefit of [
      'Manage Your Account',
      'Check Usage',
      'Change Plans',
      'Purchase Data Blocks',
    ]) {
      expect(screen.getByText(benefit)).toBeInTheDocument();
    }
  });
});
