import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { cleanErrorMessage } from './error-message';

const generic = 'Something went wrong. Please contact the site administrator.';
const cleaned = 'There was a problem completing your request. Please try again later.';

describe('error banner cleaning', () => {
  it('shows the generic message for a 401', () => {
    expect(
      cleanErrorMessage(new ApiError('Server', 'Invalid request: your session has ended.', 401)),
    ).toBe(generic);
  });

  it('shows the generic message for a 503', () => {
    expect(cleanErrorMessage({ status: 503, message: 'Service Unavailable' })).toBe(generic);
  });

  it('shows the generic message for an error that is neither a string nor has a message', () => {
    expect(cleanErrorMessage({ code: 42 })).toBe(generic);
    expect(cleanErrorMessage(42)).toBe(generic);
    expect(cleanErrorMessage(new Error(''))).toBe(generic);
  });

  it('replaces a message mentioning JSON', () => {
    expect(cleanErrorMessage(new SyntaxError('Unexpected token < in JSON at position 0'))).toBe(
      cleaned,
    );
  });

  it('replaces an internal error', () => {
    expect(
      cleanErrorMessage(new ApiError('Server', 'Internal error: please try again later.', 500)),
    ).toBe(cleaned);
  });

  it("turns the prefix 'Invalid request:' into 'Error: '", () => {
    expect(cleanErrorMessage('Invalid request: not found.')).toBe('Error: not found.');
  });

  it("removes the prefix 'Bad request:'", () => {
    expect(
      cleanErrorMessage(new ApiError('Server', 'Bad request: the request is too large.', 400)),
    ).toBe('the request is too large.');
  });

  it('keeps any other message as it is', () => {
    expect(cleanErrorMessage('Your card was declined.')).toBe('Your card was declined.');
    expect(cleanErrorMessage(new Error('Missing user token.'))).toBe('Missing user token.');
  });
});
