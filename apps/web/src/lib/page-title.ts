import { useEffect, useSyncExternalStore } from 'react';

/**
 * A page whose title comes from its data (a news post) names itself here; the app shell puts
 * it in document.title in place of its route's fixed title, and drops it when the page goes.
 */
let pageTitle: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(title: string | null) {
  pageTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Names the page (e.g. "Outage fixed - News") while it is shown; null keeps the route's title. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [title]);
}

/** The title the page gave itself, if any. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, () => pageTitle);
}
