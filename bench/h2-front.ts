/**
 * HTTPS with HTTP/2 in front of a portal on plain HTTP, as a deployment's TLS terminator (a load
 * balancer, nginx, Caddy) serves it: one connection per origin, every request multiplexed on it,
 * where plain HTTP/1.1 gives a page six connections (so a page's 10-15 first requests go in waves
 * of six). A self-signed certificate for 127.0.0.1 made with openssl for the run; the browser
 * context must ignore certificate errors. Bench use only.
 */
import { selfSignedCertificate } from '../apps/server/src/test/self-signed';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

/** Hop-by-hop headers: never forwarded (HTTP/2 refuses them). */
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'host',
]);

const certificate = () => selfSignedCertificate(['IP:127.0.0.1']);

/** Starts https://127.0.0.1:<port> (HTTP/2, HTTP/1.1 allowed) passing every request to `target`. */
export async function startH2Front(
  target: string,
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(
    { ...certificate(), allowHTTP1: true },
    (request, response) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers))
        if (!name.startsWith(':') && !HOP.has(name) && value !== undefined) headers[name] = value;
      headers.host = upstream.host;
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers,
          agent,
        },
        (answer) => {
          const out: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (!HOP.has(name) && value !== undefined) out[name] = value;
          response.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(forwarded);
    },
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${bound}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
