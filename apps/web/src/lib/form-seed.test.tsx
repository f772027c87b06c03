import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreCopy, signIn } from '@/test/fixtures';
import { useFormSeed } from './form-seed';
import { clearPersistedQueries, restored, startQueryPersistence } from './query-persist';
import { isRestoredCopy } from './restored-copies';

const KEY = ['users', 'current', 'security', 'method'] as const;

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });

/** useFormSeed over a query whose fetch answers when the test says. */
function renderSeed(client: QueryClient) {
  let answer: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const queryFn = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useFormSeed(useQuery({ queryKey: KEY, queryFn }), KEY), {
    wrapper,
  });
  return { ...view, answer: (v: string) => answer(v), fail: (e: Error) => fail(e), queryFn };
}

const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await clearPersistedQueries();
  localStorage.clear();
});

describe('useFormSeed', () => {
  it('gives nothing while a copy restored from the device is fetched again, then the answer', async () => {
    const client = newClient();
    restoreCopy(client, KEY, 'DOB');
    const { result, answer } = renderSeed(client);
    await waitFor(() => expect(client.isFetching({ queryKey: KEY })).toBe(1));
    expect(result.current).toBeUndefined();
    act(() => answer('PIN'));
    await waitFor(() => expect(result.current).toBe('PIN'));
  });

  it('gives the copy when its fetch fails: it is all there is', async () => {
    const client = newClient();
    restoreCopy(client, KEY, 'DOB');
    const { result, fail } = renderSeed(client);
    await waitFor(() => expect(client.isFetching({ queryKey: KEY })).toBe(1));
    act(() => fail(new Error('offline')));
    await waitFor(() => expect(result.current).toBe('DOB'));
  });

  it('gives data this page fetched or set even while it is fetched again (no flash after a save)', async () => {
    const client = newClient();
    client.setQueryData(KEY, 'PIN');
    void client.invalidateQueries({ queryKey: KEY, refetchType: 'none' });
    const { result } = renderSeed(client);
    await waitFor(() => expect(client.isFetching({ queryKey: KEY })).toBe(1));
    expect(result.current).toBe('PIN');
  });

  it("query-persist's restore marks what it restored, until fresh data replaces it", async () => {
    signIn();
    const first = newClient();
    stops.push(startQueryPersistence(first));
    await restored();
    first.setQueryData(KEY, 'DOB');
    first.setQueryData(['dashboard'], { fetched: 'meanwhile' });
    // Saved a second after the change (the persister's throttle).
    await vi.waitFor(
      async () => {
        const { get, createStore } = await import('idb-keyval');
        const record = await get<{ state: { queries: unknown[] } }>(
          'user:7',
          createStore('outpost-last-known', 'queries'),
        );
        expect(record?.state.queries).toHaveLength(2);
      },
      { timeout: 3_000 },
    );
    for (const stop of stops.splice(0)) stop();

    // The next visit: the dashboard was fetched before the restore finished, the method was not.
    const next = newClient();
    next.setQueryData(['dashboard'], { fetched: 'now' });
    stops.push(startQueryPersistence(next));
    await restored();
    expect(next.getQueryData(KEY)).toBe('DOB');
    expect(isRestoredCopy(next, KEY)).toBe(true);
    expect(isRestoredCopy(next, ['dashboard'])).toBe(false);
    next.setQueryData(KEY, 'PIN');
    expect(isRestoredCopy(next, KEY)).toBe(false);
  });
});
