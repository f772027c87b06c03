import { describe, expect, it } from 'vitest';
import { checkLoginInput, loginMessages } from './login-rules';

describe('checkLoginInput', () => {
  it('asks for both fields when the username is empty', () => {
    expect(checkLoginInput('', 'secret')).toBe('Please enter your username and password.');
  });

  it('asks for both fields when the password is empty', () => {
    expect(checkLoginInput('holder', '')).toBe(loginMessages.missingCredentials);
  });

  it('explains that an email address is not a username', () => {
    expect(checkLoginInput('jo@example.com', 'secret')).toBe(
      "It appears you entered an email address rather than your Username. If you are unsure of your Username, please click the 'Can't login?' link.",
    );
  });

  it('accepts a username and password', () => {
    expect(checkLoginInput('holder', 'Outpost-demo-1')).toBeNull();
  });
});
