import { serverErrors } from '@outpost/contracts/messages';

/**
 * A module's errors in one place: each code with the message the client sees (verbatim from the
 * spec where it quotes one), or a function building it from details; beside it, the HTTP status
 * of every code. The error handler answers an AppError with its own status and message.
 */
export type ErrorCatalogue = Record<string, string | ((...details: never) => string)>;

/** The HTTP status of each code of a catalogue. */
export type ErrorStatuses<C extends ErrorCatalogue> = { readonly [K in keyof C]: number };

/** An error a module throws on purpose: its status and message are the answer. */
export class AppError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    /** The HTTP status answered, declared beside the code in the module's `*.errors.ts`. */
    readonly statusCode: number,
    /** A form's field errors (path -> message), answered beside the message. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Details<M> = M extends (...details: infer A) => string ? A : [];

/**
 * The error maker of a catalogue: `fail('notFound')`, or with the details a message needs,
 * `fail('challenge', 'enter the code')`.
 */
export function errorMaker<const C extends ErrorCatalogue>(
  catalogue: C,
  statuses: ErrorStatuses<C>,
) {
  return <K extends keyof C & string>(code: K, ...details: Details<C[K]>): AppError<K> => {
    const message = catalogue[code]!;
    return new AppError(
      code,
      typeof message === 'string'
        ? message
        : (message as (...details: unknown[]) => string)(...details),
      statuses[code],
    );
  };
}

/** Errors any route may answer (auth hook, edge checks, lookups scoped to the caller). */
export const commonErrors = {
  unauthenticated: serverErrors.unauthenticated,
  tokenExpired: serverErrors.tokenExpired,
  forbidden: serverErrors.forbidden,
  notFound: serverErrors.notFound,
  tooManyRequests: serverErrors.tooManyRequests,
  badCharacters: serverErrors.badCharacters,
} as const;
export type CommonErrorCode = keyof typeof commonErrors;

/** The HTTP status of each code. */
export const commonStatuses = {
  unauthenticated: 401,
  tokenExpired: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  badCharacters: 400,
} as const;

export const commonError = errorMaker(commonErrors, commonStatuses);
export const unauthenticated = () => commonError('unauthenticated');
export const tokenExpired = () => commonError('tokenExpired');
export const forbidden = () => commonError('forbidden');
export const notFound = () => commonError('notFound');
export const tooManyRequests = () => commonError('tooManyRequests');

/**
 * A limit reached (429): the common 'Too many requests' text, or a module's own in the same
 * style, with the seconds until the window ends (answered as Retry-After).
 */
export class RateLimitedError extends AppError<'tooManyRequests'> {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = serverErrors.tooManyRequests,
  ) {
    super('tooManyRequests', message, commonStatuses.tooManyRequests);
  }
}
