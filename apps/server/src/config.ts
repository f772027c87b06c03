import { setBusinessTimeZone } from '@outpost/domain/time/zone';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Brand } from '@outpost/contracts/brand';
import type { BrandEnv } from './brand';
import { BRAND_ENV, BrandError, loadBrand } from './brand';
import type { Business } from './business';
import { BusinessError, loadBusiness } from './business';
import { setDeskHours } from './modules/tickets/desk-hours';
import { DEFAULT_WEB_PUSH_HOSTS } from './adapters/push-hosts';
import type { SmsConfig } from './adapters/sms-providers';
import { envSchema } from './config-env';
import { isStripeTestKey, productionProblems, smsSettings } from './config-checks';

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | undefined;
  seed: 'demo' | 'none';
  /** Tests only (CLOCK_START): the instant the server's clock starts at; else the system's. */
  clockStart: Date | undefined;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Whether /api/docs (the page and the OpenAPI document) is served (API_DOCS). */
  apiDocs: boolean;
  /**
   * Production with payments that take no real money (PAYMENTS=sandbox): every page says so in a
   * banner (docs/decisions/034).
   */
  testPaymentsBanner: boolean;
  webDist: string;
  /** The staff console's build, served at /console/ (issue 39). */
  consoleDist: string;
  bodyLimit: number;
  userTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginLimitPerUsername: number;
  loginLimitPerIp: number;
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  /** The desk's team addresses and how far apart a ticket's digests are (docs/decisions/060). */
  desk: { emails: { support?: string; billing?: string }; digestMinutes: number };
  /** The SMS provider and its settings (docs/decisions/043). */
  sms: SmsConfig;
  internalApiKey: string | undefined;
  metricsToken: string | undefined;
  staffLinkSecret: string | undefined;
  xdEnabled: boolean;
  jobsIntervalSeconds: number;
  /** Whether a web instance runs the job worker too (JOBS); a worker process always does. */
  jobs: { enabled: boolean; concurrency: number; pollMs: number };
  /** Whether start-up applies pending migrations (MIGRATE_ON_START); else it refuses to start. */
  migrateOnStart: boolean;
  blockActivationSeconds: number;
  csp: { script: string[]; frame: string[]; connect: string[] };
  /** Origins allowed to frame the embedded usage page (EMBED_FRAME_ANCESTORS); none by default. */
  embedFrameAncestors: string[];
  /** The native app's web-view origins CORS lets call the API (docs/decisions/026). */
  appOrigins: string[];
  /** Null: the embedded sandbox gateway. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiUrl: string | undefined;
  } | null;
  billing: { retryDays: number; maxAttempts: number };
  /** The business file's settings (docs/decisions/042): calendar, team hours, callbacks, tax. */
  business: Business;
  /** Each null: the embedded default (the outbox). */
  push: {
    fcm: FcmServiceAccount | null;
    vapid: VapidKeys | null;
    /** The host patterns Web Push endpoints must match (docs/decisions/036). */
    webHosts: readonly string[];
  };
  brand: Brand;
  /** The brand's logo (an SVG checked at start-up), served at /brand/logo.svg. */
  brandLogo: { svg: Buffer; etag: string };
};

/** The fields of a Firebase service account key the FCM client needs. */
export type FcmServiceAccount = { project_id: string; client_email: string; private_key: string };
export type VapidKeys = { subject: string; publicKey: string; privateKey: string };

/** FCM_SERVICE_ACCOUNT: the JSON itself, or a path to the file holding it. */
function fcmServiceAccount(value: string | undefined): FcmServiceAccount | null {
  if (!value) return null;
  const fail = (why: string) =>
    new ConfigError(`Invalid configuration:\n  FCM_SERVICE_ACCOUNT: ${why}`);
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(path.resolve(text), 'utf8');
    } catch {
      throw fail('must be the service account JSON or the path of a readable file holding it');
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail('is not valid JSON');
  }
  const account = parsed as Partial<FcmServiceAccount> | null;
  if (
    typeof account?.project_id !== 'string' ||
    typeof account.client_email !== 'string' ||
    typeof account.private_key !== 'string' ||
    !account.private_key.includes('PRIVATE KEY')
  )
    throw fail('must be a service account key with project_id, client_email and private_key');
  return {
    project_id: account.project_id,
    client_email: account.client_email,
    private_key: account.private_key,
  };
}

export class ConfigError extends Error {}

/** The CSP origins configured, plus Stripe's when Stripe is the gateway. */
function withStripe(sources: string[], stripeKey: string | undefined, stripe: string[]): string[] {
  return stripeKey ? [...new Set([...sources, ...stripe])] : sources;
}

/**
 * The chat vendor's (LiveChat) origins, let into the page's CSP only when the brand has a chat
 * licence (docs/decisions/038): the widget's script, the chat window's frame, and the widget's
 * requests and socket. Without a licence the page's policy names none of them.
 */
export const LIVE_CHAT_SOURCES = {
  script: ['https://cdn.livechatinc.com'],
  frame: ['https://secure.livechatinc.com'],
  connect: ['https://*.livechatinc.com', 'wss://*.livechatinc.com'],
} as const;

function withLiveChat(sources: string[], license: string, chat: readonly string[]): string[] {
  return license ? [...new Set([...sources, ...chat])] : sources;
}

