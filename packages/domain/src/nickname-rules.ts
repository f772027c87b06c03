import { NICKNAME_MAX_LENGTH } from './constants';

/** Add Nickname (spec 2 section 5): a name is needed, at most 20 characters. */
export const nicknameMessages = {
  required: 'Please enter a nickname, or select Close to leave it as it is.',
} as const;

export function checkNickname(value: string): string | null {
  return value.trim() === '' ? nicknameMessages.required : null;
}

/** 'N characters remaining' (the live counter under the field). */
export function nicknameRemainingText(value: string): string {
  const left = NICKNAME_MAX_LENGTH - value.length;
  return `${left} ${left === 1 ? 'character' : 'characters'} remaining`;
}
