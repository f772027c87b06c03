import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './push-hosts';

/**
 * How the server reaches an address outside that someone else chose (a browser's push service, a
 * provider's webhook endpoint; decisions 036, 051): the resolver, the address rule, and (tests
 * only) the port and the CA of a local fake. The production values are OUTBOUND_NET.
 */
export type OutboundNet = {
  /** Every address the host resolves to. */
  resolve: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Whether the server may connect to an address (the public internet only). */
  addressAllowed: (address: string) => boolean;
  /** The port to connect to instead of the URL's (a test's local fake). */
  port?: number;
  /** Trusted CAs besides the system's (a test's self-signed server). */
  ca?: string;
};

export const OUTBOUND_NET: OutboundNet = {
  resolve: (host) => dnsLookup(host, { all: true, verbatim: true }),
  addressAllowed: isPublicAddress,
};

/** Why a request was not attempted: its host resolves to an address that is not public. */
export class OutboundRefused extends Error {}

/**
 * The addresses to connect to for a host: all it resolves to, each allowed (one private address
 * and the whole host is refused: a name that points inward is not a service on the internet).
 */
async function checkedAddresses(net: OutboundNet, host: string) {
  const addresses = await net.resolve(host);
  if (addresses.length === 0 || !addresses.every((a) => net.addressAllowed(a.address)))
    throw new OutboundRefused(`${host} resolves to an address that is not public`);
  return addresses;
}

/**
 * A lookup that answers the addresses already checked, never asking DNS again: the connection
 * goes to an address that passed the check, so a name re-pointed between check and connect
 * (DNS rebinding) changes nothing.
 */
function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

export type OutboundRequest = {
  /** An https URL. */
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer;
};

/**
 * One request over HTTPS to the checked, pinned addresses of the endpoint's host: answers the
 * status and follows nothing (a redirect is the caller's to judge). Throws OutboundRefused for a
 * host that is not public, and any network failure or a timeout of 10 s.
 */
export function postPinned(net: OutboundNet, request: OutboundRequest): Promise<number> {
  const url = new URL(request.endpoint);
  return checkedAddresses(net, url.hostname).then(
    (addresses) =>
      new Promise<number>((resolve, reject) => {
        const req = httpsRequest(
          {
            host: url.hostname,
            servername: url.hostname,
            port: net.port ?? (url.port === '' ? 443 : Number(url.port)),
            path: `${url.pathname}${url.search}`,
            method: request.method,
            headers: { ...request.headers, 'content-length': String(request.body.length) },
            lookup: pinnedLookup(addresses),
            agent: false,
            ...(net.ca ? { ca: net.ca } : {}),
            timeout: 10_000,
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`${url.hostname} timed out`)));
        req.on('error', reject);
        req.end(request.body);
      }),
  );
}
