import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sameSecret } from '../../lib/tokens';
import { smsRoutes } from '@outpost/contracts/sms';
import type { SmsConfig } from '../../adapters/sms-providers';
import {
  isTwilioSignature,
  messageMediaCallbackToken,
  messageMediaOutcome,
  twilioOutcome,
} from '../../adapters/sms-providers';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { smsReportsError } from './sms-reports.errors';
import { recordDelivery } from './sms-reports.service';

export type SmsReportsDeps = {
  db: Db;
  clock: () => Date;
  sms: SmsConfig;
  /** The portal's address (PUBLIC_URL): Twilio signs the URL it called, built from it. */
  publicUrl: string;
};

/** A delivery report is small (Twilio's form fields, one MessageMedia report). */
const REPORT_BODY_LIMIT = 64 * 1024;

/**
 * The SMS providers' delivery reports (docs/decisions/043): each message's callback address,
 * answered only for the provider configured (404 otherwise). A report that is not the provider's
 * (no or a wrong signature, a token not ours) is refused with 403 before its body is read; a final
 * status (delivered, failed) is recorded on the message, one still on its way is acknowledged.
 */
export const smsReportsModule: FastifyPluginAsyncZod<{ deps: SmsReportsDeps }> = async (
  app,
  { deps },
) => {
  // The body is read as bytes: Twilio posts form fields, MessageMedia JSON, and the signature
  // covers Twilio's fields as sent. A scope of its own keeps every other route on JSON.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: REPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body.toString('utf8') : '');

    scope.route({
      ...routeFor(smsRoutes.smsStatusTwilio),
      handler: async (request) => {
        const sms = deps.sms;
        if (sms.provider !== 'twilio') throw notFound();
        const type = String(request.headers['content-type'] ?? '');
        const params = new URLSearchParams(
          type.startsWith('application/x-www-form-urlencoded') ? raw(request.body) : '',
        );
        const signature = request.headers['x-twilio-signature'];
        // The URL Twilio called: the callback address we gave it (PUBLIC_URL and this path).
        const url = `${deps.publicUrl}${request.url}`;
        if (
          !isTwilioSignature(
            sms.authToken,
            typeof signature === 'string' ? signature : undefined,
            url,
            [...params.entries()],
          )
        ) {
          request.log.info('sms delivery report refused: signature');
          throw smsReportsError('smsReportSignature');
        }
        const outcome = twilioOutcome(params);
        if (outcome) {
          const known = await recordDelivery(
            deps.db,
            { key: request.params.key, outcome, providerId: params.get('MessageSid') },
            deps.clock(),
          );
          request.log.info({ known, status: outcome.status }, 'sms delivery report');
        }
        return { data: { received: true } };
      },
    });

    scope.route({
      ...routeFor(smsRoutes.smsStatusMessageMedia),
      handler: async (request) => {
        const sms = deps.sms;
        if (sms.provider !== 'messagemedia') throw notFound();
        const token = request.query.token ?? '';
        if (!sameSecret(token, messageMediaCallbackToken(sms.apiSecret, request.params.key))) {
          request.log.info('sms delivery report refused: token');
          throw smsReportsError('smsReportSignature');
        }
        let report: unknown;
        try {
          report = JSON.parse(raw(request.body));
        } catch {
          throw smsReportsError('smsReportUnreadable');
        }
        if (!report || typeof report !== 'object' || Array.isArray(report))
          throw smsReportsError('smsReportUnreadable');
        const fields = report as { status?: unknown; error_code?: unknown; message_id?: unknown };
        const outcome = messageMediaOutcome(fields);
        if (outcome) {
          const known = await recordDelivery(
            deps.db,
            {
              key: request.params.key,
              outcome,
              providerId: typeof fields.message_id === 'string' ? fields.message_id : null,
            },
            deps.clock(),
          );
          request.log.info({ known, status: outcome.status }, 'sms delivery report');
        }
        return { data: { received: true } };
      },
    });
  });
};
