/** The API client's typed failures (lib/api-client.ts) and how an error answer reads. */

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

/** The error text an answer carries (`data.error`). */
export function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('data' in body)) return undefined;
  const data: unknown = body.data;
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  return typeof data.error === 'string' ? data.error : undefined;
}

/** The field errors an answer carries, when it has only string messages. */
export function errorFields(body: unknown): Record<string, string> | undefined {
  const data = (body as { data?: { fields?: unknown } }).data;
  const fields = data?.fields;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const entries = Object.entries(fields);
  return entries.every(([, v]) => typeof v === 'string')
    ? Object.fromEntries(entries as [string, string][])
    : undefined;
}