/** Parses the environment once. A bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e);
    if (problems.length > 0)
      throw new ConfigError(
        `Production refuses to start (docs/decisions/034-production-refuses-demo-parts.md):\n${problems.join('\n')}`,
      );
  }
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET))
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY',
    );
  const vapidSet = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(Boolean);
  if (vapidSet.length > 0 && vapidSet.length < 3)
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: set all three or none',
    );
  const brandEnv: BrandEnv = {};
  for (const variable of Object.keys(BRAND_ENV) as (keyof BrandEnv)[])
    if (e[variable] !== undefined) brandEnv[variable] = e[variable];
  let loaded: ReturnType<typeof loadBrand>;
  let business: Business;
  try {
    loaded = loadBrand(path.resolve(e.BRAND_FILE), brandEnv);
    business = loadBusiness(
      path.resolve(e.BUSINESS_FILE),
      e.CALLBACK_SLOT_CAPACITY === undefined ? {} : { capacity: e.CALLBACK_SLOT_CAPACITY },
    );
  } catch (error) {
    if (error instanceof BrandError || error instanceof BusinessError)
      throw new ConfigError(error.message);
    throw error;
  }
  // Every date and time from here on is the business zone's (docs/decisions/041): periods, usage
  // days, callback slots, the page's labels; never the machine's own zone.
  setBusinessTimeZone(business.timeZone);
  // Tickets' due times are counted in the teams' hours, less the closed days (decision 057).
  setDeskHours(business.callbacks);
  const { sms, problems: smsProblems } = smsSettings(e, loaded.smsFrom);
  if (smsProblems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${smsProblems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'development' ? 'warn' : 'info'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    clockStart: e.CLOCK_START ? new Date(e.CLOCK_START) : undefined,
    trustProxy: e.TRUST_PROXY,
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    testPaymentsBanner:
      e.NODE_ENV === 'production' && (!e.STRIPE_SECRET_KEY || isStripeTestKey(e.STRIPE_SECRET_KEY)),
    webDist: path.resolve(e.WEB_DIST),
    consoleDist: path.resolve(e.CONSOLE_DIST),
    bodyLimit: e.BODY_LIMIT_BYTES,
    userTokenTtlSeconds: e.USER_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    loginLimitPerUsername: e.LOGIN_LIMIT_PER_USERNAME,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: loaded.mailFrom },
    desk: {
      emails: {
        ...(e.DESK_SUPPORT_EMAIL ? { support: e.DESK_SUPPORT_EMAIL } : {}),
        ...(e.DESK_BILLING_EMAIL ? { billing: e.DESK_BILLING_EMAIL } : {}),
      },
      digestMinutes: e.DESK_DIGEST_MINUTES,
    },
    sms,
    internalApiKey: e.INTERNAL_API_KEY,
    metricsToken: e.METRICS_TOKEN,
    staffLinkSecret: e.STAFF_LINK_SECRET,
    xdEnabled: e.XD_ENABLED === 'true',
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    jobs: {
      enabled: e.JOBS === 'on',
      concurrency: e.JOBS_CONCURRENCY,
      pollMs: e.JOBS_POLL_MS,
    },
    blockActivationSeconds: e.BLOCK_ACTIVATION_SECONDS,
    // Stripe.js and Elements need Stripe's origins (docs.stripe.com/security/guide#content-security-policy).
    // And the chat vendor's when a chat licence is configured (docs/decisions/038).
    csp: {
      script: withLiveChat(
        withStripe(e.CSP_SCRIPT_SOURCES, e.STRIPE_SECRET_KEY, ['https://js.stripe.com']),
        loaded.brand.liveChatLicense,
        LIVE_CHAT_SOURCES.script,
      ),
      frame: withLiveChat(
        withStripe(e.CSP_FRAME_SOURCES, e.STRIPE_SECRET_KEY, [
          'https://js.stripe.com',
          'https://hooks.stripe.com',
        ]),
        loaded.brand.liveChatLicense,
        LIVE_CHAT_SOURCES.frame,
      ),
      connect: withLiveChat(
        withStripe(e.CSP_CONNECT_SOURCES, e.STRIPE_SECRET_KEY, ['https://api.stripe.com']),
        loaded.brand.liveChatLicense,
        LIVE_CHAT_SOURCES.connect,
      ),
    },
    embedFrameAncestors: e.EMBED_FRAME_ANCESTORS,
    appOrigins: e.APP_ORIGINS,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          apiUrl: e.STRIPE_API_URL,
        }
      : null,
    billing: { retryDays: e.BILLING_RETRY_DAYS, maxAttempts: e.BILLING_MAX_ATTEMPTS },
    business,
    push: {
      fcm: fcmServiceAccount(e.FCM_SERVICE_ACCOUNT),
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
          ? {
              subject: e.VAPID_SUBJECT,
              publicKey: e.VAPID_PUBLIC_KEY,
              privateKey: e.VAPID_PRIVATE_KEY,
            }
          : null,
      webHosts: e.WEB_PUSH_HOSTS ?? DEFAULT_WEB_PUSH_HOSTS,
    },
    brand: loaded.brand,
    brandLogo: loaded.logo,
  };
}
