import type { z } from 'zod';
import type { RouteContract } from '@outpost/contracts/route-contract';

/**
 * The console's one API client (issue 39): the admin API and the staff routes, with the staff
 * session's token (X-Staff-Token), typed by the contracts the server registers its routes from.
 * Answers are `{ data }`; a failure is `{ data: { error, fields? } }` and becomes an ApiError with
 * the server's own message. A 401 ends the console's session (the server's ended first).
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const SESSION_KEY = 'outpost-console-session';

export type StaffSession = {
  token: string;
  staff: { staffid: number; name: string; role: 'support' | 'billing' | 'admin' };
};

export function readSession(): StaffSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as StaffSession) : null;
  } catch {
    return null;
  }
}

export function storeSession(session: StaffSession | null): void {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Fired when the session starts or ends (in this tab). */
export const SESSION_EVENT = 'outpost-console-session';

type Route = RouteContract & { response: z.ZodType };
type Data<R extends Route> = z.infer<R['response']> extends { data: infer D } ? D : never;
type Input<R extends Route> = {
  params?: R['params'] extends z.ZodType ? z.input<R['params']> : never;
  query?: R['querystring'] extends z.ZodType ? z.input<R['querystring']> : never;
  body?: R['body'] extends z.ZodType ? z.input<R['body']> : never;
  /** Writes that create take one; the same key when the same request is sent again. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

const FAILURE = 'Something went wrong on our side. Try again in a minute.';
const NO_CONNECTION = 'No connection to the server. Check the network and try again.';

/** The server's error message without the spec's prefixes ("Invalid request: ..."). */
function cleanMessage(message: string): string {
  return message.replace(/^(Invalid request|Bad request|Error): /, '');
}

export async function call<R extends Route>(route: R, input: Input<R> = {}): Promise<Data<R>> {
  return ((await send(route, input)) as { data: Data<R> }).data;
}

/** A route that answers a page of a list (`pageOf`): the rows and whether more follow. */
export async function callPage<R extends Route>(
  route: R,
  input: Input<R> = {},
): Promise<{ rows: Data<R>; hasMore: boolean }> {
  const payload = (await send(route, input)) as { data: Data<R>; has_more?: boolean };
  return { rows: payload.data, hasMore: payload.has_more === true };
}

/** Sends a call and answers the parsed body of a success; a failure throws an ApiError. */
async function send<R extends Route>(route: R, input: Input<R>): Promise<unknown> {
  const session = readSession();
  const search = input.query
    ? `?${new URLSearchParams(
        Object.entries(input.query as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      )}`
    : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers['x-staff-token'] = session.token;
  // A route that reads a file (the CSV import) takes the text as it is, with its own type.
  if (input.body !== undefined) headers['content-type'] = route.consumes ?? 'application/json';
  if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(
      pathOf(route.path, input.params as Record<string, string | number>) + search,
      {
        method: route.method,
        headers,
        body:
          input.body === undefined
            ? null
            : route.consumes
              ? String(input.body)
              : JSON.stringify(input.body),
        credentials: 'same-origin',
        signal: input.signal ?? null,
      },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NO_CONNECTION);
  }
  const payload = (await response.json().catch(() => null)) as {
    data?: { error?: string; fields?: Record<string, string> };
  } | null;
  if (response.ok) return payload ?? { data: undefined };
  throw refusal(response.status, payload, session !== null && route.access !== 'public');
}

/** A failed answer as an ApiError; a 401 to a signed-in call ends the console's session. */
function refusal(
  status: number,
  payload: { data?: { error?: string; fields?: Record<string, string> } } | null,
  signedIn: boolean,
): ApiError {
  if (status === 401 && signedIn) {
    storeSession(null);
    sessionStorage.setItem(ENDED_KEY, 'Your session ended. Sign in again to go on.');
  }
  const message = payload?.data?.error;
  return new ApiError(status, message ? cleanMessage(message) : FAILURE, payload?.data?.fields);
}

/**
 * A file an admin route answers (its row's `produces`, e.g. an invoice's PDF), fetched with the
 * staff session's token (a plain link could not send it) and saved under the server's file name.
 * A refusal is an ApiError with the server's message, as `call` gives.
 */
export async function download<R extends Route>(
  route: R,
  input: Pick<Input<R>, 'params'> = {},
): Promise<void> {
  const session = readSession();
  const headers: Record<string, string> = { accept: route.produces ?? '*/*' };
  if (session) headers['x-staff-token'] = session.token;
  let response: Response;
  try {
    response = await fetch(pathOf(route.path, input.params as Record<string, string | number>), {
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NO_CONNECTION);
  }
  if (!response.ok)
    throw refusal(
      response.status,
      (await response.json().catch(() => null)) as { data?: { error?: string } } | null,
      session !== null,
    );
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the URL need not outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why the last session ended, shown once on the sign-in page. */
export const ENDED_KEY = 'outpost-console-ended';

/** A fresh Idempotency-Key for one new write (kept while the same form is sent again). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
