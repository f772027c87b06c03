import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, sessionPayload, signIn } from '@/test/fixtures';
import { apiBlob, apiData, apiRequest, refreshSession } from './api-client';
import { ApiError } from './api-error';
import { setSessionExpiredHandler } from './session-expiry';
import { getStoredPermissions, getStoredUser, isLoggedIn, readStoredToken } from './session';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import { blobText } from '@/test/blob-text';

type Call = { path: string; headers: Record<string, string>; init: RequestInit };

function stubFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const call = { path, init, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    return respond(call);
  });
  return calls;
}

describe('data started by index.html (docs/decisions/032)', () => {
  const FIRST = '__outpostFirst';
  const leave = (token: string, responses: Record<string, Promise<Response>>, age = 0) => {
    (window as unknown as Record<string, unknown>)[FIRST] = {
      t: token,
      a: Date.now() - age,
      r: { ...responses },
    };
  };

  it('takes the answer index.html started instead of asking again, once', async () => {
    signIn();
    const calls = stubFetch(() => jsonResponse({ data: { from: 'client' } }));
    leave('user-token-1', {
      [apiPaths.dashboard]: Promise.resolve(jsonResponse({ data: { from: 'index.html' } })),
    });

    await expect(apiData(apiPaths.dashboard)).resolves.toEqual({ from: 'index.html' });
    expect(calls).toHaveLength(0);
    await expect(apiData(apiPaths.dashboard)).resolves.toEqual({ from: 'client' });
    expect(calls).toHaveLength(1);
  });

  it('asks again when that request failed, was sent with another token or is old', async () => {
    signIn();
    const calls = stubFetch(() => jsonResponse({ data: { from: 'client' } }));
    leave('user-token-1', { [apiPaths.dashboard]: Promise.reject(new TypeError('offline')) });
    await expect(apiData(apiPaths.dashboard)).resolves.toEqual({ from: 'client' });

    leave('someone-else', {
      [apiPaths.dashboard]: Promise.resolve(jsonResponse({ data: { from: 'index.html' } })),
    });
    await expect(apiData(apiPaths.dashboard)).resolves.toEqual({ from: 'client' });

    leave(
      'user-token-1',
      { [apiPaths.dashboard]: Promise.resolve(jsonResponse({ data: { from: 'index.html' } })) },
      60_000,
    );
    await expect(apiData(apiPaths.dashboard)).resolves.toEqual({ from: 'client' });
    expect(calls).toHaveLength(3);
  });

  it('renews the session when the answer it took is a 401, as for its own requests', async () => {
    signIn();
    const calls = stubFetch((call) =>
      call.path === apiPaths.refresh
        ? jsonResponse({ data: sessionPayload({ tokenSuffix: '2' }) })
        : jsonResponse({ data: { from: 'client' } }),
    );
    leave('user-token-1', {
      [apiPaths.dashboard]: Promise.resolve(errorResponse(401, 'Invalid token.')),
    });
    await expect(apiData(apiPaths.dashboard)).resolves.toEqual({ from: 'client' });
    expect(calls.map((c) => c.path)).toEqual([apiPaths.refresh, apiPaths.dashboard]);
    expect(calls[1]?.headers['X-User-Token']).toBe('user-token-2');
  });
});

describe('permission changes', () => {
  it('reloads the stored permissions once when the server fingerprint differs, and not when it matches', async () => {
    signIn({ permissions: ['view-services'] });
    const same = permissionsFingerprint(['view-services']);
    const changed = permissionsFingerprint(['view-services', 'view-activity']);
    let fingerprint = same;
    const calls = stubFetch((call) => {
      const body =
        call.path === apiPaths.permissions
          ? {
              data: [
                { permission: 'view-services', enabled: 1 },
                { permission: 'view-activity', enabled: 1 },
                { permission: 'edit-users', enabled: 0 },
              ],
            }
          : { data: {} };
      return new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json', [PERMISSIONS_HEADER]: fingerprint },
      });
    });

    await apiData('/api/portal/services/');
    expect(calls.map((c) => c.path)).toEqual(['/api/portal/services/']);

    fingerprint = changed;
    await apiData('/api/portal/services/');
    await vi.waitFor(() =>
      expect(getStoredPermissions()).toEqual({ 'view-services': true, 'view-activity': true }),
    );
    expect(calls.map((c) => c.path)).toEqual([
      '/api/portal/services/',
      '/api/portal/services/',
      apiPaths.permissions,
    ]);
    await apiData('/api/portal/services/');
    expect(calls).toHaveLength(4); // the map matches again: no second reload
  });
});

