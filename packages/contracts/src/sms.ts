import { z } from 'zod';
import { apiPaths } from './api-paths';
import { envelope } from './http';
import { defineRoute } from './route-contract';

/** The message a delivery report is about: the outbox row's key, in its callback address. */
export const smsStatusParams = z.object({ key: z.uuid() });

/** MessageMedia's callback address carries a token made for that one message. */
export const smsStatusMessageMediaQuery = z.object({ token: z.string().max(100).optional() });

export const smsStatusOutput = envelope(z.object({ received: z.boolean() }));

/**
 * The SMS providers' delivery reports (docs/decisions/043). The body is the provider's (Twilio:
 * form fields; MessageMedia: JSON), read as bytes: the credential is Twilio's signature over the
 * URL and the fields, or the token in MessageMedia's callback address.
 */
export const smsRoutes = {
  smsStatusTwilio: defineRoute({
    id: 'smsStatusTwilio',
    method: 'POST',
    path: apiPaths.smsStatusTwilio,
    summary:
      "Twilio's status callback for one SMS; X-Twilio-Signature is the credential, delivered or failed is recorded on the message",
    access: 'public',
    permissions: [],
    objects: [],
    params: smsStatusParams,
    response: smsStatusOutput,
    example: { params: { key: 'a6d1f5b2-3c4e-4f60-8a9b-0c1d2e3f4a5b' } },
  }),
  smsStatusMessageMedia: defineRoute({
    id: 'smsStatusMessageMedia',
    method: 'POST',
    path: apiPaths.smsStatusMessageMedia,
    summary:
      "MessageMedia's delivery report for one SMS; the token in the callback address is the credential, delivered or failed is recorded on the message",
    access: 'public',
    permissions: [],
    objects: [],
    params: smsStatusParams,
    querystring: smsStatusMessageMediaQuery,
    response: smsStatusOutput,
    example: { params: { key: 'a6d1f5b2-3c4e-4f60-8a9b-0c1d2e3f4a5b' } },
  }),
} as const;
