/** Where the page keeps the version of the app's service worker it last ran under. */
export const SW_VERSION_KEY = 'outpost-sw-version';

/** The worker serving this page: on a first visit, once it has installed and taken the page. */
function controller(): Promise<ServiceWorker | null> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return Promise.resolve(null);
  if (container.controller) return Promise.resolve(container.controller);
  return new Promise((resolve) => {
    container.addEventListener('controllerchange', () => resolve(container.controller), {
      once: true,
    });
  });
}

/** The version of the worker serving this page (src/sw.ts answers 'VERSION'); null without one. */
export async function askWorkerVersion(timeoutMs = 3_000): Promise<string | null> {
  const worker = await controller();
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ version?: unknown }>) => {
      window.clearTimeout(timer);
      resolve(typeof event.data.version === 'string' ? event.data.version : null);
    };
    worker.postMessage({ type: 'VERSION' }, [channel.port2]);
  });
}

/**
 * Whether a new version of the app took over since this device last ran it (the first visit under
 * a new service worker): remembers the version either way.
 */
export async function tookOverSinceLastVisit(): Promise<boolean> {
  const version = await askWorkerVersion();
  if (version === null) return false;
  let previous: string | null;
  try {
    previous = window.localStorage.getItem(SW_VERSION_KEY);
    window.localStorage.setItem(SW_VERSION_KEY, version);
  } catch {
    return false;
  }
  return previous !== null && previous !== version;
}
