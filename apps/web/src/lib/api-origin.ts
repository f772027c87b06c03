/**
 * Where the API is: the page's own origin on the web (''); in the native app, whose pages load
 * from capacitor://localhost or https://localhost, the server's origin fixed at build time
 * (VITE_API_ORIGIN, `npm run build:native`, which checks it is an origin with no path; docs/decisions/026).
 * The API client and the reachability probe both ask it.
 */
export const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';
