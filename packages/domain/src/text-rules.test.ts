import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsUnacceptableText, isAcceptableText } from './text-rules';

describe('isAcceptableText', () => {
  it('accepts what people type, tabs and new lines included', () => {
    for (const text of ['', 'Jordan Citizen', 'O’Brien — café 😀', 'line one\nline two\r\n\tend'])
      expect(isAcceptableText(text)).toBe(true);
  });

  it('refuses NUL, other control characters and unpaired surrogates', () => {
    for (const text of [
      'a\u0000b',
      '\u0007',
      '\u001b[31m',
      'x\u007f',
      '\u0085',
      '\ud800',
      'a\udc00b',
      '\ude00\ud83d',
    ])
      expect(isAcceptableText(text)).toBe(false);
  });

  it('refuses any text with one bad character put anywhere in it', () => {
    const bad = fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u009f',
      '\ud800',
      '\udfff',
    );
    fc.assert(
      fc.property(fc.string(), bad, fc.string(), (before, char, after) => {
        // A lone low surrogate right after a high one would pair up: keep the test honest.
        fc.pre(!(char >= '\udc00' && /[\ud800-\udbff]$/.test(before)));
        fc.pre(!(char <= '\udbff' && char >= '\ud800' && /^[\udc00-\udfff]/.test(after)));
        expect(isAcceptableText(before + char + after)).toBe(false);
      }),
    );
  });
});

describe('holdsUnacceptableText', () => {
  it('finds a bad string deep in a body, in a value or a key', () => {
    expect(holdsUnacceptableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe(true);
    expect(holdsUnacceptableText({ ['k\ud800']: 1 })).toBe(true);
    expect(holdsUnacceptableText({ a: [1, true, null, 'fine\n'] })).toBe(false);
  });
});
