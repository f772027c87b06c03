import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { markRestored } from './restored-copies';
import { getSessionSnapshot, subscribeSession } from './session';

/**
 * Last-known data (docs/decisions/031): the pages' queries (the dashboard, services, usage,
 * invoices, alerts and the rest, less a few one-time ones), kept in IndexedDB per user so a repeat visit shows them at once and an offline one shows them at all. One user's data
 * at a time: a logout or a different login removes it; a staff-assisted session keeps nothing.
 *
 * TanStack Query's own dehydrate/hydrate do the work; @tanstack/react-query-persist-client is not
 * used because its core pins an older query-core than ours (a second copy in the bundle).
 */

/** Bump when a kept query's data changes shape: older saves are then ignored. */
export const PERSIST_BUSTER = 1;
/** Older last-known data is not shown. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 3_600_000;
const SAVE_DELAY_MS = 1_000;

/**
 * e2e builds only (`vite build --mode e2e`): `<html data-last-known>` is 'saving' while a change
 * waits to be written (the throttle above, or the write itself), 'saved' once every change is in
 * IndexedDB and 'failed' when a write fails, so a test waits for the save itself rather than for a
 * time (e2e/offline.spec.ts). A production build folds every use to nothing.
 */
const SHOW_SAVES = import.meta.env.MODE === 'e2e';

/**
 * Queries never kept: the card gateway's set-up, one-time links (staff, usage-only logins and
 * their usage), and callback times (only true for a moment). Every other successful query is.
 */
const NOT_KEPT: readonly (readonly unknown[])[] = [
  ['gateway'],
  ['staff-usage-verify'],
  ['usage-only-login'],
  ['usage', 'embed'],
  ['support', 'callback', 'times'],
];

export function isKeptQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success') return false;
  const key = query.queryKey;
  return !NOT_KEPT.some((prefix) => prefix.every((part, i) => key[i] === part));
}

export type PersistedQueries = {
  buster: number;
  userId: number;
  savedAt: number;
  state: DehydratedState;
};

let store: UseStore | undefined;
function idb(): UseStore {
  store ??= createStore('outpost-last-known', 'queries');
  return store;
}

const keyFor = (userId: number) => `user:${userId}`;

/** When the data on show was saved, for 'Last updated ...' (undefined: nothing was restored). */
let restoredAt: number | undefined;
const restoreListeners = new Set<() => void>();
export function getRestoredAt(): number | undefined {
  return restoredAt;
}
export function subscribeRestored(listener: () => void): () => void {
  restoreListeners.add(listener);
  return () => restoreListeners.delete(listener);
}
function setRestoredAt(at: number | undefined): void {
  restoredAt = at;
  for (const listener of [...restoreListeners]) listener();
}

/** Removes every user's last-known data but `keepUserId`'s. */
async function removeOthers(keepUserId: number | null): Promise<void> {
  if (keepUserId === null) {
    await clear(idb());
    return;
  }
  for (const key of await keys(idb())) if (key !== keyFor(keepUserId)) await del(key, idb());
}

/** Who the data is kept for now: the logged-in user, unless staff are viewing as them. */
function currentOwner(): number | null {
  const session = getSessionSnapshot();
  if (!session.loggedIn || !session.user || session.staff) return null;
  return session.user.user_id;
}

let running: { userId: number; stop: () => void } | null = null;

/** The latest start's restore: settled once the kept data is in the cache, or there is none. */
let restoring: Promise<void> = Promise.resolve();
/** Settles when the kept data of the latest start is in the cache (or there was none to show). */
export function restored(): Promise<void> {
  return restoring;
}

/**
 * Starts keeping the logged-in user's last-known data (restoring what was kept, then saving
 * changes), and follows the session: a logout or a different user removes the kept data.
 * Idempotent; returns a stop function.
 */
