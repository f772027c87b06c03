import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a Web Push (docs/decisions/036): the push services browsers
 * subscribe with, as host patterns. 'host' is that host only; '*.host' any host under it (not
 * the host itself). WEB_PUSH_HOSTS replaces the list (comma-separated patterns).
 */
export const DEFAULT_WEB_PUSH_HOSTS: readonly string[] = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging).
  'fcm.googleapis.com',
  // Firefox (Mozilla autopush).
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  // Safari on macOS and iOS (Apple web push).
  '*.push.apple.com',
  // Edge on Windows (Windows Push Notification Services).
  '*.notify.windows.com',
];

/** A DNS name of at least two labels, lower case; what a pattern names after its '*.'. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** Whether `pattern` is a host or '*.host' pattern (an IP address is neither). */
export function isWebPushHostPattern(pattern: string): boolean {
  return HOST_NAME.test(pattern.startsWith('*.') ? pattern.slice(2) : pattern);
}

/** Whether `host` (a URL's hostname) is one the patterns name. */
export function webPushHostAllowed(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase();
  if (!HOST_NAME.test(name)) return false;
  return patterns.some((p) =>
    p.startsWith('*.') ? name.endsWith(p.slice(1)) && name.length > p.length - 1 : name === p,
  );
}

/**
 * Whether a Web Push endpoint may be registered and called: https, no credentials, port 443 (the
 * default; any other given port is refused), at a host of a known push service.
 */
export function webPushEndpointAllowed(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    webPushHostAllowed(url.hostname, patterns)
  );
}

/**
 * Whether an address is on the public internet: ipaddr.js's plain 'unicast' range only, so
 * loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16: cloud metadata),
 * carrier-grade NAT (100.64/10), unique-local (fc00::/7), multicast, unspecified, reserved and
 * documentation ranges, and IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo)
 * are not; an IPv4-mapped IPv6 address is judged as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}
