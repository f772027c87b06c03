import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { PermissionName } from '@outpost/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { invoiceAlert, shellResponse } from '@/test/dashboard-fixtures';
import { errorResponse, jsonResponse, profileBody, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubApi } from '@/test/services-fixtures';

const news = invoiceAlert({
  alert_id: 2,
  type: 'miscellaneous',
  message: '<p>New plans are here.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
  sent: new Date(Date.now() - 5 * 60_000).toISOString(),
  invoice: null,
});

function setup(
  alerts: () => Response = () => jsonResponse({ data: [invoiceAlert(), news] }),
  mark: () => Response = () => jsonResponse({ data: { alert_id: 1, read: 1 } }),
  permissions?: PermissionName[],
) {
  signIn(permissions ? { permissions } : {});
  const api = stubApi({
    [`GET ${apiPaths.alerts}`]: alerts,
    [`PATCH ${buildPath(apiPaths.alert, { alert_id: 1 })}`]: mark,
    [`PATCH ${buildPath(apiPaths.alert, { alert_id: 2 })}`]: mark,
    [`GET ${apiPaths.profile}`]: () => jsonResponse(profileBody),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const own = await api.fetchMock(path, init);
      return own.status === 404 ? (shellResponse(path) ?? own) : own;
    }),
  );
  return { ...renderApp('/'), calls: api.calls };
}

const bell = () => screen.getByRole('button', { name: /^Alerts, \d+ unread$/ });

describe('alerts dropdown', () => {
  it('counts the alerts on the bell and lists each with its label, message and time', async () => {
    const { user } = setup();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alerts, 2 unread'));
    await user.click(bell());
    const panel = screen.getByRole('heading', { name: 'Alerts' }).parentElement!;
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Account Update');
    expect(items[0]).toHaveTextContent(
      'Your invoice #100001-013 for $134.94 is ready. It is due on 24/11/26.',
    );
    expect(items[0]).toHaveTextContent('2 hours ago');
    expect(items[1]).toHaveTextContent('New plans are here.');
    expect(items[1]).toHaveTextContent('5 minutes ago');
    // Sanitised: no script, no event handler.
    expect(panel.querySelector('script')).toBeNull();
    expect(panel.querySelector('img')).not.toHaveAttribute('onerror');
    // The control says what it does in words (issue 41), and keeps the spec's title.
    const markRead = within(items[0]!).getByRole('button', { name: 'Mark as read' });
    expect(markRead).toHaveTextContent(/^Mark as read$/);
    expect(markRead).toHaveAttribute('title', 'Mark as read');
  });

  it("makes the message's #number a button that downloads that invoice, one download at a time", async () => {
    const { user } = setup();
    const detail = buildPath(apiPaths.invoiceDetail, { invoice: 50013 });
    const stubbed = vi.mocked(fetch);
    const answer = stubbed.getMockImplementation()!;
    const downloads: string[] = [];
    stubbed.mockImplementation(async (path, init) => {
      if (path !== detail) return answer(path, init);
      downloads.push(String(path));
      return new Promise<Response>(() => {}); // still downloading
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alerts, 2 unread'));
    await user.click(bell());
    const panel = screen.getByRole('heading', { name: 'Alerts' }).parentElement!;
    const [invoiceItem] = await within(panel).findAllByRole('listitem');
    const reference = within(invoiceItem!).getByRole('button', {
      name: 'Download invoice #100001-013',
    });
    // In the message itself, where it names the invoice; no separate button.
    expect(reference).toHaveTextContent(/^#100001-013$/);
    expect(reference.closest('.alert-item__message')).toHaveTextContent(
      'Your invoice #100001-013 for $134.94 is ready.',
    );
    expect(within(invoiceItem!).getAllByRole('button', { name: /Download invoice/ })).toHaveLength(
      1,
    );
    await user.click(reference);
    await user.click(reference);
    await waitFor(() => expect(downloads).toEqual([detail]));
  });

  it('removes an alert at once when marked read and tells the server', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, calls } = setup(
      undefined,
      () => new Promise<Response>((r) => (answer = r)) as unknown as Response,
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alerts, 2 unread'));
    await user.click(bell());
    const [first] = await screen.findAllByRole('button', { name: 'Mark as read' });
    await user.click(first!);

    // Gone before the server has answered.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1),
    );
    expect(bell()).toHaveAccessibleName('Alerts, 1 unread');
    expect(screen.queryByText(/Your invoice #100001-013/)).toBeNull();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toEqual({
      path: buildPath(apiPaths.alert, { alert_id: 1 }),
      method: 'PATCH',
      body: { read: 1 },
    });
    // Focus moves to the next alert's X.
    expect(screen.getByRole('button', { name: 'Mark as read' })).toHaveFocus();
    answer(jsonResponse({ data: { alert_id: 1, read: 1 } }));
  });

  it('fails silently when marking read fails, and says caught up after the last one', async () => {
    const { user } = setup(
      () => jsonResponse({ data: [invoiceAlert()] }),
      () => errorResponse(500, 'Internal error: please try again later.'),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alerts, 1 unread'));
    expect(within(bell()).getByText('1')).toBeInTheDocument();
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText("You've caught up")).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toHaveFocus();
    expect(within(bell()).queryByText('0')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bell()).toHaveAccessibleName('Alerts, 0 unread');
  });

  it('fails silently when the alerts cannot load', async () => {
    const { user, calls } = setup(() =>
      errorResponse(500, 'Internal error: please try again later.'),
    );
    await waitFor(() => expect(calls.some((c) => c.path === apiPaths.alerts)).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Alerts, 0 unread' }));
    expect(await screen.findByText("You've caught up")).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    const { user } = setup();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Alerts, 2 unread'));
    await user.click(bell());
    const [first] = await screen.findAllByRole('button', { name: 'Mark as read' });
    first!.focus();
    await user.keyboard('{Escape}');
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    expect(bell()).toHaveFocus();
  });

  it('is not shown, nor loaded, without view-alerts', async () => {
    const { calls } = setup(undefined, undefined, ['view-services']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Jordan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Alerts/ })).toBeNull();
    expect(calls.some((c) => c.path === apiPaths.alerts)).toBe(false);
  });
});
