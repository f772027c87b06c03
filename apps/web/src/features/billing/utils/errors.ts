import { messages } from '@outpost/contracts/messages';

/**
 * The payment method page's failure texts (spec 3 section 8): the server's message when it gave
 * one, else 'Falied to ...' (the spec's spelling); an exception (the request never completed, or
 * something broke here) gives 'Failed to ...: {message}'.
 */

type Failure = { kind?: string; message?: string };

function asFailure(error: unknown): Failure {
  return typeof error === 'object' && error !== null ? (error as Failure) : {};
}

function serverText(error: unknown): string | null {
  const failure = asFailure(error);
  return failure.kind === 'Server' && failure.message ? failure.message : null;
}

function isException(error: unknown): boolean {
  const failure = asFailure(error);
  return failure.kind !== 'Server' && failure.kind !== 'Parse';
}

function exceptionText(error: unknown): string {
  const failure = asFailure(error);
  return failure.message || String(error);
}

export function removeFailureMessage(
  what: 'card details' | 'bank details',
  error: unknown,
): string {
  const server = serverText(error);
  if (server) return server;
  if (isException(error)) return messages.billing.removeException(what, exceptionText(error));
  return messages.billing.removeFailed(what);
}

export function defaultFailureMessage(error: unknown): string {
  const server = serverText(error);
  if (server) return server;
  if (isException(error)) return messages.billing.defaultException(exceptionText(error));
  return messages.billing.defaultFailed;
}
