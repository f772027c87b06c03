import { apiPaths } from '@outpost/contracts/api-paths';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, signIn } from '@/test/fixtures';
import { apiData } from './api-client';
import { offlineMessages, useServerAction } from './online';
import { isReachable, reportNoAnswer, subscribeReachability } from './reachability';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reachability: online, but nothing gets through', () => {
  it('a request without any answer makes the app offline: actions wait with the reason, queries pause', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { result } = renderHook(() => useServerAction());
    expect(result.current).toEqual({ disabled: false, reason: undefined });

    await act(async () => {
      await expect(apiData(apiPaths.dashboard)).rejects.toMatchObject({ kind: 'HTTP' });
    });

    expect(navigator.onLine).toBe(true);
    expect(isReachable()).toBe(false);
    expect(result.current).toEqual({ disabled: true, reason: offlineMessages.actionReason });
  });

  it('a probe of the liveness check a few seconds later, then every 15 s, ends it when it is answered', async () => {
    const fetch = vi.fn<() => Promise<Response>>(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetch);
    reportNoAnswer();
    expect(isReachable()).toBe(false);

    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith(apiPaths.healthLive, expect.anything());
    expect(isReachable()).toBe(false);

    // Still nothing: the next probe is 15 s later, and it is answered.
    fetch.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(isReachable()).toBe(true);

    // Reachable again: no more probes.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('any answer from the server ends it at once, whatever its status', async () => {
    signIn();
    reportNoAnswer();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(errorResponse(500, 'Internal error.'))),
    );
    await expect(apiData(apiPaths.dashboard)).rejects.toMatchObject({ status: 500 });
    expect(isReachable()).toBe(true);
  });

  it('a request the page cancelled is not a lost connection', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(apiData(apiPaths.dashboard)).rejects.toThrow();
    expect(isReachable()).toBe(true);
  });

  it("the browser's own 'online' event probes at once", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    reportNoAnswer();
    // Someone listening (the app always is: TanStack Query's onlineManager).
    const stop = subscribeReachability(() => {});
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isReachable()).toBe(true);
    stop();
  });
});
