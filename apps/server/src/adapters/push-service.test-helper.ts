import { selfSignedCertificate } from '../test/self-signed';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { WebPushNet } from './push-providers';

/** The push service hosts the fake's certificate names (a browser's subscription would). */
export const FAKE_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];

export type Received = { headers: IncomingHttpHeaders; body: Buffer; url: string; method: string };

export type Listener = {
  received: Received[];
  port: number;
  close: () => Promise<void>;
};

/** What the fake push service answers next: a status and headers (e.g. a redirect's location). */
export type Answer = { status: number; headers?: Record<string, string> };

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function recorder(received: Received[], answer: () => Answer): Handler {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks),
        url: req.url ?? '',
        method: req.method ?? '',
      });
      const { status, headers } = answer();
      res.writeHead(status, headers);
      res.end();
    });
  };
}

async function listen(
  server: ReturnType<typeof createHttpServer>,
  received: Received[],
): Promise<Listener> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A plain http listener on loopback that records what reaches it (answers 200). */
export async function loopbackHttpListener(): Promise<Listener> {
  const received: Received[] = [];
  return listen(createHttpServer(recorder(received, () => ({ status: 200 }))), received);
}

/** A self-signed certificate for FAKE_PUSH_HOSTS and 127.0.0.1 (openssl, one day). */
const selfSigned = () =>
  selfSignedCertificate([...FAKE_PUSH_HOSTS.map((h) => `DNS:${h}`), 'IP:127.0.0.1']);

export type FakePushService = Listener & {
  /** What it answers next (default 201). */
  answer: Answer;
  /** The certificate, for WebPushNet.ca (a client trusting it reaches the fake). */
  ca: string;
  /**
   * A WebPushNet that resolves every push host to 127.0.0.1 and connects to the fake's port:
   * with `trustLoopback`, loopback counts as public (the fake stands for a push service);
   * without, the production address rule applies (so loopback is refused).
   */
  net: (options: { trustLoopback: boolean }) => WebPushNet & { lookups: string[] };
};

/** An https push service on 127.0.0.1 for FAKE_PUSH_HOSTS, recording what reaches it. */
export async function fakePushService(
  addressAllowed: (address: string) => boolean,
): Promise<FakePushService> {
  const { key, cert } = selfSigned();
  const received: Received[] = [];
  const control = { answer: { status: 201 } as Answer };
  const server = createHttpsServer(
    { key, cert },
    recorder(received, () => control.answer),
  );
  const listener = await listen(server as unknown as ReturnType<typeof createHttpServer>, received);
  const service: FakePushService = {
    ...listener,
    get answer() {
      return control.answer;
    },
    set answer(next: Answer) {
      control.answer = next;
    },
    ca: cert,
    net: ({ trustLoopback }) => {
      const lookups: string[] = [];
      return {
        lookups,
        resolve: async (host: string) => {
          lookups.push(host);
          return [{ address: '127.0.0.1', family: 4 }];
        },
        addressAllowed: trustLoopback ? () => true : addressAllowed,
        port: listener.port,
        ca: cert,
      };
    },
  };
  return service;
}
