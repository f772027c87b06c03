import { FIRST_REQUESTS_GLOBAL } from '@outpost/contracts/first-requests';

/** What index.html's inline script left (vite-plugins/route-preload.ts; docs/decisions/032). */
type FirstRequests = {
  /** The USER token the requests carry. */
  t: string;
  /** When they started (ms since the epoch). */
  a: number;
  /** By API path: the answer, not yet read. */
  r: Record<string, Promise<Response> | undefined>;
};

/** Older than this, an answer is not used: the page opened later asks again. */
const MAX_AGE_MS = 30_000;

/**
 * The answer to a GET of `path` that index.html started before the app loaded, sent with `token`,
 * if there is one: each is handed out once (a Response is read once), and only for the same token
 * (a new login or a renewed token asks again).
 */
export function takeFirstResponse(path: string, token: string): Promise<Response> | undefined {
  const first = (window as unknown as Record<string, FirstRequests | undefined>)[
    FIRST_REQUESTS_GLOBAL
  ];
  const response = first?.r[path];
  if (!first || !response) return undefined;
  delete first.r[path];
  return first.t === token && Date.now() - first.a < MAX_AGE_MS ? response : undefined;
}
