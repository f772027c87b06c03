import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: a local stand-in for the few Stripe API endpoints stripe-node calls here, speaking
 * what stripe-node sends (form-encoded bodies, `expand[0]=...`, Idempotency-Key) and answering
 * Stripe's shapes. A key seen before replays its first answer, like Stripe.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
};

type Json = Record<string, unknown>;

export type FakeCard = {
  brand: string;
  last4: string;
  /** A charge of it fails with this error (Stripe's card_error fields). */
  decline?: { code: string; decline_code: string | null; message: string };
};

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  /** PaymentIntents confirmed (money taken or refused), not counting replays. */
  charges: () => number;
  /** The next charge is made, then its connection dropped before the answer. */
  dropNextAnswer: () => void;
  succeedSetup: (setupIntentId: string, paymentMethodId: string) => void;
  close: () => Promise<void>;
};

export const FAKE_CARDS: Record<string, FakeCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    decline: {
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
  },
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/** `metadata[a]=1&metadata[b]=2` -> { a: '1', b: '2' }. */
function group(form: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (match) out[match[1]!] = value;
  }
  return out;
}
const list = (form: Record<string, string>, name: string) => Object.values(group(form, name));

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const replays = new Map<string, { status: number; body: Json }>();
  const setupIntents = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const attached = new Map<string, string | null>(
    Object.keys(FAKE_CARDS).map((id) => [id, 'cus_fake_1']),
  );
  let counter = 0;
  let charges = 0;
  let dropNext = false;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const paymentMethod = (id: string | null): Json | null => {
    if (!id) return null;
    const card = FAKE_CARDS[id];
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer: attached.get(id) ?? null,
      billing_details: { name: null },
      card: card ? { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 } : null,
    };
  };

  const expanded = (intent: Json, expand: string[]): Json => {
    const out = { ...intent };
    if (expand.includes('payment_method'))
      out.payment_method = paymentMethod(intent.payment_method as string | null);
    if (expand.includes('latest_charge') && intent.latest_charge)
      out.latest_charge = {
        id: intent.latest_charge,
        object: 'charge',
        receipt_number: '1873-2210',
      };
    return out;
  };

  const notFound = (what: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
      },
    },
  });

  function createPaymentIntent(form: Record<string, string>): { status: number; body: Json } {
    const id = nextId('pi');
    const intent: Json = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: form.currency,
      customer: form.customer ?? null,
      client_secret: `${id}_secret_fake`,
      status: 'requires_payment_method',
      payment_method: form.payment_method ?? null,
      last_payment_error: null,
      latest_charge: null,
      setup_future_usage: form.setup_future_usage ?? null,
      metadata: group(form, 'metadata'),
    };
    paymentIntents.set(id, intent);
    if (form.confirm !== 'true') return { status: 200, body: intent };
    charges += 1;
    const card = FAKE_CARDS[form.payment_method ?? ''];
    if (!card) return notFound('PaymentMethod', form.payment_method ?? '');
    if (card.decline) {
      const error = { type: 'card_error', ...card.decline };
      intent.last_payment_error = { ...error, payment_method: paymentMethod(form.payment_method!) };
      intent.payment_method = null;
      return {
        status: 402,
        body: { error: { ...error, payment_intent: { ...intent } } },
      };
    }
    intent.status = 'succeeded';
    intent.latest_charge = nextId('ch');
    return { status: 200, body: expanded(intent, list(form, 'expand')) };
  }

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: Json } {
    const parts = path.split('/').filter(Boolean); // v1, resource, id, action
    const [, resource, id, action] = parts;
    if (method === 'POST' && resource === 'customers' && !id)
      return { status: 200, body: { id: nextId('cus'), object: 'customer', name: form.name } };
    if (method === 'POST' && resource === 'setup_intents' && !id) {
      const siId = nextId('seti');
      const intent = {
        id: siId,
        object: 'setup_intent',
        customer: form.customer,
        client_secret: `${siId}_secret_fake`,
        status: 'requires_payment_method',
        usage: form.usage,
        payment_method: null,
        last_setup_error: null,
        allowed_payment_method_types: list(form, 'allowed_payment_method_types'),
        metadata: group(form, 'metadata'),
      };
      setupIntents.set(siId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && resource === 'setup_intents' && id) {
      const intent = setupIntents.get(id);
      return intent
        ? { status: 200, body: expanded(intent, list(form, 'expand')) }
        : notFound('setupintent', id);
    }
    if (method === 'POST' && resource === 'payment_intents' && !id)
      return createPaymentIntent(form);
    if (method === 'GET' && resource === 'payment_intents' && id) {
      const intent = paymentIntents.get(id);
      return intent
        ? { status: 200, body: expanded(intent, list(form, 'expand')) }
        : notFound('payment_intent', id);
    }
    if (method === 'POST' && resource === 'payment_methods' && id && action === 'detach') {
      if (!attached.get(id)) return notFound('PaymentMethod', id);
      attached.set(id, null);
      return { status: 200, body: paymentMethod(id)! };
    }
    return notFound('route', path);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = request.method === 'GET' ? url.search.slice(1) : await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(raw));
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      headers: request.headers,
      form,
    });
    const key = request.headers['idempotency-key'];
    const replayKey =
      typeof key === 'string' && request.method === 'POST' ? `${url.pathname} ${key}` : null;
    const replayed = replayKey ? replays.get(replayKey) : undefined;
    const answer = replayed ?? route(request.method ?? '', url.pathname, form);
    if (replayKey) replays.set(replayKey, answer);
    if (dropNext && request.method === 'POST') {
      dropNext = false;
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${counter}`,
      ...(replayKey ? { 'idempotent-replayed': replayed ? 'true' : 'false' } : {}),
    });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    charges: () => charges,
    dropNextAnswer: () => {
      dropNext = true;
    },
    succeedSetup: (setupIntentId, paymentMethodId) => {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`no setup intent ${setupIntentId}`);
      intent.status = 'succeeded';
      intent.payment_method = paymentMethodId;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
