import { apiPaths } from '@outpost/contracts/api-paths';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, signIn } from '@/test/fixtures';
import { logout } from './logout';

function stubFetch() {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, headers: (init.headers ?? {}) as Record<string, string> });
    return jsonResponse({ data: { logged_out: true } });
  });
  return calls;
}

describe('logout', () => {
  it('sends both tokens of the session', async () => {
    signIn();
    const calls = stubFetch();
    await logout();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: apiPaths.logout,
      headers: { 'X-User-Token': 'user-token-1', 'X-Refresh-Token': 'refresh-token-1' },
    });
  });

  it('still ends the session on the server when the USER token has expired, without refreshing first', async () => {
    signIn({ userMinutes: -1 });
    const calls = stubFetch();
    await logout();
    expect(calls.map((c) => c.path)).toEqual([apiPaths.logout]);
    expect(calls[0]?.headers['X-User-Token']).toBeUndefined();
    expect(calls[0]?.headers['X-Refresh-Token']).toBe('refresh-token-1');
  });
});
