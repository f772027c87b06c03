import { describe, expect, it, vi } from 'vitest';
import {
  clickTarget,
  handleNotificationClick,
  handlePush,
  pushPayload,
  type WorkerScope,
} from './sw-push';

function scope(
  tabs: {
    url: string;
    focus: () => Promise<unknown>;
    navigate: (u: string) => Promise<unknown>;
  }[] = [],
) {
  return {
    location: { origin: 'https://portal.example' },
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => tabs), openWindow: vi.fn(async () => null) },
    addEventListener: vi.fn(),
  } satisfies WorkerScope;
}

async function settle(event: { waitUntil: (p: Promise<unknown>) => void }, run: () => void) {
  let pending: Promise<unknown> = Promise.resolve();
  event.waitUntil = (p) => {
    pending = p;
  };
  run();
  await pending;
}

describe('the service worker push handlers', () => {
  it('show the server payload as a notification carrying navigation_url', async () => {
    const worker = scope();
    const event = {
      waitUntil: () => {},
      data: {
        json: () => ({
          title: 'Usage alert',
          body: 'You have used 85% of your data.',
          data: { navigation_url: '/services/usage', kind: 'usage' },
        }),
      },
    };
    await settle(event, () => handlePush(worker, event));
    expect(worker.registration.showNotification).toHaveBeenCalledWith('Usage alert', {
      body: 'You have used 85% of your data.',
      data: { navigation_url: '/services/usage', kind: 'usage' },
    });
    expect(pushPayload(null)).toEqual({ title: 'Account Update', body: '', data: {} });
  });

  it('a click takes an open tab to the page, or opens one', async () => {
    const tab = {
      url: 'https://portal.example/',
      focus: vi.fn(async () => {}),
      navigate: vi.fn(async () => {}),
    };
    const withTab = scope([tab]);
    const click = {
      waitUntil: () => {},
      notification: { data: { navigation_url: '/billing/invoices' }, close: vi.fn() },
    };
    await settle(click, () => handleNotificationClick(withTab, click));
    expect(click.notification.close).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith('https://portal.example/billing/invoices');

    const none = scope();
    await settle(click, () => handleNotificationClick(none, click));
    expect(none.clients.openWindow).toHaveBeenCalledWith('https://portal.example/billing/invoices');
  });

  it('never opens another site', () => {
    expect(clickTarget({ navigation_url: 'https://evil.example/' }, 'https://portal.example')).toBe(
      'https://portal.example/',
    );
    expect(clickTarget({ navigation_url: '//evil.example/' }, 'https://portal.example')).toBe(
      'https://portal.example/',
    );
  });
});
