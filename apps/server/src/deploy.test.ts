import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiPaths } from '@outpost/contracts/api-paths';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from './config';
import { paths } from './paths';
import { createMetrics } from './plugins/observability';

/**
 * The deployment files (docs/decisions/049): the compose trial starts in production mode, the
 * image runs unprivileged with a liveness check, and every metric an alert reads exists. This
 * machine has no container engine, so these are the checks that can fail here.
 */

const read = (file: string) => readFileSync(path.join(paths.appRoot, file), 'utf8');

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string } | undefined>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { disable?: boolean; test?: string[] };
};
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<'migrate' | 'web' | 'worker' | 'postgres' | 'redis' | 'caddy', Service>;
  volumes: Record<string, unknown>;
};

/** Compose's interpolation of ${NAME}, ${NAME:-default} and ${NAME-default} from `vars` (.env). */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?-)([^}]*))?\}/g,
    (_, name: string, op: string | undefined, fallback: string | undefined) => {
      const set = vars[name];
      if (op === ':-') return set ? set : (fallback ?? '');
      if (op === '-') return set ?? fallback ?? '';
      return set ?? '';
    },
  );
}

/** A service's environment as the container gets it: .env first, `environment` over it. */
function containerEnv(service: keyof typeof compose.services, dotEnv: Record<string, string> = {}) {
  const env: Record<string, string> = { ...dotEnv };
  for (const [name, value] of Object.entries(compose.services[service].environment ?? {}))
    env[name] = interpolate(String(value), dotEnv);
  return env;
}

/** What the image's entrypoint adds in the trial: a random staff link key (deploy/docker-entrypoint.sh). */
const TRIAL_KEY = { STAFF_LINK_SECRET: 'f3a91c07d2b84e6a9c15e0b7d48f2a63c9e1b5d07a4f8e2c' };

describe('compose.yaml', () => {
  it('starts the trial in production mode with each demo part opted in by name', () => {
    for (const service of ['migrate', 'web', 'worker'] as const) {
      const env = containerEnv(service);
      expect(env.NODE_ENV).toBe('production');
      const config = loadConfig({ ...env, ...TRIAL_KEY });
      expect(config.env).toBe('production');
      // The trial is marked: every page says payments are not real.
      expect(config.testPaymentsBanner).toBe(true);
      expect(config.seed).toBe('demo');
      expect(config.databaseUrl).toBe('postgres://outpost:outpost-trial@postgres:5432/outpost');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.publicUrl).toBe('https://localhost');
      // Caddy is the one proxy in front.
      expect(config.trustProxy).toBe(1);
    }
  });

  it('takes the domain and the real parts from .env, and refuses to start until each is real', () => {
    const goLive = {
      SITE_ADDRESS: 'portal.example.net',
      PAYMENTS: '',
      SEED: 'none',
      MAIL: '',
      SMS: '',
      PUSH: '',
      PUBLIC_URL_INSECURE: '',
      POSTGRES_PASSWORD: 'a-strong-database-password',
    };
    const env = containerEnv('web', goLive);
    expect(env.PUBLIC_URL).toBe('https://portal.example.net');
    expect(env.DATABASE_URL).toBe(
      'postgres://outpost:a-strong-database-password@postgres:5432/outpost',
    );
    expect(compose.services.postgres.environment?.POSTGRES_PASSWORD).toBe(
      '${POSTGRES_PASSWORD:-outpost-trial}',
    );
    let message = '';
    try {
      loadConfig({ ...env, ...TRIAL_KEY });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const variable of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'SMS_PROVIDER', 'FCM_SERVICE_ACCOUNT'])
      expect(message).toContain(`${variable}:`);
    expect(message).not.toContain('PUBLIC_URL:');
    expect(message).not.toContain('DATABASE_URL:');
  });

  it('runs migrations once before the web instances and the worker, which do not migrate', () => {
    const { migrate, web, worker } = compose.services;
    expect(migrate.command).toEqual(['node', 'dist/server.js', 'migrate']);
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(worker.command).toEqual(['node', 'dist/server.js', 'worker']);
    for (const service of [web, worker]) {
      expect(service.depends_on?.migrate?.condition).toBe('service_completed_successfully');
      expect(service.environment?.MIGRATE_ON_START).toBe('false');
    }
    // Jobs and the outbox run in the worker only, which answers the image's liveness check.
    expect(web.environment?.JOBS).toBe('off');
    expect(worker.environment?.JOBS).toBeUndefined();
    expect(worker.healthcheck).toBeUndefined();
    expect(migrate.healthcheck?.disable).toBe(true);
  });

  it('keeps PostgreSQL 17 on a named volume, and publishes HTTPS over TCP and UDP (HTTP/3)', () => {
    const { postgres, caddy } = compose.services;
    expect(postgres.image).toMatch(/^postgres:17\b/);
    const [volume] = postgres.volumes ?? [];
    expect(volume).toMatch(/^postgres-data:\/var\/lib\/postgresql\/data$/);
    expect(compose.volumes).toHaveProperty('postgres-data');
    expect(postgres.healthcheck?.test).toContain('pg_isready');
    expect(caddy.image).toMatch(/^caddy:2\b/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['443:443', '443:443/udp', '80:80']));
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    // Only Caddy is reachable from outside.
    for (const [name, service] of Object.entries(compose.services))
      if (name !== 'caddy') expect(service.ports, name).toBeUndefined();
  });
});

