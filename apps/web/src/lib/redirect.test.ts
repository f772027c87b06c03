import { describe, expect, it } from 'vitest';
import { isSafeRedirect, loginPath, safeRedirect } from './redirect';

describe('safe redirect', () => {
  it('accepts a path on this site with its query', () => {
    expect(safeRedirect('/services')).toBe('/services');
    expect(safeRedirect('/services/usage?service=3')).toBe('/services/usage?service=3');
  });

  it.each([
    ['//evil.example', 'a protocol-relative URL'],
    ['/\\evil.example', 'a backslash after the slash'],
    ['https://evil.example/', 'an absolute URL'],
    ['javascript:alert(1)', 'a script URL'],
    ['services', 'a relative path'],
    ['/\t/evil.example', 'a tab that browsers drop'],
    ['', 'an empty value'],
  ])('goes home for %s (%s)', (value) => {
    expect(isSafeRedirect(value)).toBe(false);
    expect(safeRedirect(value)).toBe('/');
  });

  it('goes home when there is no redirect', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});

describe('login path', () => {
  it('keeps where the user was going', () => {
    expect(loginPath({ redirect: '/services?tab=all' })).toBe(
      '/login?redirect=%2Fservices%3Ftab%3Dall',
    );
  });

  it('adds the reason and leaves out a redirect home or to the login page', () => {
    expect(loginPath({ reason: 'session-expired', redirect: '/' })).toBe(
      '/login?reason=session-expired',
    );
    expect(loginPath({ redirect: '/login?reason=x' })).toBe('/login');
  });
});
