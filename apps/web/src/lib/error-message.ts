import { messages } from '@outpost/contracts/messages';

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status: unknown };
    if (typeof status === 'number') return status;
  }
  return undefined;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}

const INVALID_PREFIX = 'Invalid request:';
const BAD_PREFIX = 'Bad request:';

/**
 * The error banner's cleaning rules (spec 1 section 8), in one place for every page:
 * 401/503 or an error without a message -> the generic message; 'JSON' or 'Internal error:'
 * -> the try-again message; 'Invalid request:' -> 'Error: '; 'Bad request:' removed.
 */
export function cleanErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 401 || status === 503) return messages.banner.generic;
  const message = messageOf(error);
  if (message === undefined) return messages.banner.generic;
  if (message.includes('JSON') || message.includes('Internal error:'))
    return messages.banner.cleaned;
  if (message.startsWith(INVALID_PREFIX))
    return `Error: ${message.slice(INVALID_PREFIX.length).trimStart()}`;
  if (message.startsWith(BAD_PREFIX)) {
    const rest = message.slice(BAD_PREFIX.length).trimStart();
    return rest === '' ? messages.banner.generic : rest;
  }
  return message;
}
