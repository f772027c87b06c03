/** Where to go after login, and how to build the login URL (spec 1 sections 2 and 4). */

/**
 * A redirect target is safe when it is a path on this site: it starts with '/', but not '//'
 * or '/\' (protocol-relative URLs a browser would send off-site), and holds no whitespace or
 * control characters (browsers drop tabs and newlines, turning '/\t/evil' into '//evil').
 */
export function isSafeRedirect(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\s\u0000-\u001f\u007f]/.test(value);
}

export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  return isSafeRedirect(value) ? value : fallback;
}

export type LoginReason = 'session-expired' | 'bio-auth-error';

/** '/login' with an optional reason and a redirect back (left out when it would be '/'). */
export function loginPath(
  options: { redirect?: string | null; reason?: LoginReason } = {},
): string {
  const params = new URLSearchParams();
  if (options.reason) params.set('reason', options.reason);
  const redirect = options.redirect;
  if (isSafeRedirect(redirect) && redirect !== '/' && !redirect.startsWith('/login')) {
    params.set('redirect', redirect);
  }
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/** The path and query of a URL (what the login redirect keeps). */
export function pathWithSearch(url: { pathname: string; search: string }): string {
  return `${url.pathname}${url.search}`;
}
