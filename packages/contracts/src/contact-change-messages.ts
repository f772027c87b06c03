import type { ContactChangeKind } from './account';

/**
 * The messages of a change of one's own email or mobile (docs/decisions/035). Zod-free, so the
 * web page that shows them does not bring the schemas (and zod) into its bundle.
 */
export const contactChangeMessages = {
  emailTaken:
    'Invalid request: That email address is already used by someone else. Use a different email address.',
  mobileTaken:
    'Invalid request: That mobile number is already used by someone else. Use a different mobile number.',
  codeWrong:
    'Invalid request: That code is not right, or it has expired. Check it, or select Update again to get a new code.',
  codeLocked: 'Invalid request: Too many wrong codes. Select Update again to get a new code.',
  nothingPending:
    'Invalid request: There is no change waiting for a code in this session. Select Update to change your details.',
  mobileNeededForTwoFactor:
    'Invalid request: Your mobile receives your two-factor codes. Change your two-factor method on Account Security before removing it.',
  /** The PATCH's answer: what the page tells the user when a code went to a new address. */
  codeSent: (kinds: readonly ContactChangeKind[]) => {
    const to = kinds.map((k) => (k === 'email' ? 'email address' : 'mobile'));
    return kinds.length > 1
      ? `We have sent a 6-digit code to your new ${to.join(' and another to your new ')}. Your details change when you enter them. The codes expire in 10 minutes.`
      : `We have sent a 6-digit code to your new ${to[0]}. Your details change when you enter it. The code expires in 10 minutes.`;
  },
} as const;
