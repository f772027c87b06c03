import { apiPaths } from '@outpost/contracts/api-paths';
import { API_ORIGIN } from './api-origin';

/**
 * Whether the server can be reached, beside the browser's own online flag (docs/decisions/031). A
 * satellite link in a storm often leaves the device 'online' (`navigator.onLine` true: the Wi-Fi
 * to the modem is up) while nothing gets through. When an API request fails without any answer,
 * the app counts as offline, exactly as with the browser's 'offline' event: queries pause and keep
 * their last-known data, the offline banner shows, and actions that need the server wait with
 * their reason. Any answer from the server ends it; so does a small probe (the liveness check,
 * no body worth counting) a few seconds later and then every 15 s while it lasts.
 *
 * In the shared chunk (the API client reports to it); lib/online.ts, the hook the pages use, reads it.
 */
const FIRST_PROBE_MS = 3_000;
const PROBE_EVERY_MS = 15_000;

let unreachable = false;
let probe: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  if (!value && probe !== undefined) {
    clearTimeout(probe);
    probe = undefined;
  }
  for (const listener of listeners) listener();
}

function scheduleProbe(delay: number) {
  if (probe !== undefined) return;
  probe = setTimeout(() => {
    probe = undefined;
    if (!unreachable) return;
    fetch(API_ORIGIN + apiPaths.healthLive, { cache: 'no-store', credentials: 'omit' }).then(
      () => set(false),
      () => scheduleProbe(PROBE_EVERY_MS),
    );
  }, delay);
}

/** The server answered (whatever the status): it can be reached. */
export function reportAnswer(): void {
  set(false);
}

/** A request got no answer at all (not one the page cancelled): count as offline until one does. */
export function reportNoAnswer(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  set(true);
  scheduleProbe(FIRST_PROBE_MS);
}

/** Online and the server reachable, as far as the app knows. */
export function isReachable(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine !== false) && !unreachable;
}

/** Called when `isReachable()` may have changed (the browser's events and ours). */
export function subscribeReachability(onChange: () => void): () => void {
  // Back online by the browser's account: try the server at once.
  const online = () => {
    if (unreachable) {
      if (probe !== undefined) clearTimeout(probe);
      probe = undefined;
      scheduleProbe(0);
    }
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}
