import { apiPaths } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import type { PermissionEntry } from '@outpost/contracts/auth';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import { takeFirstResponse } from './preload';
import { API_ORIGIN } from './api-origin';
import { cleanErrorMessage } from './error-message';
import { reportAnswer, reportNoAnswer } from './reachability';
import { ApiError, errorFields, errorText, isApiError, isSessionRejection } from './api-error';
import { setPermissionsFailure } from './permissions-failure';
import { endExpiredSession } from './session-expiry';
import {
  getRefreshToken,
  getStoredPermissions,
  getUserToken,
  isSessionPayload,
  isTokenExpired,
  readStoredToken,
  storePermissions,
  storeSession,
} from './session';

/**
 * The one API client: JSON in and out, token headers, the 200/302 success rule, typed
 * failures, and 401 handling (one shared refresh, one retry, else the session ends).
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * user: X-User-Token (default); refresh: X-Refresh-Token; none: no token (login);
 * session: both tokens there are, so a session whose USER token expired can still be ended (logout).
 */
export type AuthMode = 'user' | 'refresh' | 'session' | 'none';

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  auth?: AuthMode;
  signal?: AbortSignal;
  /** Lets the request outlive the page (logout while navigating away). */
  keepalive?: boolean;
  /** On a 401: refresh once and retry, ending the session if that fails. Default true for 'user'. */
  renewOn401?: boolean;
  /** The Accept header; JSON unless a file is asked for (errors still come as JSON). */
  accept?: string;
  /**
   * A USER token to send instead of the session's (embedded usage: a token scoped to one
   * service's usage). Sent as X-User-Token; never renewed, and a 401 does not end the session.
   */
  userToken?: string;
};

/** HTTP 200 and 302 are success; an opaque redirect is reported as 302 with its url. */
export type ApiSuccess<T> = { status: 200; data: T } | { status: 302; url: string };

// ---- refresh: one at a time in this tab, and one at a time across tabs

/** A USER token with more life than this left is fresh enough: another flight already renewed it. */
const FRESH_ENOUGH_MS = 60_000;
const REFRESH_LOCK = 'outpost-session-refresh';

let refreshInFlight: Promise<void> | null = null;

async function withRefreshLock(task: () => Promise<void>): Promise<void> {
  // Tabs share the refresh token, and reusing a rotated one revokes the whole session:
  // one refresh at a time across tabs (Web Locks), re-checking the stored token inside.
  const locks = (navigator as Partial<Pick<Navigator, 'locks'>>).locks;
  if (locks) await locks.request(REFRESH_LOCK, task);
  else await task();
}

async function runRefresh(staleUserToken: string | undefined): Promise<void> {
  await withRefreshLock(async () => {
    const current = readStoredToken('USER');
    const renewedElsewhere =
      current !== null &&
      (staleUserToken === undefined
        ? !isTokenExpired(current, Date.now() + FRESH_ENOUGH_MS)
        : current.token !== staleUserToken && !isTokenExpired(current));
    if (renewedElsewhere) return;

    const sent = getRefreshToken();
    const result = await apiRequest<unknown>(apiPaths.refresh, {
      method: 'POST',
      body: {},
      auth: 'refresh',
    });
    if (result.status !== 200 || !isSessionPayload(result.data)) {
      throw new ApiError('Parse', messages.login.processingFailed, result.status);
    }
    // A logout while the request was out must win: store only over the session we renewed.
    if (readStoredToken('REFRESH')?.token !== sent)
      throw new ApiError('TOKEN', messages.request.missingRefresh);
    storeSession(result.data);
  });
}

/**
 * Exchanges the REFRESH token for new tokens and stores them (the refresh token is rotated).
 * Concurrent callers share one request. `staleUserToken`: the token a 401 refused; when the
 * stored one already differs, another caller renewed it and no request is made.
 */
