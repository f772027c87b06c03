import { describe, expect, it } from 'vitest';
import { checkNickname, nicknameRemainingText } from './nickname-rules';

describe('nickname rules', () => {
  it('needs a name that is not only spaces', () => {
    expect(checkNickname('   ')).toBe(
      'Please enter a nickname, or select Close to leave it as it is.',
    );
    expect(checkNickname(' Shed ')).toBeNull();
  });

  it('counts the characters left, singular at one', () => {
    expect(nicknameRemainingText('')).toBe('20 characters remaining');
    expect(nicknameRemainingText('x'.repeat(19))).toBe('1 character remaining');
  });
});
