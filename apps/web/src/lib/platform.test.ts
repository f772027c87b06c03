import { afterEach, describe, expect, it, vi } from 'vitest';
import { forcedPlatform, getPlatform, isNativePlatform } from './platform';
import { storageKeys } from './session';

type CapacitorWindow = Window & { Capacitor?: { getPlatform: () => string } };

describe('the platform', () => {
  afterEach(() => {
    delete (window as CapacitorWindow).Capacitor;
    vi.unstubAllEnvs();
  });

  it('is the web in a browser', () => {
    expect(getPlatform()).toBe('web');
    expect(isNativePlatform()).toBe(false);
  });

  it('is what Capacitor says inside the app', () => {
    (window as CapacitorWindow).Capacitor = { getPlatform: () => 'android' };
    expect(getPlatform()).toBe('android');
    expect(isNativePlatform()).toBe(true);
  });

  it('can be forced with sm_platform in a development build', () => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
    expect(forcedPlatform()).toBe('ios');
    expect(getPlatform()).toBe('ios');
  });

  it('can be forced with ?platform= in the address, and stays forced', () => {
    window.history.replaceState({}, '', '/?platform=android');
    expect(getPlatform()).toBe('android');
    window.history.replaceState({}, '', '/');
    expect(getPlatform()).toBe('android');
  });

  it('ignores a forced value that is not a platform', () => {
    window.localStorage.setItem(storageKeys.platform, 'windows-phone');
    expect(forcedPlatform()).toBeNull();
    expect(getPlatform()).toBe('web');
  });

  it('cannot be forced in a production build', () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_ALLOW_PLATFORM_OVERRIDE', '');
    window.localStorage.setItem(storageKeys.platform, 'ios');
    window.history.replaceState({}, '', '/?platform=android');
    expect(forcedPlatform()).toBeNull();
    expect(getPlatform()).toBe('web');
    window.history.replaceState({}, '', '/');
  });

  it('can be forced in a build that allows the override (the e2e build)', () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('VITE_ALLOW_PLATFORM_OVERRIDE', '1');
    window.localStorage.setItem(storageKeys.platform, 'android');
    expect(getPlatform()).toBe('android');
  });
});