export function refreshSession(staleUserToken?: string): Promise<void> {
  refreshInFlight ??= runRefresh(staleUserToken).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// ---- requests

function tokenHeaders(auth: AuthMode, token: string | null): Record<string, string> {
  if (auth === 'session') {
    const user = getUserToken();
    const refresh = getRefreshToken();
    return {
      ...(user ? { 'X-User-Token': user } : {}),
      ...(refresh ? { 'X-Refresh-Token': refresh } : {}),
    };
  }
  if (auth === 'user' && token) return { 'X-User-Token': token };
  if (auth === 'refresh' && token) return { 'X-Refresh-Token': token };
  return {};
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let permissionsReload: Promise<void> | null = null;

/**
 * The server sends a fingerprint of the caller's permissions with every answer; when it differs
 * from the stored map (someone changed them), the map is reloaded once, in the background, and
 * menus and guards follow (docs/decisions/016).
 */
function watchPermissions(response: Response): void {
  if (response.type === 'opaqueredirect') return;
  const seen = response.headers.get(PERMISSIONS_HEADER);
  if (!seen || permissionsReload || !getUserToken()) return;
  if (seen === permissionsFingerprint(Object.keys(getStoredPermissions()))) return;
  permissionsReload = apiData<PermissionEntry[]>(apiPaths.permissions)
    .then((entries) => {
      storePermissions(entries);
      setPermissionsFailure(null);
    })
    .catch((error: unknown) => {
      if (isAbort(error)) return;
      setPermissionsFailure(`${messages.login.permissionsFailed}${cleanErrorMessage(error)}`);
    })
    .finally(() => {
      permissionsReload = null;
    });
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    ...tokenHeaders(options.auth ?? 'user', token),
  };
  const init: RequestInit = {
    method,
    headers,
    credentials: 'same-origin',
    // GETs revalidate what the browser keeps (the API's ETags: a 304 costs no body); other
    // methods never touch the HTTP cache.
    cache: method === 'GET' ? 'no-cache' : 'no-store',
    redirect: 'manual',
  };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;
  if (options.keepalive) init.keepalive = true;
  try {
    // The page's first data may already be on its way (index.html started it with this token);
    // if that request failed, ask again.
    const first =
      method === 'GET' && token && options.userToken === undefined
        ? takeFirstResponse(path, token)
        : undefined;
    const response = await (first
      ? first.catch(() => fetch(API_ORIGIN + path, init))
      : fetch(API_ORIGIN + path, init));
    reportAnswer();
    if (options.userToken === undefined) watchPermissions(response);
    return response;
  } catch (error) {
    if (isAbort(error)) throw error;
    // No answer at all: the app counts as offline until the server answers (lib/reachability).
    reportNoAnswer();
    throw new ApiError('HTTP', messages.banner.loadData, undefined, { cause: error });
  }
}

async function interpret<T>(response: Response): Promise<ApiSuccess<T>> {
  if (response.type === 'opaqueredirect' || response.status === 302) {
    return { status: 302, url: response.url };
  }
  let body: unknown;
  try {
    const text = await response.text();
    body = JSON.parse(text) as unknown;
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError('Parse', messages.banner.loadData, response.status, { cause: error });
  }
  if (response.status === 200) {
    if (typeof body === 'object' && body !== null && 'data' in body)
      return { status: 200, data: body.data as T };
    throw new ApiError('Parse', messages.banner.loadData, response.status);
  }
  const text = errorText(body);
  if (text === undefined) throw new ApiError('Parse', messages.banner.loadData, response.status);
  throw new ApiError('Server', text, response.status, { fields: errorFields(body) });
}

function tokenFor(auth: AuthMode): string | null {
  if (auth === 'session') return getUserToken() ?? getRefreshToken();
  if (auth === 'user') return getUserToken();
  if (auth === 'refresh') return getRefreshToken();
  return null;
}

function missingToken(auth: AuthMode): ApiError {
  return new ApiError(
    'TOKEN',
    auth === 'refresh' ? messages.request.missingRefresh : messages.request.missingUser,
  );
}

type Reader<R> = (response: Response) => Promise<R>;

/** Sends a request with the session's token (renewing it once on a 401) and reads the answer. */
async function request<R>(path: string, options: RequestOptions, read: Reader<R>): Promise<R> {
  if (options.userToken !== undefined)
    return requestWithToken(path, options, options.userToken, read);
  const auth = options.auth ?? 'user';
  const renew = auth === 'user' && (options.renewOn401 ?? true);
  try {
    let token = tokenFor(auth);
    if (!token && renew && getRefreshToken()) {
      // The USER token expired (a sleeping laptop, a late timer): renew before sending.
      try {
        await refreshSession();
      } catch (refreshError) {
        if (!isSessionRejection(refreshError)) throw refreshError;
        endExpiredSession();
        throw missingToken(auth);
      }
      token = tokenFor(auth);
    }
    if (auth !== 'none' && !token) throw missingToken(auth);

    try {
      return await read(await send(path, options, token));
    } catch (error) {
      if (!(renew && isApiError(error) && error.kind === 'Server' && error.status === 401))
        throw error;
      try {
        await refreshSession(token ?? undefined);
      } catch (refreshError) {
        if (!isSessionRejection(refreshError)) throw refreshError;
        endExpiredSession();
        throw error;
      }
      const retryToken = tokenFor(auth);
      if (!retryToken) throw missingToken(auth);
      return await read(await send(path, options, retryToken));
    }
  } catch (error) {
    throw asApiError(error);
  }
}

/** An explicit USER token: sent as it is, failures reported as they are (nothing to renew or end). */
async function requestWithToken<R>(
  path: string,
  options: RequestOptions,
  token: string,
  read: Reader<R>,
): Promise<R> {
  try {
    if (!token) throw missingToken('user');
    return await read(await send(path, { ...options, auth: 'user' }, token));
  } catch (error) {
    throw asApiError(error);
  }
}

function asApiError(error: unknown): unknown {
  if (isApiError(error) || isAbort(error)) return error;
  const message = error instanceof Error && error.message ? error.message : messages.banner.generic;
  return new ApiError('Uncaught', message, undefined, { cause: error });
}

/** Sends a request and reads the answer; see ApiError for the failures. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  return request(path, options, interpret<T>);
}

/** A 200 answer's body as a Blob (a PDF, a CSV); an error answer fails as apiRequest does. */
async function readBlob(response: Response): Promise<Blob> {
  if (response.status === 200) return await response.blob();
  const result = await interpret<unknown>(response);
  // A redirect (or a 200 read as JSON) where a file was expected cannot be saved.
  throw new ApiError('Parse', messages.banner.loadData, result.status);
}

/** GETs a file with the user's token (the same headers, 401 renewal and error texts as JSON calls). */
export function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return request(
    path,
    { accept: 'application/pdf, text/csv, application/json', ...options },
    readBlob,
  );
}

/** As apiBlob, with the answer's headers (a Content-Disposition file name). */
export function apiFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  return request(
    path,
    { accept: 'application/pdf, text/csv, application/json', ...options },
    async (response) => ({ blob: await readBlob(response), headers: response.headers }),
  );
}

/** The `data` of a 200 answer; a redirect where data was expected cannot be read. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const result = await apiRequest<T>(path, options);
  if (result.status !== 200) throw new ApiError('Parse', messages.banner.loadData, result.status);
  return result.data;
}
