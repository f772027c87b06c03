/**
 * API paths, free of schemas so the web bundle can import them without zod.
 * Trailing slashes as in the spec. Path parameters use Fastify's ':name' form.
 */
export const API_PREFIX = '/api/portal';

export const apiPaths = {
  health: '/api/health',
  login: `${API_PREFIX}/users/login/`,
  refresh: `${API_PREFIX}/users/current/refresh/`,
  logout: `${API_PREFIX}/users/current/logout/`,
  currentUser: `${API_PREFIX}/users/current/`,
  profile: `${API_PREFIX}/users/current/profile/`,
  permissions: `${API_PREFIX}/users/current/permissions/`,
  guide: `${API_PREFIX}/support/guides/:slug/`,
  contact: `${API_PREFIX}/users/:userid/`,
} as const;

/** Fills ':name' parameters of a path. */
export function buildPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
