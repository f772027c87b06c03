import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../session';
import { getBiometric } from '../biometric';
import { getNativePush } from '../push';
import { getSecureStorage } from '../secure-storage';
import { FAKE_CONFIG_KEY, type FakeConfig } from './control';

function configure(config: FakeConfig) {
  window.localStorage.setItem(FAKE_CONFIG_KEY, JSON.stringify(config));
}

/** The fakes the biometric-login and push helpers build on behave as the plugins do. */
describe('the in-page native plugins', () => {
  beforeEach(() => {
    window.localStorage.setItem(storageKeys.platform, 'ios');
  });

  it('biometrics: available or not, and each outcome as configured', async () => {
    const biometric = await getBiometric();
    configure({});
    expect(await biometric.check()).toMatchObject({ available: true, type: 'face' });
    expect(await biometric.authenticate({ reason: 'Log in' })).toBe('success');
    configure({ biometric: { result: 'cancelled' } });
    expect(await biometric.authenticate({ reason: 'Log in' })).toBe('cancelled');
    configure({ biometric: { result: 'failed' } });
    expect(await biometric.authenticate({ reason: 'Log in' })).toBe('failed');
    configure({ biometric: { available: false } });
    expect(await biometric.check()).toMatchObject({ available: false, type: 'none' });
    expect(await biometric.authenticate({ reason: 'Log in' })).toBe('unavailable');
  });

  it('push: asks when undecided, registers with the token, passes on a tapped notification', async () => {
    configure({ push: { permission: 'prompt', answer: 'granted', token: 'device-token-9' } });
    const push = await getNativePush();
    expect(await push.checkPermission()).toBe('prompt');
    expect(await push.requestPermission()).toBe('granted');
    expect(await push.register()).toBe('device-token-9');

    const tapped = vi.fn();
    const refreshed = vi.fn();
    await push.onActionPerformed(tapped);
    await push.onToken(refreshed);
    window.__outpostNative?.pushActionPerformed({ navigation_url: '/billing/invoices' });
    window.__outpostNative?.refreshPushToken('device-token-10');
    expect(tapped).toHaveBeenCalledWith({ navigation_url: '/billing/invoices' });
    expect(refreshed).toHaveBeenCalledWith('device-token-10');
    expect(window.__outpostNative?.pushRegistrations()).toBe(1);
  });

  it('push: a refused permission cannot register; a registration error is passed on', async () => {
    const push = await getNativePush();
    configure({ push: { permission: 'denied' } });
    await expect(push.register()).rejects.toThrow();
    configure({ push: { permission: 'granted', registrationError: 'Invalid device token' } });
    await expect(push.register()).rejects.toThrow('Invalid device token');
  });

  it('secure storage keeps a value until removed', async () => {
    const store = await getSecureStorage();
    await store.set('tokens', '{"a":1}');
    expect(await store.get('tokens')).toBe('{"a":1}');
    await store.remove('tokens');
    expect(await store.get('tokens')).toBeNull();
  });
});
