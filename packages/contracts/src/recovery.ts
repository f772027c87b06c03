import { z } from 'zod';
import { envelope } from './http';
import { sessionOutput } from './auth';
import { passwordMessages } from '@outpost/domain/password-rules';

/** How a recovery request names the person (spec 1 section 5): the client infers it. */
export const recoveryMethod = z.enum(['email', 'sms', 'username']);
export type RecoveryMethodName = z.infer<typeof recoveryMethod>;

const contactFields = {
  method: recoveryMethod,
  email: z.string().trim().min(3).max(254).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^[0-9]{10}$/, 'must be 10 digits')
    .optional(),
  username: z.string().trim().min(1).max(200).optional(),
};

const fieldFor = { email: 'email', sms: 'mobile', username: 'username' } as const;

/** The field that matches the method must be present, and no other contact field. */
function matchesMethod(value: {
  method: RecoveryMethodName;
  email?: string;
  mobile?: string;
  username?: string;
}) {
  const wanted = fieldFor[value.method];
  return (['email', 'mobile', 'username'] as const).every(
    (f) => (f === wanted) === (value[f] !== undefined),
  );
}
const methodMessage = {
  message: 'give exactly the contact field that matches method (email, mobile or username)',
};

const code = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'must be 6 digits');
const csrf = z.string().min(20).max(100);

export const recoverRequestPrepareInput = z
  .strictObject(contactFields)
  .refine(matchesMethod, methodMessage);
export const recoverRequestCommitInput = z
  .strictObject({ ...contactFields, csrf })
  .refine(matchesMethod, methodMessage);
/**
 * The second factor, for an account with two-factor on (docs/decisions/035): recovery never
 * skips it. Without it the verify answers the login's 'Extended validation required: ...' (and
 * sends the login code by SMS or email, as a login does); the page then asks for it.
 */
const verification = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'must be 6 digits')
  .optional();
export const recoverVerifyPrepareInput = z
  .strictObject({ ...contactFields, code, verification })
  .refine(matchesMethod, methodMessage);
export const recoverVerifyCommitInput = z
  .strictObject({ ...contactFields, code, verification, csrf })
  .refine(matchesMethod, methodMessage);

export type RecoverRequestInput = z.infer<typeof recoverRequestPrepareInput>;
export type RecoverVerifyInput = z.infer<typeof recoverVerifyPrepareInput>;

export const csrfOutput = envelope(z.object({ csrf: z.string() }));
/** The same answer whether or not the details match an account (docs/decisions/005). */
export const deliveryOutput = envelope(z.object({ delivery: z.string() }));
export const verifyOutput = envelope(sessionOutput);

/**
 * PATCH profile: the forced password update right after access recovery (no current password:
 * the recovery code proved who it is), and every other change, which needs the current one.
 */
export const updatePasswordInput = z.strictObject({
  password: z.string().min(1).max(1000),
  current_password: z.string().min(1).max(1000).optional(),
});
export const updatePasswordOutput = envelope(z.object({ updated: z.literal(true) }));

export const recoveryServerMessages = {
  delivery: {
    email:
      'If those details match an account, we have emailed a 6-digit code and a link to the address on it. The code works once and expires in 10 minutes.',
    sms: 'If those details match an account, we have sent a 6-digit code and a link by SMS to the mobile on it. The code works once and expires in 10 minutes.',
    username:
      'If those details match an account, we have sent a 6-digit code and a link to the email address or mobile on it. The code works once and expires in 10 minutes.',
  },
  lookupFailed: 'Could not look up user based on EMAIL/MOBILE/USERNAME provided.',
  codeInvalid:
    'Invalid request: that code is not right, or it has expired. Check it, or request a new one.',
  codeLocked: 'Invalid request: too many wrong codes. Request a new code.',
  csrfInvalid: 'Invalid request: this request has expired or was already used. Please start again.',
  tooManyRequests: 'Too many requests for these details. Please wait 15 minutes and try again.',
  currentPasswordRequired: 'Invalid request: enter your current password to change it.',
  currentPasswordWrong:
    'Invalid request: your current password is not right. Check it and try again, or log out and use the "Can\'t login?" link.',
  passwordUnchanged: `Invalid request: ${passwordMessages.sameAsCurrent}.`,
  passwordWeak:
    'Invalid request: the password must be at least 8 characters with upper and lower case letters and a number, and no spaces.',
} as const;
