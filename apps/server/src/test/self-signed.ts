import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A self-signed certificate (openssl, EC P-256, one day) for `names` (subjectAltName entries such
 * as 'DNS:fcm.googleapis.com' or 'IP:127.0.0.1'; the first is the common name), for tests and
 * benches that stand up a TLS server on loopback.
 */
export function selfSignedCertificate(names: readonly string[]): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'outpost-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const commonName = (names[0] ?? 'IP:127.0.0.1').replace(/^(DNS|IP):/, '');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=${names.join(',')}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
