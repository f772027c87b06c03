import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

const pages: Record<string, { title: string; body: string }> = {
  'privacy-policy': {
    title: 'Privacy Policy',
    body: '<h2>How we use it</h2><p>To bill you.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
  },
  'financial-hardship-policy': {
    title: 'Financial Hardship Policy',
    body: '<p>Tell us early.</p>',
  },
  'outpost-customer-terms': { title: 'Customer Terms', body: '<p>Plans run 30 days.</p>' },
  'help-centre': { title: 'Help Centre', body: '<h2>Getting started</h2>' },
  'terms-of-use': { title: 'Terms of Use', body: '<h2>Your login</h2>' },
  'landline-transfer-terms': {
    title: 'Phone Conditions of Service',
    body: Array.from({ length: 10 }, (_, i) => `<h2>${i + 1}. Section</h2><p>Text</p>`).join(''),
  },
};

function setup(path: string, { loggedIn = true, fail = false } = {}) {
  if (loggedIn) signIn();
  const routes = Object.fromEntries(
    Object.entries(pages).map(([slug, page]) => [
      `GET ${buildPath(apiPaths.page, { slug })}`,
      () =>
        fail
          ? errorResponse(500, 'Internal error: please try again later.')
          : jsonResponse({ data: page }),
    ]),
  );
  const api = stubApi({ ...routes, [`GET ${apiPaths.alerts}`]: () => jsonResponse({ data: [] }) });
  const fetchMock = vi.fn(api.fetchMock);
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderApp(path), fetchMock };
}

describe('legal pages', () => {
  it('shows the page title and its sanitised text under Legal Resources, linking the three', async () => {
    setup('/support/privacy-policy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How we use it' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.querySelector('script')).toBeNull();
    expect(main.querySelector('img')).not.toHaveAttribute('onerror');

    const nav = screen.getByRole('navigation', { name: 'Legal Resources' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Customer Terms', '/support/outpost-customer-terms'],
      ['Privacy Policy', '/support/privacy-policy'],
      ['Financial Hardship Policy', '/support/financial-hardship-policy'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('moves between the legal pages', async () => {
    const { user } = setup('/support/financial-hardship-policy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Financial Hardship Policy' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Customer Terms' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer Terms' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Plans run 30 days.')).toBeInTheDocument();
  });

  it('says the page could not load', async () => {
    setup('/support/privacy-policy', { fail: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.banner.loadData);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('footer and basic pages', () => {
  it.each([
    ['/help-center', 'help-centre', 'Help Centre'],
    ['/terms-of-use', 'terms-of-use', 'Terms of Use'],
    ['/privacy-policy', 'privacy-policy', 'Privacy Policy'],
    ['/financial-hardship', 'financial-hardship-policy', 'Financial Hardship Policy'],
  ])(
    '%s shows %s logged out, through the public call without a token',
    async (path, slug, title) => {
      const { fetchMock } = setup(path, { loggedIn: false });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe(buildPath(apiPaths.page, { slug }));
      expect(init.headers).not.toHaveProperty('X-User-Token');
    },
  );

  it('uses the public call, not the user guide, when logged in too', async () => {
    const { fetchMock } = setup('/terms-of-use');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Use' }),
    ).toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([url]) => url);
    expect(paths).toContain(buildPath(apiPaths.page, { slug: 'terms-of-use' }));
    expect(paths.some((p) => p.includes('/support/guides/'))).toBe(false);
  });

  it('shows the Phone Conditions of Service with its 10 sections in the basic layout', async () => {
    setup('/basic/landline-trasnfer-terms', { loggedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Phone Conditions of Service' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
