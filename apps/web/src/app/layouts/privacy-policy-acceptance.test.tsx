import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/session';
import { errorResponse, jsonResponse, profileBody, signIn } from '@/test/fixtures';
import { shellResponse } from '@/test/dashboard-fixtures';
import { renderApp } from '@/test/render-app';

const guidePath = buildPath(apiPaths.guide, { slug: 'privacy-policy' });

function stubServer(guide: () => Response) {
  const fetchMock = vi.fn(async (path: string) => {
    if (path === guidePath) return guide();
    if (path === apiPaths.profile) return jsonResponse(profileBody);
    return shellResponse(path) ?? jsonResponse({ data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const policy = () =>
  jsonResponse({
    data: {
      title: 'Privacy Policy',
      body: '<h2>What we collect</h2><p>Your name and address.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    },
  });

describe('privacy policy acceptance', () => {
  it('asks a native user to accept the policy, with Continue disabled until the toggle is on', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    signIn();
    stubServer(policy);
    const { user } = renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(await screen.findByText('Your name and address.')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('[onerror]')).toBeNull();
    const toggle = screen.getByRole('switch', {
      name: 'I have read and accept the Privacy Policy',
    });
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.click(toggle);
    expect(continueButton).toBeEnabled();
    await user.click(toggle);
    expect(continueButton).toBeDisabled();

    await user.click(toggle);
    await user.click(continueButton);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.privacyAccepted)).toBe('1');
    expect(screen.getByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
  });

  it('cannot be dismissed with Escape', async () => {
    window.localStorage.setItem(storageKeys.platform, 'android');
    signIn();
    stubServer(policy);
    const { user } = renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });

    await user.keyboard('{Escape}');

    expect(dialog).toBeInTheDocument();
  });

  it('is not shown again once accepted', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    window.localStorage.setItem(storageKeys.privacyAccepted, '1');
    signIn();
    const fetchMock = stubServer(policy);
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([path]) => path === guidePath)).toBe(false);
  });

  it('is never shown on the web', async () => {
    signIn();
    const fetchMock = stubServer(policy);
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' });
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(apiPaths.dashboard, expect.anything()),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([path]) => path === guidePath)).toBe(false);
  });

  it('says the policy could not load when the server fails', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    signIn();
    stubServer(() => errorResponse(500, 'Internal error: please try again later.'));
    renderApp('/');

    await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
