import { apiPaths } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import type { PermissionEntry } from '@outpost/contracts/auth';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import { takeFirstResponse } from './preload';
import { API_ORIGIN } from './api-origin';
import { cleanErrorMessage } from './error-message';
import { reportAnswer, reportNoAnswer } from './reachability';
import { loginPath, pathWithSearch } from './redirect';
import {
  clearSession,
  getRefreshToken,
  getStoredPermissions,
  getUserToken,
  hasStoredTokens,
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

export type ApiErrorKind =
  /** No usable token: thrown before sending ('Missing user token.' / 'Missing refresh token.'). */
  | 'TOKEN'
  /** The answer could not be read (with its status). */
  | 'Parse'
  /** The request did not complete (network failure). */
  | 'HTTP'
  /** Anything else that went wrong. */
  | 'Uncaught'
  /** The server answered an error: status and its `data.error` text. */
  | 'Server'
  /** Saving or opening a downloaded file on ios/android failed (spec 1 section 8). */
  | 'FILE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** A form's field errors from the server (field path -> message; docs/decisions/022). */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** In a prepare/commit flow, which call failed (a wizard goes back to a step for each). */
  phase: 'prepare' | 'commit' | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    status?: number,
    options?: { cause?: unknown; fields?: Record<string, string> },
  ) {
    super(message, options);
    this.kind = kind;
    this.status = status;
    this.fields = options?.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

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

// ---- session expiry hand-off

type SessionExpiredHandler = () => void;

function reloadToLogin(): void {
  window.location.assign(
    loginPath({ reason: 'session-expired', redirect: pathWithSearch(window.location) }),
  );
}

let sessionExpiredHandler: SessionExpiredHandler = reloadToLogin;

/**
 * How an ended session reaches /login?reason=session-expired&redirect=<here>: by default a page
 * load; the app routes there through the router instead (no reload, no re-download).
 */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = reloadToLogin;
  };
}

/** Clears the session and sends the user to the login page with the session-expired message. */
export function endExpiredSession(): void {
  const hadSession = hasStoredTokens();
  clearSession();
  if (hadSession) sessionExpiredHandler();
}

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

/**
 * Did the server refuse the session (or is there no token to offer), as opposed to a network
 * failure, an unreadable answer (a captive portal, a proxy page), rate limiting or a server
 * fault? Only a refusal ends the session: a satellite drop-out must not log anyone out.
 */
export function isSessionRejection(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'TOKEN') return true;
  if (error.kind !== 'Server' || error.status === undefined) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
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
 * The last failed permissions reload, as the user reads it (spec 1 section 8: 'Error fetching user
 * permissions: ' plus the server error); null once a reload succeeds or the user dismisses it.
 */
let permissionsFailure: string | null = null;
const permissionsFailureListeners = new Set<() => void>();

function setPermissionsFailure(value: string | null): void {
  if (permissionsFailure === value) return;
  permissionsFailure = value;
  for (const listener of [...permissionsFailureListeners]) listener();
}

export function getPermissionsFailure(): string | null {
  return permissionsFailure;
}

export function dismissPermissionsFailure(): void {
  setPermissionsFailure(null);
}

export function subscribePermissionsFailure(listener: () => void): () => void {
  permissionsFailureListeners.add(listener);
  return () => {
    permissionsFailureListeners.delete(listener);
  };
}

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

function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('data' in body)) return undefined;
  const data: unknown = body.data;
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  return typeof data.error === 'string' ? data.error : undefined;
}

/** The field errors an answer carries, when it has only string messages. */
function errorFields(body: unknown): Record<string, string> | undefined {
  const data = (body as { data?: { fields?: unknown } }).data;
  const fields = data?.fields;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const entries = Object.entries(fields);
  return entries.every(([, v]) => typeof v === 'string')
    ? Object.fromEntries(entries as [string, string][])
    : undefined;
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
