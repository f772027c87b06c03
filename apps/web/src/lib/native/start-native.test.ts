import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../session';
import { FAKE_CONFIG_KEY } from './fakes/control';
import { deepLinkPath, externalLinkTarget, startNative } from './start-native';

describe('a deep link', () => {
  it('opens the path a custom-scheme link names', () => {
    expect(deepLinkPath('net.outpost.portal://services/usage?service=12')).toBe(
      '/services/usage?service=12',
    );
  });

  it('opens the path of an app link', () => {
    expect(deepLinkPath('https://portal.example.com/billing/invoices/')).toBe('/billing/invoices');
  });

  it('names nothing when it is not a URL', () => {
    expect(deepLinkPath('not a url')).toBeNull();
  });
});

describe('a click on a link', () => {
  function clickOn(href: string, init: MouseEventInit = {}) {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = 'link';
    document.body.append(link);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
    Object.defineProperty(event, 'target', { value: link });
    link.remove();
    return event;
  }

  it('to another site goes to the in-app browser', () => {
    expect(externalLinkTarget(clickOn('https://wa.me/61491570156'), 'http://localhost')).toBe(
      'https://wa.me/61491570156',
    );
  });

  it('inside the app, to a phone number or with a modifier key stays with the web view', () => {
    expect(externalLinkTarget(clickOn('http://localhost/services'), 'http://localhost')).toBeNull();
    expect(externalLinkTarget(clickOn('tel:1300975707'), 'http://localhost')).toBeNull();
    expect(
      externalLinkTarget(clickOn('https://example.com', { ctrlKey: true }), 'http://localhost'),
    ).toBeNull();
  });
});

describe('the native shell', () => {
  afterEach(() => {
    document.documentElement.style.removeProperty('--statusbar-height');
  });

  async function start(platform: 'ios' | 'android', path = '/services') {
    window.localStorage.setItem(storageKeys.platform, platform);
    window.localStorage.setItem(FAKE_CONFIG_KEY, JSON.stringify({ statusBarHeight: 47 }));
    const navigate = vi.fn();
    const stop = await startNative({ platform, navigate, pathname: () => path });
    const hook = window.__outpostNative;
    if (!hook) throw new Error('the fakes did not load');
    return { navigate, stop, hook };
  }

  it('counts the launch once and every resume as a session', async () => {
    const { hook, stop } = await start('ios');
    const launched = Number(window.localStorage.getItem(storageKeys.sessionCount));
    expect(launched).toBe(1);
    expect(window.localStorage.getItem(storageKeys.appLaunched)).toBe('1');
    hook.resume();
    hook.resume();
    expect(window.localStorage.getItem(storageKeys.sessionCount)).toBe('3');
    stop();
    hook.resume();
    expect(window.localStorage.getItem(storageKeys.sessionCount)).toBe('3');
  });

  it('offsets the iOS header by the status bar and stores its height', async () => {
    const { stop } = await start('ios');
    await vi.waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--statusbar-height')).toBe('47px'),
    );
    expect(window.localStorage.getItem(storageKeys.statusbarHeight)).toBe('47');
    stop();
  });

  it("goes back on Android's back button, and leaves the app from home", async () => {
    window.history.pushState({}, '', '/x');
    const again = await start('android', '/services');
    again.hook.backButton();
    expect(again.navigate).toHaveBeenCalledWith(-1);
    again.stop();

    const home = await start('android', '/');
    home.hook.backButton();
    expect(home.navigate).not.toHaveBeenCalled();
    expect(home.hook.exited()).toBe(true);
    home.stop();
  });

  it('opens the page of the deep link the app was started with', async () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    window.localStorage.setItem(
      FAKE_CONFIG_KEY,
      JSON.stringify({ launchUrl: 'net.outpost.portal://services/usage?service=3' }),
    );
    const navigate = vi.fn();
    const stop = await startNative({ platform: 'ios', navigate, pathname: () => '/' });
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/services/usage?service=3'));
    stop();
  });

  it('opens the page a deep link names', async () => {
    const { hook, navigate, stop } = await start('ios');
    hook.openUrl('net.outpost.portal://billing/invoices');
    expect(navigate).toHaveBeenCalledWith('/billing/invoices');
    stop();
  });
});
