import Fastify from 'fastify';

/**
 * Local fakes of the SMS providers' APIs (docs/decisions/043), for the adapters' and the delivery
 * reports' tests: each checks the auth, encoding and fields as the real API does and answers with
 * its success and error bodies.
 */

export const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
export const AUTH_TOKEN = '0123456789abcdef0123456789abcdef';
export const API_KEY_SID = 'SKfedcba9876543210fedcba9876543210';
export const API_KEY_SECRET = 'ApiKeySecret0123456789abcdefABCD';
export const SERVICE_SID = 'MG00112233445566778899aabbccddeeff';

export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Numbers the fakes answer specially, as the real APIs would for such a number. */
export const NUMBERS = {
  ok: '+61491570156',
  unsubscribed: '+61491570159',
  busy: '+61491570158',
  broken: '+61491570157',
  invalid: '+61491570150',
};

export type Received = { path: string; authorization?: string; contentType?: string; body: string };

/**
 * A local fake of Twilio's Messages API (2010-04-01): Basic auth with the account sid and auth
 * token or an API key; form fields To, From or MessagingServiceSid, Body, StatusCallback; the
 * answers and error bodies ({code, message, more_info, status}) Twilio gives.
 */
export async function startTwilioFake() {
  const received: Received[] = [];
  const elsewhere: Received[] = [];
  const app = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const error = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
  app.post<{ Params: { sid: string } }>(
    '/2010-04-01/Accounts/:sid/Messages.json',
    async (request, reply) => {
      const body = String(request.body);
      received.push({
        path: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const auth = request.headers.authorization;
      if (
        request.params.sid !== ACCOUNT_SID ||
        (auth !== basic(ACCOUNT_SID, AUTH_TOKEN) && auth !== basic(API_KEY_SID, API_KEY_SECRET))
      )
        return reply.status(401).send(error(401, 20003, 'Authenticate'));
      const form = new URLSearchParams(body);
      const to = form.get('To') ?? '';
      if (!form.get('From') && !form.get('MessagingServiceSid'))
        return reply
          .status(400)
          .send(error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required."));
      if (!form.get('Body'))
        return reply.status(400).send(error(400, 21602, 'Message body is required.'));
      if (!/^\+[1-9][0-9]{7,14}$/.test(to) || to === NUMBERS.invalid)
        return reply
          .status(400)
          .send(error(400, 21211, `Invalid 'To' Phone Number: ${to.slice(0, 7)}XXXX`));
      if (to === NUMBERS.unsubscribed)
        return reply
          .status(400)
          .send(error(400, 21610, 'Attempt to send to unsubscribed recipient'));
      if (to === NUMBERS.busy)
        return reply.status(429).send(error(429, 20429, 'Too Many Requests'));
      if (to === NUMBERS.broken)
        return reply.status(500).send(error(500, 20500, 'Internal Server Error'));
      return reply.status(201).send({
        sid: `SM${'0123456789abcdef'.repeat(2)}`,
        account_sid: ACCOUNT_SID,
        to,
        from: form.get('From'),
        messaging_service_sid: form.get('MessagingServiceSid'),
        body: form.get('Body'),
        status: form.get('MessagingServiceSid') ? 'accepted' : 'queued',
        error_code: null,
        error_message: null,
      });
    },
  );
  app.post('/collect', async (request) => {
    elsewhere.push({ path: request.url, authorization: request.headers.authorization, body: '' });
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, received, elsewhere };
}

/**
 * A local fake of MessageMedia's Messages API (POST /v1/messages): Basic auth with the API key and
 * secret, JSON {messages: [...]} with E.164 destination numbers; 202 with each message's
 * message_id and status 'queued', or 400 {message, details} and 403 {message}.
 */
export async function startMessageMediaFake() {
  const received: (Received & { json: unknown })[] = [];
  const app = Fastify();
  app.post('/v1/messages', async (request, reply) => {
    received.push({
      path: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: JSON.stringify(request.body),
      json: request.body,
    });
    if (request.headers.authorization !== basic('mm-api-key', 'mm-api-secret'))
      return reply.status(403).send({ message: 'Invalid authentication credentials' });
    const messages = (request.body as { messages?: Record<string, unknown>[] }).messages ?? [];
    const details = messages.flatMap((m, i) =>
      typeof m.destination_number === 'string' &&
      /^\+[1-9][0-9]{1,14}$/.test(m.destination_number) &&
      m.destination_number !== NUMBERS.invalid
        ? []
        : [`messages[${i}].destination_number: Invalid destination number`],
    );
    if (details.length > 0) return reply.status(400).send({ message: 'Invalid request', details });
    const to = messages[0]?.destination_number;
    if (to === NUMBERS.busy) return reply.status(429).send({ message: 'Too many requests' });
    if (to === NUMBERS.broken)
      return reply.status(503).send({ message: 'Something went wrong. Please try again later.' });
    return reply.status(202).send({
      messages: messages.map((m) => ({
        ...m,
        message_id: '04fe9a97-a579-43c5-bb1a-58ed29bf0a6a',
        status: 'queued',
      })),
    });
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, received };
}