export function startQueryPersistence(queryClient: QueryClient): () => void {
  // No IndexedDB (a test's DOM, a locked-down browser): nothing is kept, nothing breaks.
  if (typeof indexedDB === 'undefined') return () => undefined;
  const owner = currentOwner();
  if (running && running.userId === owner) return running.stop;
  running?.stop();
  if (owner === null) {
    void removeOthers(null).catch(() => undefined);
    return () => undefined;
  }

  let active = true;
  let timer: number | undefined;
  /** e2e builds only: writes under way (a save can start before the last one is written). */
  let writing = 0;
  if (SHOW_SAVES) document.documentElement.dataset.lastKnown = 'saving';
  const save = () => {
    timer = undefined;
    if (!active || currentOwner() !== owner) return;
    const state = dehydrate(queryClient, { shouldDehydrateQuery: isKeptQuery });
    const record: PersistedQueries = {
      buster: PERSIST_BUSTER,
      userId: owner,
      savedAt: Date.now(),
      state,
    };
    const written = set(keyFor(owner), record, idb());
    if (SHOW_SAVES) showWhenWritten(written);
    else void written.catch(() => undefined);
  };
  /** e2e builds only: 'saved' once this and every other write is done, with none to come. */
  const showWhenWritten = (written: Promise<void>) => {
    writing += 1;
    void written.then(
      () => {
        writing -= 1;
        if (active && timer === undefined && writing === 0)
          document.documentElement.dataset.lastKnown = 'saved';
      },
      () => {
        writing -= 1;
        if (active) document.documentElement.dataset.lastKnown = 'failed';
      },
    );
  };
  const scheduleSave = () => {
    if (timer === undefined && active) {
      timer = window.setTimeout(save, SAVE_DELAY_MS);
      if (SHOW_SAVES) document.documentElement.dataset.lastKnown = 'saving';
    }
  };

  const restore = async () => {
    // The user's record first (what the page is waiting for), then anyone else's removed.
    const record = await get<PersistedQueries>(keyFor(owner), idb());
    void removeOthers(owner).catch(() => undefined);
    if (!active || currentOwner() !== owner || !record) return;
    if (
      record.buster !== PERSIST_BUSTER ||
      record.userId !== owner ||
      Date.now() - record.savedAt > PERSIST_MAX_AGE_MS
    ) {
      await del(keyFor(owner), idb());
      return;
    }
    // Hydrate keeps whatever is newer: data fetched meanwhile wins over the saved copy. The saved
    // copies keep their own update times (for 'Last updated ...') but arrive invalidated, so they
    // are always stale: shown at once, and fetched again by every page that shows them (never
    // taken as fresh for staleTime).
    hydrate(queryClient, {
      ...record.state,
      queries: record.state.queries.map((q) => ({
        ...q,
        state: { ...q.state, isInvalidated: true },
      })),
    });
    // Which queries now show the copy (data fetched meanwhile kept its own): forms wait for the
    // fresh answer before taking their starting values from them (lib/form-seed.ts).
    for (const q of record.state.queries) {
      const query = queryClient.getQueryCache().get(q.queryHash);
      if (query && query.state.dataUpdatedAt === q.state.dataUpdatedAt) markRestored(query);
    }
    setRestoredAt(record.savedAt);
  };

  let unsubscribeCache: (() => void) | undefined;
  restoring = restore().catch(() => undefined);
  void restoring.then(() => {
    if (!active) return;
    unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') scheduleSave();
    });
    scheduleSave();
  });

  const unsubscribeSession = subscribeSession(() => {
    if (currentOwner() === owner) return;
    // Logged out, or someone else logged in (here or in another tab): nothing of this user stays.
    stop();
    void del(keyFor(owner), idb()).catch(() => undefined);
    if (currentOwner() !== null) startQueryPersistence(queryClient);
  });

  const stop = () => {
    if (!active) return;
    active = false;
    window.clearTimeout(timer);
    unsubscribeCache?.();
    unsubscribeSession();
    setRestoredAt(undefined);
    if (SHOW_SAVES) delete document.documentElement.dataset.lastKnown;
    if (running?.stop === stop) running = null;
  };
  running = { userId: owner, stop };
  return stop;
}

/** Removes all last-known data on this device (every user). */
export function clearPersistedQueries(): Promise<void> {
  running?.stop();
  return clear(idb());
}