describe('Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');
  it('proxies to the web instances without compressing again, and hides /metrics', () => {
    expect(caddyfile).toMatch(/dynamic a \{\$OUTPOST_WEB_HOST:web\} \{\$OUTPOST_WEB_PORT:3000\}/);
    expect(caddyfile).toMatch(/^\s*respond \/metrics 404$/m);
    // The portal compresses its answers (@fastify/compress): no `encode` directive here.
    expect(caddyfile).not.toMatch(/^\s*encode\b/m);
    // No trusted_proxies: Caddy writes the client's own address, the one hop TRUST_PROXY=1 trusts.
    expect(caddyfile).not.toMatch(/^\s*trusted_proxies\b/m);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
  it('builds on Node 24 slim and runs the release unprivileged under tini, with a liveness check', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-(bookworm|trixie)-slim$/m);
    expect(dockerfile).toMatch(
      /npm ci .*\n[\s\S]*npm run build && bash scripts\/release\.sh \/release/,
    );
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["tini", "--", "outpost-entrypoint"\]$/m);
    expect(runtime).toMatch(/^CMD \["node", "dist\/server\.js"\]$/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    const healthcheck = runtime.slice(runtime.indexOf('HEALTHCHECK'));
    expect(healthcheck).toContain(apiPaths.healthLive);
  });

  it('bakes no secret into the image, and keeps local data out of the build', () => {
    expect(dockerfile).not.toMatch(/^(ENV|ARG)\b[^\n]*(SECRET|TOKEN|PASSWORD|_KEY)/im);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '.env', '**/node_modules', '**/dist', 'data', 'test-results'])
      expect(ignored, entry).toContain(entry);
  });
});

describe('the image entrypoint', () => {
  const entrypoint = path.join(paths.appRoot, 'deploy/docker-entrypoint.sh');
  /** The staff link key the command the entrypoint runs sees. */
  const keySeen = async (env: Record<string, string>) =>
    (
      await promisify(execFile)(
        'sh',
        [entrypoint, 'sh', '-c', 'printf %s "${STAFF_LINK_SECRET:-unset}"'],
        { env: { PATH: process.env.PATH, ...env } },
      )
    ).stdout;

  it('gives every service of the trial one random staff link key, made by whichever starts first', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outpost-trial-keys-'));
    try {
      const file = path.join(dir, 'trial-keys.env');
      const keys = await Promise.all(
        Array.from({ length: 4 }, () => keySeen({ OUTPOST_TRIAL_KEYS: file })),
      );
      expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(keys).size).toBe(1);
      // Readable by the image's user only.
      expect(statSync(file).mode & 0o077).toBe(0);
      // A key of the provider's own wins, and nothing is read or written; without the trial's
      // file the variable stays unset (production then refuses to start, naming it).
      expect(
        await keySeen({
          OUTPOST_TRIAL_KEYS: path.join(dir, 'other.env'),
          STAFF_LINK_SECRET: 'own',
        }),
      ).toBe('own');
      expect(() => statSync(path.join(dir, 'other.env'))).toThrow();
      expect(await keySeen({})).toBe('unset');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('.env.example', () => {
  const example = read('.env.example');
  const listed = (name: string) => new RegExp(`^#? ?${name}=`, 'm').test(example);

  it('lists every variable the production check names, and the compose ones', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', SMS_API_URL: 'https://sms.example.com/v1' });
    } catch (error) {
      message = (error as Error).message;
    }
    const named = new Set([
      ...[...message.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] ?? ''),
      ...[...message.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1] ?? ''),
    ]);
    expect(named.size).toBeGreaterThan(10);
    for (const name of [...named, 'SITE_ADDRESS', 'POSTGRES_PASSWORD', 'OUTPOST_IMAGE'])
      expect(listed(name), name).toBe(true);
  });
});

describe('Prometheus files', () => {
  /** Every series name the server's registry can expose (histograms with their suffixes). */
  async function exposedNames(): Promise<Set<string>> {
    const metrics = await createMetrics().registry.getMetricsAsJSON();
    return new Set(
      metrics.flatMap(({ name, type }) =>
        String(type) === 'histogram'
          ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
          : String(type) === 'summary'
            ? [name, `${name}_sum`, `${name}_count`]
            : [name],
      ),
    );
  }
  const unknownMetrics = (expr: string, exposed: Set<string>) =>
    [...expr.matchAll(/\boutpost_[a-z0-9_]+/g)].map((m) => m[0]).filter((n) => !exposed.has(n));

  it('scrapes /metrics with the bearer token, and loads the alert rules', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: {
        job_name: string;
        metrics_path: string;
        authorization: { type: string; credentials_file: string };
      }[];
    };
    expect(config.rule_files).toEqual(['alerts.yml']);
    const [job] = config.scrape_configs;
    if (!job) throw new Error('no scrape config');
    expect(job.job_name).toBe('outpost');
    expect(job.metrics_path).toBe('/metrics');
    expect(job.authorization.type).toBe('Bearer');
  });

  it('alerts only on metrics the server exposes', async () => {
    const exposed = await exposedNames();
    const rules = (
      parse(read('deploy/prometheus/alerts.yml')) as {
        groups: { rules: { alert: string; expr: string }[] }[];
      }
    ).groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(8);
    // The check can fail: a misspelt name is caught.
    expect(unknownMetrics('rate(outpost_http_request_total[5m])', exposed)).toEqual([
      'outpost_http_request_total',
    ]);
    for (const rule of rules) {
      expect(unknownMetrics(rule.expr, exposed), rule.alert).toEqual([]);
      // Each reads an Outpost metric, or the scrape's own `up`.
      expect(/\boutpost_|\bup\{/.test(rule.expr), rule.alert).toBe(true);
    }
  });
});
