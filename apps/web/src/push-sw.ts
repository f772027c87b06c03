import { installPushHandlers, type WorkerScope } from './sw-push';

/**
 * /push-sw.js: the minimal service worker features/account/preferences/utils/web-push.ts
 * registers when the page has none of its own (built as a separate entry, vite.config.ts). Push
 * and notification clicks only: no caching.
 */
installPushHandlers(self as unknown as WorkerScope);
