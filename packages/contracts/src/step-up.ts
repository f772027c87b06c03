import { z } from 'zod';
import { apiPaths } from './api-paths';
import { emptyInput } from './auth';
import { envelope } from './http';
import { defineRoute } from './route-contract';

/**
 * Step-up for high-risk changes (docs/decisions/016): a route whose contract says `stepUp` needs a
 * one-time code verified in the same session within STEP_UP_FRESH_MS; otherwise it answers 403
 * with serverErrors.stepUpRequired, and the client asks for a code (send, then verify) and retries.
 */
export const STEP_UP_FRESH_MS = 10 * 60 * 1000;

/** Where the code comes from: the authenticator app (nothing is sent), an SMS or an email. */
export const stepUpMethod = z.enum(['totp', 'sms', 'email']);
export type StepUpMethod = z.infer<typeof stepUpMethod>;

export const stepUpSendOutput = envelope(
  z.object({
    method: stepUpMethod,
    /** A plain sentence for the dialog: where the code went, or to open the authenticator app. */
    delivery: z.string(),
  }),
);
export type StepUpSend = z.infer<typeof stepUpSendOutput>['data'];

export const stepUpVerifyInput = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'must be 6 digits'),
});
export const stepUpVerifyOutput = envelope(z.object({ verified_until: z.iso.datetime() }));
export type StepUpVerify = z.infer<typeof stepUpVerifyOutput>['data'];

export const stepUpRoutes = {
  stepUpSend: defineRoute({
    id: 'stepUpSend',
    method: 'POST',
    path: apiPaths.stepUpSend,
    summary:
      'Send a one-time code for a high-risk change (by SMS or email; none for an authenticator)',
    access: 'user',
    permissions: [],
    objects: [],
    body: emptyInput.nullish(),
    response: stepUpSendOutput,
    example: { body: {} },
  }),
  stepUpVerify: defineRoute({
    id: 'stepUpVerify',
    method: 'POST',
    path: apiPaths.stepUpVerify,
    summary: 'Verify a one-time code: high-risk changes are allowed in this session for 10 minutes',
    access: 'user',
    permissions: [],
    objects: [],
    body: stepUpVerifyInput,
    response: stepUpVerifyOutput,
    example: { body: { code: '123456' } },
  }),
} as const;
