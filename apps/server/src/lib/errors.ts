import { serverErrors } from '@outpost/contracts/messages';

/** An error a module throws on purpose; the error handler answers with its status and message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = 'APP_ERROR',
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new AppError(401, serverErrors.unauthenticated, 'UNAUTHENTICATED');
export const tokenExpired = () => new AppError(401, serverErrors.tokenExpired, 'TOKEN_EXPIRED');
export const forbidden = () => new AppError(403, serverErrors.forbidden, 'FORBIDDEN');
export const notFound = () => new AppError(404, serverErrors.notFound, 'NOT_FOUND');
export const tooManyRequests = (message: string = serverErrors.tooManyRequests) =>
  new AppError(429, message, 'RATE_LIMITED');
