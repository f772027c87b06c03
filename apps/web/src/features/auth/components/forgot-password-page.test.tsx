import { apiPaths } from '@outpost/contracts/api-paths';
import { recoveryMessages } from '@outpost/domain/contact-type';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const DELIVERY =
  'If those details match an account, we have sent a 6-digit code and a link to the email address or mobile on it. The code works once and expires in 10 minutes.';
const LOOKUP_FAILED = 'Could not look up user based on EMAIL/MOBILE/USERNAME provided.';
const CSRF = 'csrf-0123456789abcdefghij';

type Call = { path: string; body: unknown };

function stubRecovery(
  commit: () => Response = () => jsonResponse({ data: { delivery: DELIVERY } }),
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, body: JSON.parse(String(init.body)) as unknown });
    if (path === apiPaths.recoverRequestPrepare) return jsonResponse({ data: { csrf: CSRF } });
    if (path === apiPaths.recoverRequestCommit) return commit();
    return errorResponse(404, 'Invalid request: not found.');
  });
  return calls;
}

async function request(contact: string) {
  const view = renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
  if (contact) await view.user.type(screen.getByLabelText('Email, mobile or username'), contact);
  await view.user.click(screen.getByRole('button', { name: 'Request Access' }));
  return view;
}

describe('forgot password', () => {
  it.each([
    ['an email address that is not valid', 'jordan@example', recoveryMessages.email],
    ['a mobile number that is not 10 digits', '049157015', recoveryMessages.mobile],
    ['nothing', '', recoveryMessages.username],
  ])('says so for %s and sends nothing', async (_case, contact, message) => {
    const calls = stubRecovery();

    await request(contact);

    // The message stands under the field, which is invalid, focused and described by it.
    const field = screen.getByLabelText('Email, mobile or username');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveFocus();
    expect(calls).toEqual([]);
  });

  it('uses the spec messages word for word', () => {
    expect(recoveryMessages).toEqual({
      email: "The email address you entered doesn't appear to be valid, please enter again.",
      username: "The username you entered doesn't appear to be valid, please enter again.",
      mobile: "The mobile number you entered doesn't appear to be valid, please enter again.",
    });
  });

  it('prepares then commits by username and shows the delivery message in place of the form', async () => {
    const calls = stubRecovery();

    await request('holder');

    expect(await screen.findByRole('status')).toHaveTextContent(DELIVERY);
    expect(screen.queryByLabelText('Email, mobile or username')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Enter it here' })).toHaveAttribute(
      'href',
      '/forgot-password/verify?username=holder',
    );
    expect(calls).toEqual([
      { path: apiPaths.recoverRequestPrepare, body: { method: 'username', username: 'holder' } },
      {
        path: apiPaths.recoverRequestCommit,
        body: { method: 'username', username: 'holder', csrf: CSRF },
      },
    ]);
  });

  it.each([
    [
      'an email address',
      'jordan.citizen@example.com',
      { method: 'email', email: 'jordan.citizen@example.com' },
    ],
    ['a mobile number', '0491570156', { method: 'sms', mobile: '0491570156' }],
  ])('sends %s with its method', async (_case, contact, body) => {
    const calls = stubRecovery();

    await request(contact);

    await screen.findByRole('status');
    expect(calls[0]?.body).toEqual(body);
  });

  it('says it is sending, with the button disabled, while the request is out', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', async (path: string) =>
      path === apiPaths.recoverRequestPrepare
        ? jsonResponse({ data: { csrf: CSRF } })
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );

    await request('holder');

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(jsonResponse({ data: { delivery: DELIVERY } }));
    expect(await screen.findByRole('status')).toHaveTextContent(DELIVERY);
  });

  it("shows the server's error when the commit fails", async () => {
    stubRecovery(() => errorResponse(400, LOOKUP_FAILED));

    await request('nobody');

    expect(await screen.findByRole('alert')).toHaveTextContent(LOOKUP_FAILED);
    expect(screen.getByRole('button', { name: 'Request Access' })).toBeEnabled();
  });

  it("shows the server's sentence when it rate-limits the prepare", async () => {
    const limited = 'Too many requests for these details. Please wait 15 minutes and try again.';
    vi.stubGlobal('fetch', async () => errorResponse(429, limited));

    await request('holder');

    expect(await screen.findByRole('alert')).toHaveTextContent(limited);
  });

  it('shows the caught error when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });

    await request('holder');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
  });

  it('links back to the login page', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to Login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
