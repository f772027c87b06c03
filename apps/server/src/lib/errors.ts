import { serverErrors } from '@outpost/contracts/messages';

/**
 * A module's errors in one place: each code with the message the client sees (verbatim from the
 * spec where it quotes one), or a function building it from details. The HTTP status of every
 * code is set in one table, in plugins/error-handler.ts.
 */
export type ErrorCatalogue = Record<string, string | ((...details: never) => string)>;

/** An error a module throws on purpose: its code decides the status, its message is the answer. */
export class AppError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
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
export function errorMaker<const C extends ErrorCatalogue>(catalogue: C) {
  return <K extends keyof C & string>(code: K, ...details: Details<C[K]>): AppError<K> => {
    const message = catalogue[code]!;
    return new AppError(
      code,
      typeof message === 'string'
        ? message
        : (message as (...details: unknown[]) => string)(...details),
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

export const commonError = errorMaker(commonErrors);
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
    super('tooManyRequests', message);
  }
}
