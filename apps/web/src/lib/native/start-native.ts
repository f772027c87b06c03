import { setNativeFileSaver } from '../download';
import { storageKeys, subscribeSession } from '../session';
import { keepSession } from './biometric-login';
import { startPush } from './push-start';
import { getSecureStorage } from './secure-storage';
import { getNativeApp } from './app';
import { getNativeBrowser } from './browser';
import { getNativeReview } from './review';
import { createReviewPrompt, localReviewStore, type ReviewPrompt } from './review-prompt';
import { saveToDocuments } from './save-file';
import { getStatusBar } from './status-bar';
import type { Unsubscribe } from './types';

export type NativeShellDeps = {
  platform: 'ios' | 'android';
  /** The router's navigate: a path, or -1 for back. */
  navigate: (to: string | -1) => void;
  pathname: () => string;
};

let reviewPrompt: ReviewPrompt | null = null;

/**
 * The app's review prompt (one per page). Made when the native layer first loads, which counts
 * this launch as a session: before any page can note data viewed, whichever of the shell and the
 * page gets here first (React may also start the shell twice).
 */
export function appReviewPrompt(): ReviewPrompt {
  if (reviewPrompt) return reviewPrompt;
  reviewPrompt = createReviewPrompt({
    store: localReviewStore,
    request: async () => (await getNativeReview()).requestReview(),
  });
  reviewPrompt.recordSession();
  try {
    window.localStorage.setItem(storageKeys.appLaunched, '1');
  } catch {
    // Storage blocked.
  }
  return reviewPrompt;
}

/**
 * The path inside the app a deep link names: 'net.outpost.portal://services/usage?x=1' and
 * 'https://portal.example/services/usage?x=1' both open /services/usage?x=1. Null when it names none.
 */
export function deepLinkPath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const custom = parsed.protocol !== 'http:' && parsed.protocol !== 'https:';
  const path = custom ? `/${parsed.host}${parsed.pathname}` : parsed.pathname;
  const clean = `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return `${clean}${parsed.search}`;
}

/**
 * The absolute http(s) address a click on a link to another site follows, or null (an in-app
 * link, a tel: or mailto: link, a click with a modifier or already handled).
 */
export function externalLinkTarget(
  event: MouseEvent,
  origin = window.location.origin,
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  let url: URL;
  try {
    url = new URL(link.href, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === origin ? null : url.href;
}

/** Links to other sites open in the in-app browser, not inside the app's web view. */
function openExternalLinksInBrowser(): Unsubscribe {
  const handleClick = (event: MouseEvent) => {
    const url = externalLinkTarget(event);
    if (!url) return;
    event.preventDefault();
    void getNativeBrowser()
      .then((browser) => browser.open(url))
      .catch(() => window.open(url, '_blank', 'noopener'));
  };
  document.addEventListener('click', handleClick);
  return () => document.removeEventListener('click', handleClick);
}

/** iOS: the header clears the status bar by its height (spec 1 section 2 "iOS adds a safe-area top offset"). */
async function applyStatusBar(platform: 'ios' | 'android'): Promise<void> {
  const statusBar = await getStatusBar();
  await statusBar.setStyle('light').catch(() => {});
  const height = Math.max(0, Math.round(await statusBar.height()));
  try {
    window.localStorage.setItem(storageKeys.statusbarHeight, String(height));
  } catch {
    // Storage blocked.
  }
  if (platform === 'ios')
    document.documentElement.style.setProperty('--statusbar-height', `${height}px`);
}

/**
 * Starts the native shell (ios/android): the status bar offset, the session count (this launch
 * and every resume), Android's back button (back while there is history and this is not home,
 * else leave the app), deep links, links to other sites in the in-app browser, the session kept
 * for biometric login, and push registration. Returns the clean-up.
 */
export async function startNative({
  platform,
  navigate,
  pathname,
}: NativeShellDeps): Promise<Unsubscribe> {
  appReviewPrompt();
  setNativeFileSaver(saveToDocuments);
  const app = await getNativeApp();
  const stops = await Promise.all([
    app.onResume(() => appReviewPrompt().recordSession()),
    app.onBackButton(({ canGoBack }) => {
      if (canGoBack && pathname() !== '/') navigate(-1);
      else void app.exitApp();
    }),
    app.onDeepLink((url) => {
      const path = deepLinkPath(url);
      if (path) navigate(path);
    }),
  ]);
  stops.push(openExternalLinksInBrowser());
  // Biometric login: the session follows every login and refresh into the secure store.
  const secure = await getSecureStorage();
  const keep = () => void keepSession(secure).catch(() => {});
  stops.push(subscribeSession(keep));
  keep();
  // Push: registration by permission once someone is logged in, rotated tokens, tapped notifications.
  stops.push(await startPush((path) => navigate(path)));
  // Cold-started by a deep link: open its page (unless the app is already there).
  void app
    .getLaunchUrl()
    .then((url) => {
      const path = url ? deepLinkPath(url) : null;
      if (path && path !== pathname()) navigate(path);
    })
    .catch(() => {});
  void applyStatusBar(platform).catch(() => {});
  return () => {
    for (const stop of stops) stop();
  };
}
