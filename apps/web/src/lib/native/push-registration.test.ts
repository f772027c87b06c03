import { INVALID_DEVICE_TOKEN } from '@outpost/contracts/native-messages';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import {
  MAX_REGISTRATION_ATTEMPTS,
  notificationPath,
  openTappedNotification,
  refreshDeviceToken,
  registerDevice,
  startPushRegistration,
  type PushApi,
  type PushRegistrationDeps,
} from './push-registration';
import type { NativePush, PushPermission } from './types';

/** A device whose provider hands out token-1, token-2, ... (a new one after each unregister). */
function device(permission: PushPermission, answer: 'granted' | 'denied' = 'granted') {
  let current = permission;
  let serial = 1;
  const push: NativePush = {
    checkPermission: async () => current,
    requestPermission: vi.fn(async () => {
      if (current === 'prompt') current = answer;
      return current;
    }),
    register: vi.fn(async () => `token-${serial}`),
    unregister: vi.fn(async () => {
      serial += 1;
    }),
    onToken: async () => () => {},
    onReceived: async () => () => {},
    onActionPerformed: async () => () => {},
  };
  return push;
}

/** A server that refuses the first `refusals` tokens with 'Invalid device token'. */
function server(options: { refusals?: number; devices?: string[]; other?: Error } = {}) {
  let refusals = options.refusals ?? 0;
  const api = {
    listDevices: vi.fn(async () => (options.devices ?? []).map((deviceId) => ({ deviceId }))),
    register: vi.fn(async (_body: { token: string; deviceId: string; userId: number }) => {
      if (options.other) throw options.other;
      if (refusals > 0) {
        refusals -= 1;
        throw new ApiError('Server', INVALID_DEVICE_TOKEN, 400);
      }
    }),
    refresh: vi.fn(async () => {}),
    remove: vi.fn(async () => {}),
  } satisfies PushApi;
  return api;
}

function depsFor(push: NativePush, api: PushApi, stored: string | null = null) {
  let token = stored;
  const store = { get: () => token, set: vi.fn((value: string | null) => void (token = value)) };
  const deps: PushRegistrationDeps = { push, api, deviceId: 'phone-1', userId: 7, store };
  return { deps, store, stored: () => token };
}

describe('push registration on start, by permission', () => {
  it('undecided: asks, then registers the token', async () => {
    const push = device('prompt');
    const api = server();
    const { deps, stored } = depsFor(push, api);
    expect(await startPushRegistration(deps)).toBe('registered');
    expect(push.requestPermission).toHaveBeenCalledOnce();
    expect(api.register).toHaveBeenCalledWith({ token: 'token-1', deviceId: 'phone-1', userId: 7 });
    expect(api.listDevices).not.toHaveBeenCalled();
    expect(stored()).toBe('token-1');
  });

  it('undecided and refused: deletes the stored token, registers nothing', async () => {
    const push = device('prompt', 'denied');
    const api = server();
    const { deps, stored } = depsFor(push, api, 'token-old');
    expect(await startPushRegistration(deps)).toBe('denied');
    expect(api.remove).toHaveBeenCalledWith({ token: 'token-old', deviceId: 'phone-1' });
    expect(api.register).not.toHaveBeenCalled();
    expect(stored()).toBeNull();
  });

  it('granted and the server holds no record of this device: registers', async () => {
    const api = server({ devices: ['tablet-2'] });
    const { deps } = depsFor(device('granted'), api);
    expect(await startPushRegistration(deps)).toBe('registered');
    expect(api.listDevices).toHaveBeenCalledOnce();
    expect(api.register).toHaveBeenCalledOnce();
  });

  it('granted and this device is registered: nothing more', async () => {
    const api = server({ devices: ['phone-1'] });
    const { deps } = depsFor(device('granted'), api, 'token-1');
    expect(await startPushRegistration(deps)).toBe('already-registered');
    expect(api.register).not.toHaveBeenCalled();
  });

  it('denied: deletes the stored token for the device (and nothing when none is stored)', async () => {
    const api = server();
    const { deps, stored } = depsFor(device('denied'), api, 'token-3');
    expect(await startPushRegistration(deps)).toBe('denied');
    expect(api.remove).toHaveBeenCalledWith({ token: 'token-3', deviceId: 'phone-1' });
    expect(stored()).toBeNull();

    const again = server();
    expect(await startPushRegistration(depsFor(device('denied'), again).deps)).toBe('denied');
    expect(again.remove).not.toHaveBeenCalled();
  });
});

describe("'Invalid device token'", () => {
  it('is retried with a refreshed token', async () => {
    const push = device('granted');
    const api = server({ refusals: 1 });
    const { deps, stored } = depsFor(push, api);
    expect(await registerDevice(deps)).toBe('registered');
    expect(push.unregister).toHaveBeenCalledOnce();
    expect(api.register.mock.calls.map(([body]) => body.token)).toEqual(['token-1', 'token-2']);
    expect(stored()).toBe('token-2');
  });

  it('gives up after 3 attempts in all', async () => {
    const push = device('granted');
    const api = server({ refusals: 5 });
    const { deps, stored } = depsFor(push, api);
    expect(await registerDevice(deps)).toBe('failed');
    expect(api.register).toHaveBeenCalledTimes(MAX_REGISTRATION_ATTEMPTS);
    expect(MAX_REGISTRATION_ATTEMPTS).toBe(3);
    expect(api.register.mock.calls.map(([body]) => body.token)).toEqual([
      'token-1',
      'token-2',
      'token-3',
    ]);
    expect(stored()).toBeNull();
  });

  it('is the only failure retried', async () => {
    const push = device('granted');
    const api = server({ other: new ApiError('HTTP', 'offline') });
    expect(await registerDevice(depsFor(push, api).deps)).toBe('failed');
    expect(api.register).toHaveBeenCalledOnce();
    expect(push.unregister).not.toHaveBeenCalled();
  });
});

describe('a rotated token', () => {
  it('is PATCHed once, with the device id', async () => {
    const api = server();
    const { deps, stored } = depsFor(device('granted'), api, 'token-1');
    await refreshDeviceToken(deps, 'token-9');
    await refreshDeviceToken(deps, 'token-9');
    expect(api.refresh).toHaveBeenCalledOnce();
    expect(api.refresh).toHaveBeenCalledWith({ token: 'token-9', deviceId: 'phone-1' });
    expect(stored()).toBe('token-9');
  });
});

describe('a tapped notification', () => {
  it('opens its navigation_url', async () => {
    const navigate = vi.fn();
    const latest = vi.fn(async () => []);
    await openTappedNotification({ navigation_url: '/billing/invoices' }, { navigate, latest });
    expect(navigate).toHaveBeenCalledWith('/billing/invoices');
    expect(latest).not.toHaveBeenCalled();
  });

  it('without one, opens the latest notification sent (get-latest)', async () => {
    const navigate = vi.fn();
    const latest = vi.fn(async () => [{ navigation_url: '/services/usage' }]);
    await openTappedNotification({}, { navigate, latest });
    expect(navigate).toHaveBeenCalledWith('/services/usage');
  });

  it('never leaves the app for another site', () => {
    expect(
      notificationPath({ navigation_url: 'https://evil.example/x' }, 'https://localhost'),
    ).toBe(null);
    expect(notificationPath({ navigation_url: '//evil.example/x' })).toBeNull();
    expect(
      notificationPath(
        { navigation_url: 'https://localhost/support/my-tickets/4?x=1' },
        'https://localhost',
      ),
    ).toBe('/support/my-tickets/4?x=1');
  });
});
