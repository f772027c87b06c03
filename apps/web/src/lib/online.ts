import { useSyncExternalStore } from 'react';
import { isReachable, subscribeReachability } from './reachability';

/**
 * Online or not (docs/decisions/031): the browser's online/offline events and whether the server
 * answers at all (lib/reachability), which TanStack Query's onlineManager also follows (offline,
 * queries pause and keep their last-known data instead of failing). One source for the banner,
 * the wizard and every button that needs the server.
 */
export const offlineMessages = {
  /** Why an action that needs the server is disabled. */
  actionReason: "You're offline. This needs a connection: try again when you're back online.",
  /** The banner over a page's last-known data ('10:42 am', or '24 Nov, 10:42 am'). */
  showingDataFrom: (when: string) => `Offline - showing data from ${when}`,
  /** The banner on a page with no data kept. */
  noData: "Offline - this page's data has not been saved on this device yet.",
  /** On a repeat visit, over last-known data while fresh data loads. */
  lastUpdated: (when: string) => `Last updated ${when}`,
  /** Once, on the first visit after a new version of the app took over. */
  updated: 'Updated',
} as const;

export const isOnline = isReachable;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeReachability, isReachable, () => true);
}

export type ServerAction = {
  /** The action cannot run now (offline). */
  disabled: boolean;
  /** Why, in plain words, to show beside the control; undefined when it can run. */
  reason: string | undefined;
};

/** For a control whose action needs the server (a payment, a purchase, any change). */
export function useServerAction(): ServerAction {
  const online = useOnline();
  return online
    ? { disabled: false, reason: undefined }
    : { disabled: true, reason: offlineMessages.actionReason };
}

/** '10:42 am' today, else '24 Nov, 10:42 am' (the device's time zone). */
export function formatSavedAt(at: number, now: number = Date.now()): string {
  const date = new Date(at);
  const hours = date.getHours();
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
  if (new Date(now).toDateString() === date.toDateString()) return time;
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${date.getDate()} ${months[date.getMonth()]}, ${time}`;
}
