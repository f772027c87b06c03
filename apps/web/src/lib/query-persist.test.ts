import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { get, keys } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionPayload, signIn } from '@/test/fixtures';
import {
  clearPersistedQueries,
  getRestoredAt,
  type PersistedQueries,
  startQueryPersistence,
} from './query-persist';
import { clearSession, storeSession, storeStaffMarker } from './session';

/**
 * Last-known data (docs/decisions/031) in IndexedDB (fake-indexeddb here; the browser's in the
 * e2e offline spec): one user's at a time, restored stale, nothing for staff.
 */

const DASHBOARD = ['dashboard'] as const;
const data = { account_id: 100001, balance: '12.50' };

/** The records kept, by key (`user:<id>`), read the way the module writes them. */
async function kept(): Promise<Record<string, PersistedQueries>> {
  const { createStore } = await import('idb-keyval');
  const store = createStore('outpost-last-known', 'queries');
  const all: Record<string, PersistedQueries> = {};
  for (const key of await keys(store)) all[String(key)] = (await get(key, store))!;
  return all;
}

const keptKeys = async () =>
  Object.fromEntries(
    Object.entries(await kept()).map(([key, record]) => [
      key,
      record.state.queries.map((q) => JSON.stringify(q.queryKey)),
    ]),
  );

const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });

let stops: (() => void)[] = [];
const start = (client: QueryClient) => {
  const stop = startQueryPersistence(client);
  stops.push(stop);
  return stop;
};

/** Signed in as user 7, whose app keeps `value` as the dashboard's data (waits for the save). */
async function keepDashboard(value: unknown = data): Promise<QueryClient> {
  signIn();
  const client = newClient();
  start(client);
  client.setQueryData(DASHBOARD, value);
  await vi.waitFor(async () => expect(Object.keys(await kept())).toEqual(['user:7']), {
    timeout: 3_000,
  });
  return client;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(async () => {
  for (const stop of stops) stop();
  stops = [];
  await clearPersistedQueries();
});

describe('last-known data', () => {
  it("keeps the user's data and shows it in the next visit at once, stale and with its own time", async () => {
    signIn();
    const first = newClient();
    start(first);
    first.setQueryData(DASHBOARD, data);
    first.setQueryData(['gateway', 'init'], { token: 'one-time' });
    const savedAt = first.getQueryState(DASHBOARD)!.dataUpdatedAt;
    // Saved a second after the data arrives; one-time queries (the card gateway's) never.
    await vi.waitFor(
      async () => expect(await keptKeys()).toEqual({ 'user:7': ['["dashboard"]'] }),
      {
        timeout: 3_000,
      },
    );
    for (const stop of stops) stop();

    // The next visit: a new app restores it before any request answers.
    const next = newClient();
    start(next);
    await vi.waitFor(() => expect(next.getQueryData(DASHBOARD)).toEqual(data));
    const state = next.getQueryState(DASHBOARD)!;
    expect(state.dataUpdatedAt).toBe(savedAt);
    // Stale although inside staleTime: every page showing it fetches it again.
    expect(state.isInvalidated).toBe(true);
    expect(next.getQueryCache().find({ queryKey: DASHBOARD })!.isStale()).toBe(true);
    expect(getRestoredAt()).toBeGreaterThanOrEqual(savedAt);
  });

  it('data fetched before the restore finishes wins over the kept copy', async () => {
    await keepDashboard({ ...data, balance: '1.00' });
    for (const stop of stops) stop();

    const next = newClient();
    next.setQueryData(DASHBOARD, data);
    start(next);
    await vi.waitFor(() => expect(getRestoredAt()).toBeDefined());
    expect(next.getQueryData(DASHBOARD)).toEqual(data);
  });

  it("a logout removes the user's data", async () => {
    await keepDashboard();
    clearSession();
    await vi.waitFor(async () => expect(await kept()).toEqual({}));
    expect(getRestoredAt()).toBeUndefined();
  });

  it("a different user's login removes the first user's data and nothing of it is shown", async () => {
    await keepDashboard();
    for (const stop of stops) stop();

    // Another user logs in on this browser (the first did not log out).
    const other = sessionPayload({ tokenSuffix: '2' });
    storeSession({ ...other, user: { ...other.user, user_id: 8, username: 'other' } });
    const next = newClient();
    start(next);
    await vi.waitFor(async () => expect(await kept()).toEqual({}));
    expect(next.getQueryData(DASHBOARD)).toBeUndefined();
    expect(getRestoredAt()).toBeUndefined();
  });

  it('a staff-assisted session keeps nothing', async () => {
    signIn();
    storeStaffMarker({ kind: 'login', name: 'Alex Staff', role: 'support', customer: 'Jordan' });
    const client = newClient();
    start(client);
    client.setQueryData(DASHBOARD, data);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await kept()).toEqual({});
  });
});