describe('api client', () => {
  it('sends the USER token and JSON, and returns data', async () => {
    signIn();
    const calls = stubFetch(() => jsonResponse({ data: { title: 'Privacy', body: '<p>x</p>' } }));

    await expect(apiData('/api/portal/support/guides/privacy-policy/')).resolves.toEqual({
      title: 'Privacy',
      body: '<p>x</p>',
    });

    expect(calls[0]?.headers['X-User-Token']).toBe('user-token-1');
    expect(calls[0]?.init).toMatchObject({
      credentials: 'same-origin',
      // A GET revalidates the browser's copy (ETag, 304); nothing else uses the HTTP cache.
      cache: 'no-cache',
      redirect: 'manual',
    });
    await apiRequest('/api/portal/users/current/profile/', { method: 'PATCH', body: {} });
    expect(calls[1]?.init.cache).toBe('no-store');
  });

  it('treats an opaque redirect as a 302 success', async () => {
    signIn();
    const redirectResponse = { type: 'opaqueredirect', status: 0, url: '/elsewhere' } as Response;
    stubFetch(() => redirectResponse);

    await expect(
      apiRequest('/api/portal/users/current/profile/', { method: 'PATCH', body: {} }),
    ).resolves.toEqual({
      status: 302,
      url: '/elsewhere',
    });
  });

  it('fails locally with a TOKEN error when there is no user token', async () => {
    const calls = stubFetch(() => jsonResponse({ data: {} }));

    await expect(apiData(apiPaths.currentUser)).rejects.toMatchObject({
      kind: 'TOKEN',
      message: 'Missing user token.',
    });
    expect(calls).toHaveLength(0);
  });

  it('fails locally with a TOKEN error when the refresh token has expired', async () => {
    signIn({ userMinutes: -2, refreshMinutes: -1 });
    const calls = stubFetch(() => jsonResponse({ data: {} }));

    await expect(refreshSession()).rejects.toMatchObject({
      kind: 'TOKEN',
      message: 'Missing refresh token.',
    });
    expect(calls).toHaveLength(0);
  });

  it('reports a server error with its status and text', async () => {
    signIn();
    stubFetch(() => errorResponse(403, serverErrors.forbidden));

    const error = await apiData(apiPaths.permissions).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'Server', status: 403, message: serverErrors.forbidden });
  });

  it('reports an unreadable answer as a Parse error with its status', async () => {
    signIn();
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(apiData(apiPaths.permissions)).rejects.toMatchObject({
      kind: 'Parse',
      status: 502,
    });
  });

  it('reports a network failure as an HTTP error', async () => {
    signIn();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(apiData(apiPaths.permissions)).rejects.toMatchObject({ kind: 'HTTP' });
  });

  it('on 401 refreshes once for concurrent calls, stores the rotated tokens and retries', async () => {
    signIn({ tokenSuffix: 'old' });
    const renewed = sessionPayload({ tokenSuffix: 'new' });
    const calls = stubFetch(({ path, headers }) => {
      if (path === apiPaths.refresh) return jsonResponse({ data: renewed });
      return headers['X-User-Token'] === 'user-token-new'
        ? jsonResponse({ data: [] })
        : errorResponse(401, serverErrors.tokenExpired);
    });

    await Promise.all([
      apiData(apiPaths.permissions),
      apiData(apiPaths.currentUser),
      apiData(apiPaths.profile),
    ]);

    const refreshes = calls.filter((c) => c.path === apiPaths.refresh);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers['X-Refresh-Token']).toBe('refresh-token-old');
    expect(refreshes[0]?.headers['X-User-Token']).toBeUndefined();
    expect(refreshes[0]?.init.body).toBe('{}');
    expect(readStoredToken('REFRESH')?.token).toBe('refresh-token-new');
    expect(calls.filter((c) => c.headers['X-User-Token'] === 'user-token-new')).toHaveLength(3);
  });

  it('renews an expired USER token before sending', async () => {
    signIn({ tokenSuffix: 'old', userMinutes: -1 });
    const calls = stubFetch(({ path }) =>
      path === apiPaths.refresh
        ? jsonResponse({ data: sessionPayload({ tokenSuffix: 'new' }) })
        : jsonResponse({ data: [] }),
    );

    await apiData(apiPaths.permissions);

    expect(calls.map((c) => c.path)).toEqual([apiPaths.refresh, apiPaths.permissions]);
    expect(calls[1]?.headers['X-User-Token']).toBe('user-token-new');
  });

  it('ends the session and goes to the login page when the refresh is refused', async () => {
    signIn();
    const onExpired = vi.fn();
    const restore = setSessionExpiredHandler(onExpired);
    stubFetch(({ path }) =>
      path === apiPaths.refresh
        ? errorResponse(401, serverErrors.refreshInvalid)
        : errorResponse(401, serverErrors.tokenExpired),
    );

    await expect(apiData(apiPaths.permissions)).rejects.toMatchObject({
      kind: 'Server',
      status: 401,
    });
    restore();

    expect(isLoggedIn()).toBe(false);
    expect(getStoredUser()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh fails only because the network dropped', async () => {
    signIn();
    const onExpired = vi.fn();
    const restore = setSessionExpiredHandler(onExpired);
    stubFetch(({ path }) =>
      path === apiPaths.refresh
        ? Promise.reject(new TypeError('Failed to fetch'))
        : errorResponse(401, serverErrors.tokenExpired),
    );

    await expect(apiData(apiPaths.permissions)).rejects.toMatchObject({ kind: 'HTTP' });
    restore();

    expect(isLoggedIn()).toBe(true);
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('apiBlob', () => {
  it('returns a file answer as a Blob, sent with the user token', async () => {
    signIn();
    const calls = stubFetch(
      () =>
        new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );

    const blob = await apiBlob('/api/portal/plans/22/documents/kfs/');

    expect(await blobText(blob)).toBe('%PDF-1.4');
    expect(calls[0]?.headers['X-User-Token']).toBe('user-token-1');
    expect(calls[0]?.headers.Accept).toContain('application/pdf');
  });

  it("fails with the server's error text when the file cannot be had", async () => {
    signIn();
    stubFetch(() => errorResponse(404, serverErrors.notFound));

    await expect(apiBlob('/api/portal/plans/999/documents/kfs/')).rejects.toMatchObject({
      kind: 'Server',
      status: 404,
      message: serverErrors.notFound,
    });
  });
});

describe('an explicit user token (embedded usage)', () => {
  it('is sent instead of the session token, and a 401 neither renews nor ends the session', async () => {
    signIn();
    const expired = vi.fn();
    const restore = setSessionExpiredHandler(expired);
    const calls = stubFetch(() => errorResponse(401, serverErrors.tokenExpired));

    await expect(
      apiData('/api/portal/service/200101/activitysummary/', { userToken: 'usage-only' }),
    ).rejects.toMatchObject({ kind: 'Server', status: 401, message: serverErrors.tokenExpired });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['X-User-Token']).toBe('usage-only');
    expect(calls[0]?.headers['X-Refresh-Token']).toBeUndefined();
    expect(expired).not.toHaveBeenCalled();
    expect(isLoggedIn()).toBe(true);
    restore();
  });

  it('works with no session at all', async () => {
    const calls = stubFetch(() => new Response('a,b\r\n', { status: 200 }));

    const blob = await apiBlob('/api/portal/service/200101/activity/detail/?by=day&type=usage', {
      userToken: 'usage-only',
    });

    expect(await blobText(blob)).toBe('a,b\r\n');
    expect(calls[0]?.headers['X-User-Token']).toBe('usage-only');
  });
});
