/**
 * Where the two-instance run listens (playwright.scale.config.ts): the proxy the browser talks to
 * on E2E_SCALE_PORT (default 3110), instance A on the next port and B on the one after.
 */
export const PROXY_PORT = Number(process.env.E2E_SCALE_PORT ?? 3110);
export const INSTANCES = { a: PROXY_PORT + 1, b: PROXY_PORT + 2 } as const;
export type InstanceName = keyof typeof INSTANCES;

/** The header the proxy adds to every answer: which instance served it. */
export const SERVED_BY = 'x-outpost-instance';

/** The service key both instances are started with (as the main suite's, e2e/internal-api.ts). */
export const SCALE_INTERNAL_API_KEY = 'e2e-internal-key-0123456789abcdef';
