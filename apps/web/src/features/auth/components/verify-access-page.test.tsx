import { apiPaths } from '@outpost/contracts/api-paths';
import { recoveryMessages } from '@outpost/domain/contact-type';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredUser, readStoredToken, storageKeys } from '@/lib/session';
import { errorResponse, jsonResponse, profileBody, sessionPayload } from '@/test/fixtures';
import { shellResponse } from '@/test/dashboard-fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { verifyMessages } from '../utils/recovery';

const CSRF = 'csrf-0123456789abcdefghij';
const CODE_INVALID =
  'Invalid request: that code is not right, or it has expired. Check it, or request a new one.';

type Call = { path: string; body: unknown };

function stubVerify(commit: () => Response = () => jsonResponse({ data: sessionPayload() })) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    if (path === apiPaths.recoverVerifyPrepare) return jsonResponse({ data: { csrf: CSRF } });
    if (path === apiPaths.recoverVerifyCommit) return commit();
    if (path === apiPaths.profile) return jsonResponse(profileBody);
    return shellResponse(path) ?? jsonResponse({ data: [] });
  });
  return calls;
}

async function openVerify(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Verify Access' });
  return view;
}

const contactField = () => screen.getByLabelText('Email, mobile or username');
const codeField = () => screen.getByLabelText('Verification code');
const verifyButton = () => screen.getByRole('button', { name: 'Verify Access' });

describe('verify access', () => {
  it('fills the contact and the code from the link', async () => {
    await openVerify('/forgot-password/verify?code=123456&email=jordan.citizen%40example.com');

    expect(contactField()).toHaveValue('jordan.citizen@example.com');
    expect(codeField()).toHaveValue('123456');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it.each([
    ['both are missing', '/forgot-password/verify', verifyMessages.missingBoth],
    ['the code is missing', '/forgot-password/verify?username=holder', verifyMessages.missingCode],
    [
      'the contact is missing',
      '/forgot-password/verify?code=123456',
      verifyMessages.missingContact,
    ],
    [
      'the code is short',
      '/forgot-password/verify?code=1234&username=holder',
      verifyMessages.badCode,
    ],
    [
      'the mobile number is short',
      '/forgot-password/verify?code=123456&mobile=04915',
      recoveryMessages.mobile,
    ],
  ])('says what is wrong when %s, and sends nothing', async (_case, path, message) => {
    const calls = stubVerify();
    const { user } = await openVerify(path);

    await user.click(verifyButton());

    // The message stands under the field it is about, which is invalid and focused.
    const text = await screen.findByText(message);
    const field = document.getElementById(text.id.replace(/-error$/, '-input'))!;
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('prepares then commits with the inferred method and stores the session like a login', async () => {
    const payload = sessionPayload({ tokenSuffix: 'verified', accountHolder: true });
    const calls = stubVerify(() => jsonResponse({ data: payload }));
    const { user, router } = await openVerify(
      '/forgot-password/verify/sign-in?code=654321&mobile=0491570156',
    );

    await user.click(verifyButton());

    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(calls.slice(0, 2)).toEqual([
      {
        path: apiPaths.recoverVerifyPrepare,
        body: { method: 'sms', mobile: '0491570156', code: '654321' },
      },
      {
        path: apiPaths.recoverVerifyCommit,
        body: { method: 'sms', mobile: '0491570156', code: '654321', csrf: CSRF },
      },
    ]);
    expect(readStoredToken('USER')).toEqual(payload.tokens[0]);
    expect(readStoredToken('REFRESH')).toEqual(payload.tokens[1]);
    expect(getStoredUser()).toEqual(payload.user);
    expect(window.localStorage.getItem(storageKeys.account)).toBe('1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
  });

  it('variant 3 makes the service the default and opens its usage', async () => {
    stubVerify();
    const { user, router } = await openVerify(
      '/forgot-password/verify/usage/123?code=654321&email=jordan.citizen%40example.com',
    );

    await user.click(verifyButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data Usage' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/services/usage');
    expect(window.localStorage.getItem(storageKeys.defaultService)).toBe('123');
  });

  it('variant 1 stays and asks for a new password in a modal that cannot be dismissed', async () => {
    stubVerify();
    const { user, router } = await openVerify(
      '/forgot-password/verify?code=654321&username=holder',
    );

    await user.click(verifyButton());

    const dialog = await screen.findByRole('dialog', { name: 'Please update your password' });
    expect(currentPath(router)).toBe('/forgot-password/verify?code=654321&username=holder');
    expect(screen.getByLabelText('New password')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it("shows the server's error for a wrong or expired code", async () => {
    stubVerify(() => errorResponse(401, CODE_INVALID));
    const { user, router } = await openVerify(
      '/forgot-password/verify/sign-in?code=000000&username=holder',
    );

    await user.click(verifyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: that code is not right, or it has expired. Check it, or request a new one.',
    );
    expect(currentPath(router)).toBe('/forgot-password/verify/sign-in?code=000000&username=holder');
    expect(readStoredToken('USER')).toBeNull();
    expect(verifyButton()).toBeEnabled();
  });

  it('shows the caught error when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = await openVerify('/forgot-password/verify?code=123456&username=holder');

    await user.click(verifyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
  });

  it('keeps only digits in the code field', async () => {
    const { user } = await openVerify('/forgot-password/verify');

    await user.type(codeField(), '12 34-56');

    expect(codeField()).toHaveValue('123456');
  });

  it('asks for the two-factor code when the account has two-factor on, then signs in with both', async () => {
    let commits = 0;
    const calls = stubVerify(() =>
      ++commits === 1
        ? errorResponse(
            401,
            'Extended validation required: we have sent a 6-digit code by SMS to your mobile ending in 110. Enter it to log in. It expires in 10 minutes.',
          )
        : jsonResponse({ data: sessionPayload() }),
    );
    const { user, router } = await openVerify(
      '/forgot-password/verify/sign-in?code=123456&email=mai.nguyen%40example.com',
    );
    await user.click(verifyButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'we have sent a 6-digit code by SMS to your mobile ending in 110',
    );
    expect(readStoredToken('USER')).toBeNull();
    const second = screen.getByLabelText('Two-factor code');
    await user.click(verifyButton());
    expect(await screen.findByText('Enter the 6-digit two-factor code.')).toBeInTheDocument();
    await user.type(second, '654321');
    await user.click(verifyButton());
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    const commitsSent = calls.filter((c) => c.path === apiPaths.recoverVerifyCommit);
    expect(commitsSent.map((c) => (c.body as { verification?: string }).verification)).toEqual([
      undefined,
      '654321',
    ]);
  });
});
