import { setBusinessTimeZone } from '@outpost/domain/time/zone';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Brand } from '@outpost/contracts/brand';
import type { BrandEnv } from './brand';
import { BRAND_ENV, brandFields, BrandError, loadBrand } from './brand';
import type { Business } from './business';
import { BusinessError, loadBusiness } from './business';
import { DEFAULT_WEB_PUSH_HOSTS, isWebPushHostPattern } from './adapters/push-hosts';
import type { SmsConfig } from './adapters/sms-providers';
import { MESSAGEMEDIA_API_URL, SMS_PROVIDERS, TWILIO_API_URL } from './adapters/sms-providers';
import { smsSender } from '@outpost/domain/sms-rules';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');

const url = z.url({ protocol: /^https?$/ });

/** Space-separated https origins, e.g. 'https://js.stripe.com https://chat.example.com'. */
const origins = z
  .string()
  .regex(
    /^(\s*https:\/\/[a-z0-9.-]+(:[0-9]+)?\s*)*$/i,
    'must be https:// origins separated by spaces',
  )
  .default('')
  .transform((v) => v.split(/\s+/).filter(Boolean));

/**
 * Space-separated origins of the native app's web view (docs/decisions/026): capacitor://localhost
 * (iOS) and https://localhost (Android) by default; capacitor:, ionic:, https: or http: schemes.
 */
const appOrigins = z
  .string()
  .regex(
    /^(\s*(capacitor|ionic|https?):\/\/[a-z0-9.-]+(:[0-9]+)?\s*)*$/i,
    'must be origins such as capacitor://localhost separated by spaces',
  )
  .default('capacitor://localhost https://localhost')
  .transform((v) =>
    v
      .split(/\s+/)
      .filter(Boolean)
      .map((o) => o.toLowerCase()),
  );

/** An empty value (`NAME=` in an env file) is the same as unset. */
const blank = z.literal('').transform(() => undefined);

/** What TRUST_PROXY names: every address (never: a client could choose its own), or names. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', bits, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: 'false' (default, the socket's address is the client's), a hop count (the
 * proxies in front, e.g. 1 behind one load balancer), or the proxies' addresses and CIDRs
 * (comma- or space-separated; 'loopback', 'linklocal', 'uniquelocal' too). 'true' is refused: it
 * trusts every hop, so a client picks its own address with X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const v = value.trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^[0-9]+$/.test(v) && Number(v) <= 10) return Number(v);
    const list = v.split(/[\s,]+/).filter(Boolean);
    if (v !== 'true' && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        v === 'true'
          ? "'true' lets a client choose its own address (X-Forwarded-For): give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)"
          : 'must be false, a number of proxies (1-10) or proxy addresses and CIDRs separated by commas',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: 'warn' in development (a quiet console: warnings and errors, no line per request),
  // 'info' otherwise (a line per request).
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Connections this instance keeps to PostgreSQL (each is a server process there).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED: z.enum(['demo', 'none']).optional(),
  // Behind proxies: how many (a hop count) or which (addresses, CIDRs) set X-Forwarded-For.
  TRUST_PROXY: trustProxy,
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  USER_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Login attempts per 15 minutes (docs/decisions/003). Per address is generous: CGNAT.
  LOGIN_LIMIT_PER_USERNAME: z.coerce.number().int().min(1).max(1_000_000).default(5),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  // The address customers reach the portal at: links in emails and SMS point here.
  PUBLIC_URL: url.optional(),
  // Mail: SMTP when set (e.g. smtp://user:pass@mail.example.com:587), else the outbox.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // The sender; unset: the brand file's mailFrom.
  MAIL_FROM: brandFields.mailFrom.optional(),
  // SMS (docs/decisions/043): twilio, messagemedia, or http (a gateway of the provider's own:
  // SMS_API_URL, JSON POST {to, from, body, reference}, bearer token). Unset: http when
  // SMS_API_URL is set, else the outbox.
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional().or(blank),
  SMS_API_URL: url.optional(),
  SMS_API_TOKEN: z.string().min(1).optional(),
  // Unset: the brand file's smsFrom. An alphanumeric sender id, or a number (0491570156).
  SMS_FROM: brandFields.smsFrom.optional(),
  // Twilio: the account's sid and auth token (the token also signs the status callbacks), or an
  // API key to authenticate with instead of the token; a Messaging Service to choose the sender.
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, "must be the account's sid (AC and 32 hexadecimal characters)")
    .optional()
    .or(blank),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, "must be the account's auth token (32 hexadecimal characters)")
    .optional()
    .or(blank),
  TWILIO_API_KEY_SID: z
    .string()
    .regex(/^SK[0-9a-f]{32}$/i, "must be an API key's sid (SK and 32 hexadecimal characters)")
    .optional()
    .or(blank),
  TWILIO_API_KEY_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9]{32}$/, "must be the API key's secret (32 letters and digits)")
    .optional()
    .or(blank),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(
      /^MG[0-9a-f]{32}$/i,
      'must be a Messaging Service sid (MG and 32 hexadecimal characters)',
    )
    .optional()
    .or(blank),
  // MessageMedia (Sinch): the API key and secret (HTTP Basic auth).
  MESSAGEMEDIA_API_KEY: z.string().regex(/^\S+$/, 'must be the API key').optional().or(blank),
  MESSAGEMEDIA_API_SECRET: z.string().regex(/^\S+$/, 'must be the API secret').optional().or(blank),
  // Tests and fakes only: where each provider's API is (default its real address; production
  // refuses any other unless SMS_PROVIDER_HOST=any).
  TWILIO_API_URL: url.optional().or(blank),
  MESSAGEMEDIA_API_URL: url.optional().or(blank),
  // The key provider systems send as X-Service-Key to the internal API (usage ingestion, usage
  // links). Unset: the internal API refuses every call.
  INTERNAL_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Staff links (decision 025): the HMAC key links are signed with (at least 32 characters).
  // Unset: a random key per process (links work only on the instance that made them).
  STAFF_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // /xd/{uid} auto-login (spec 3 section 2.10; decision 025): 'true' turns it on. In production
  // it then still needs a staff session.
  XD_ENABLED: z.enum(['true', 'false']).default('false'),
  // The bearer token Prometheus sends to /metrics; unset: /metrics answers 404.
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  // Periodic jobs (period roll-over, data blocks, billing run, referral credits, advisory
  // notifications): one run per this period across all instances (the job queue, decision 027);
  // 0 schedules none (a provider's cron runs `npm run jobs`).
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // Whether this instance runs the job worker (due jobs, retries, the outbox of mail and SMS).
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  // Jobs one instance runs at once, and how often an idle worker looks for work.
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  // The embedded network applies a bought data block after this long (a real one: up to 2.5 h).
  BLOCK_ACTIVATION_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  // Origins the Content-Security-Policy lets in besides our own (the card gateway's and live
  // chat's scripts, frames and API calls, when they are configured).
  CSP_SCRIPT_SOURCES: origins,
  CSP_FRAME_SOURCES: origins,
  CSP_CONNECT_SOURCES: origins,
  // Origins that may frame the embedded usage page (/embed/usage/{otc}) in an iframe, e.g. the
  // provider's own website; unset: no one (every page refuses framing: frame-ancestors 'none').
  EMBED_FRAME_ANCESTORS: origins,
  // The native app's origins (its web view calls the API cross-origin): CORS answers them only.
  // Empty: no cross-origin caller at all.
  APP_ORIGINS: appOrigins,
  // Card and bank payments: Stripe when STRIPE_SECRET_KEY is set (then the publishable key and
  // webhook signing secret are required too), else the embedded sandbox gateway.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be a webhook signing secret (whsec_...)')
    .optional(),
  // Tests only: where stripe-node sends its calls (a local fake of the Stripe API).
  STRIPE_API_URL: url.optional(),
  // The billing run's automatic charge: days between a failed charge and the next try, and tries.
  BILLING_RETRY_DAYS: z.coerce.number().int().min(1).max(14).default(3),
  BILLING_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  // Callbacks one slot of one team takes (docs/decisions/017): the people free to ring then.
  // Unset: the business file's callbacks.capacity (2 unless it says otherwise).
  CALLBACK_SLOT_CAPACITY: z.union([blank, z.coerce.number().int().min(1).max(100)]).optional(),
  // The business file (docs/decisions/042): time zone, state (its public holidays), own
  // closures, team hours, callback settings and tax wording.
  BUSINESS_FILE: z.string().min(1).default(path.join(repoRoot, 'content/business/queensland.json')),
  // Push (docs/decisions/023). FCM for the apps when FCM_SERVICE_ACCOUNT is set: the Firebase
  // service account's JSON, or a path to its file. Web Push for browsers when the VAPID key pair
  // is set (npx web-push generate-vapid-keys) with VAPID_SUBJECT (mailto: or https: contact).
  // Each unset: the embedded default writes pushes to the outbox.
  FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  // Where Web Push may go (docs/decisions/036): comma-separated host patterns ('host' or
  // '*.host') of the push services browsers subscribe with; unset: FCM, Mozilla autopush, Apple
  // and Windows push (DEFAULT_WEB_PUSH_HOSTS). Endpoints elsewhere are refused and never called.
  WEB_PUSH_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (patterns) => patterns.length > 0 && patterns.every(isWebPushHostPattern),
      "must be host names or '*.host' patterns, comma-separated",
    )
    .optional(),
  // The provider's brand file (docs/decisions/030): name, ABN, numbers, links, colours, logo,
  // chat licence. The variables below each override one of its fields when set.
  BRAND_FILE: z.string().min(1).default(path.join(repoRoot, 'content/brands/outpost-demo.json')),
  PROVIDER_NAME: brandFields.providerName.optional(),
  // The provider's Australian Business Number, printed on tax invoices.
  PROVIDER_ABN: brandFields.abn.optional(),
  PROVIDER_ADDRESS: brandFields.address.optional(),
  PRODUCT_PREFIX: brandFields.productPrefix.optional(),
  HELP_PHONE: brandFields.helpPhone.optional(),
  SALES_PHONE: brandFields.salesPhone.optional(),
  FAULTS_PHONE: brandFields.faultsPhone.optional(),
  // The Contact page's numbers (fictitious-use ranges in the demo).
  TOLL_FREE_PHONE: brandFields.tollFreePhone.optional(),
  LOCAL_PHONE: brandFields.localPhone.optional(),
  INTERNATIONAL_PHONE: brandFields.internationalPhone.optional(),
  WHATSAPP_PHONE: brandFields.whatsappPhone.optional(),
  WEBSITE_URL: brandFields.websiteUrl.optional(),
  SIGNUP_URL: brandFields.signUpUrl.optional(),
  APP_STORE_URL: brandFields.appStoreUrl.optional(),
  PLAY_STORE_URL: brandFields.playStoreUrl.optional(),
  // The LiveChat licence id (live chat is off without one).
  LIVECHAT_LICENSE: brandFields.liveChatLicense.optional(),
  // The API docs page and document (/api/docs); unset: on, but off in production.
  API_DOCS: z.enum(['true', 'false']).optional().or(blank),
  // Production opt-ins (docs/decisions/034): each lets production run one demo part, by name.
  PAYMENTS: z.enum(['sandbox']).optional().or(blank),
  MAIL: z.enum(['outbox']).optional().or(blank),
  SMS: z.enum(['outbox']).optional().or(blank),
  // An SMS provider's API at an address of the operator's choosing (a relay, a regional host).
  SMS_PROVIDER_HOST: z.enum(['any']).optional().or(blank),
  PUSH: z.enum(['outbox']).optional().or(blank),
  DATABASE: z.enum(['embedded']).optional().or(blank),
  PUBLIC_URL_INSECURE: z.enum(['allow']).optional().or(blank),
});

type Env = z.infer<typeof envSchema>;

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
  bodyLimit: number;
  userTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginLimitPerUsername: number;
  loginLimitPerIp: number;
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  /** The SMS provider and its settings (docs/decisions/043). */
  sms: SmsConfig;
  internalApiKey: string | undefined;
  metricsToken: string | undefined;
  staffLinkSecret: string | undefined;
  xdEnabled: boolean;
  jobsIntervalSeconds: number;
  jobs: { enabled: boolean; concurrency: number; pollMs: number };
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

/**
 * Every demo part of production opted in by name (docs/decisions/034): a staging or bench site on
 * the embedded parts. PUBLIC_URL and STAFF_LINK_SECRET are still the caller's to set.
 */
export const DEMO_PARTS_OPT_INS = {
  PAYMENTS: 'sandbox',
  MAIL: 'outbox',
  SMS: 'outbox',
  PUSH: 'outbox',
  DATABASE: 'embedded',
} as const;

/**
 * Values published in this repository (the e2e suites, .env.example, the tests): a secret set to
 * one of them is no secret.
 */
export const EXAMPLE_SECRETS: readonly string[] = [
  'e2e-staff-link-secret-0123456789abcdef',
  'e2e-internal-key-0123456789abcdef',
  'metrics-token-0123456789abcdef',
  'replace-with-the-output-of-openssl-rand-hex-32',
];

/** A secret with fewer different characters than this is a pattern, not a random key. */
const MIN_SECRET_CHARACTERS = 10;

/** Hosts that are this machine: no customer's link can point there. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host)
  );
}

/** The hosts of Twilio's API (api.twilio.com and its regional ones) and MessageMedia's. */
const TWILIO_API_HOST = /^api(\.[a-z0-9-]+)*\.twilio\.com$/;
const MESSAGEMEDIA_API_HOST = /^(api\.messagemedia\.com|eu\.app\.api\.sinch\.com)$/;

/** An https address on the default port at one of the provider's hosts, with no credentials. */
function isProviderUrl(value: string, hosts: RegExp): boolean {
  const address = new URL(value);
  return (
    address.protocol === 'https:' &&
    address.port === '' &&
    address.username === '' &&
    address.password === '' &&
    hosts.test(address.hostname)
  );
}

/**
 * The SMS provider chosen (SMS_PROVIDER; unset: http with SMS_API_URL, else the outbox) and its
 * settings, and a line for each of its variables missing or wrong (docs/decisions/043).
 */
function smsSettings(e: Env, from: string): { sms: SmsConfig; problems: string[] } {
  const problems: string[] = [];
  const provider = e.SMS_PROVIDER ?? (e.SMS_API_URL ? 'http' : 'outbox');
  const required = (variable: string, value: string | undefined): string => {
    if (!value) problems.push(`  ${variable}: required with SMS_PROVIDER=${provider}`);
    return value ?? '';
  };
  const checkSender = () => {
    const sender = smsSender(from);
    if (sender.kind === 'invalid')
      problems.push(
        `  SMS_FROM: ${sender.reason} (the sender: SMS_FROM, or the brand file's smsFrom when unset)`,
      );
  };
  switch (provider) {
    case 'outbox':
      return { sms: { provider, from }, problems };
    case 'http':
      return {
        sms: {
          provider,
          from,
          apiUrl: required('SMS_API_URL', e.SMS_API_URL),
          apiToken: e.SMS_API_TOKEN,
        },
        problems,
      };
    case 'twilio': {
      const accountSid = required('TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID);
      const authToken = required('TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN);
      if (Boolean(e.TWILIO_API_KEY_SID) !== Boolean(e.TWILIO_API_KEY_SECRET))
        problems.push('  TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET: set both or neither');
      // A Messaging Service chooses the sender itself.
      if (!e.TWILIO_MESSAGING_SERVICE_SID) checkSender();
      return {
        sms: {
          provider,
          from,
          apiUrl: e.TWILIO_API_URL ?? TWILIO_API_URL,
          accountSid,
          authToken,
          apiKey:
            e.TWILIO_API_KEY_SID && e.TWILIO_API_KEY_SECRET
              ? { sid: e.TWILIO_API_KEY_SID, secret: e.TWILIO_API_KEY_SECRET }
              : null,
          messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        },
        problems,
      };
    }
    case 'messagemedia': {
      const apiKey = required('MESSAGEMEDIA_API_KEY', e.MESSAGEMEDIA_API_KEY);
      const apiSecret = required('MESSAGEMEDIA_API_SECRET', e.MESSAGEMEDIA_API_SECRET);
      checkSender();
      return {
        sms: {
          provider,
          from,
          apiUrl: e.MESSAGEMEDIA_API_URL ?? MESSAGEMEDIA_API_URL,
          apiKey,
          apiSecret,
        },
        problems,
      };
    }
  }
}

/** Stripe keys that take Stripe's published test cards. */
const isStripeTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

/**
 * Production refuses the demo parts (docs/decisions/034): each line names a variable that is
 * missing or unsafe, what to set, and the opt-in that allows the demo part by name. Empty: safe.
 */
export function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  const add = (variable: string, why: string) => problems.push(`  ${variable}: ${why}`);

  // Payments: real only with Stripe's live keys.
  if (e.PAYMENTS !== 'sandbox') {
    if (!e.STRIPE_SECRET_KEY)
      add(
        'STRIPE_SECRET_KEY',
        'not set, so the sandbox gateway would record published test cards as real payments: set the three STRIPE_* keys, or PAYMENTS=sandbox for a site that takes no real money',
      );
    else if (isStripeTestKey(e.STRIPE_SECRET_KEY))
      add(
        'STRIPE_SECRET_KEY',
        "a test-mode key takes Stripe's published test cards: set live keys (sk_live_...), or PAYMENTS=sandbox for a site that takes no real money",
      );
    if (e.STRIPE_API_URL)
      add('STRIPE_API_URL', 'tests only (a fake of the Stripe API): unset it, or PAYMENTS=sandbox');
    // The demo logins' password is in the README: on a site that takes real money, anyone could
    // sign in as a demo customer and pay with a real card.
    if (e.SEED === 'demo')
      add(
        'SEED',
        'demo creates the demo logins, whose password is published: unset it (production seeds nothing), or PAYMENTS=sandbox for a demo site that takes no real money',
      );
  }
  // Messages: delivered by a provider, or kept in an outbox no one reads in production.
  const channels = [
    {
      variable: 'SMTP_URL',
      set: e.SMTP_URL,
      optIn: e.MAIL,
      what: 'mail',
      fix: 'set it, or MAIL=outbox',
    },
    {
      variable: 'SMS_PROVIDER',
      set: e.SMS_PROVIDER ?? e.SMS_API_URL,
      optIn: e.SMS,
      what: 'SMS',
      fix: 'set it to twilio or messagemedia with their credentials (or http with SMS_API_URL and SMS_API_TOKEN), or SMS=outbox',
    },
    {
      variable: 'FCM_SERVICE_ACCOUNT',
      set: e.FCM_SERVICE_ACCOUNT,
      optIn: e.PUSH,
      what: 'pushes to the apps',
      fix: 'set it, or PUSH=outbox',
    },
    {
      variable: 'VAPID_PUBLIC_KEY',
      set: e.VAPID_PUBLIC_KEY,
      optIn: e.PUSH,
      what: 'pushes to browsers',
      fix: 'set the three VAPID_* variables, or PUSH=outbox',
    },
  ];
  for (const { variable, set, optIn, what, fix } of channels)
    if (!set && optIn !== 'outbox')
      add(variable, `not set, so ${what} would stay undelivered in the outbox: ${fix}`);
  if (e.SMS_API_URL && !e.SMS_API_TOKEN && (e.SMS_PROVIDER ?? 'http') === 'http')
    add('SMS_API_TOKEN', 'required with SMS_API_URL');
  // The SMS providers' APIs at their own https addresses only (a fake's address is for tests).
  if (e.SMS_PROVIDER_HOST !== 'any')
    for (const [variable, value, hosts, where] of [
      [
        'TWILIO_API_URL',
        e.TWILIO_API_URL,
        TWILIO_API_HOST,
        "Twilio's API (https://api.twilio.com or a regional https://api.*.twilio.com)",
      ],
      [
        'MESSAGEMEDIA_API_URL',
        e.MESSAGEMEDIA_API_URL,
        MESSAGEMEDIA_API_HOST,
        "MessageMedia's API (https://api.messagemedia.com or https://eu.app.api.sinch.com)",
      ],
    ] as const)
      if (value && !isProviderUrl(value, hosts))
        add(
          variable,
          `not ${where}, so messages and credentials would go elsewhere (a fake, for tests): unset it, or SMS_PROVIDER_HOST=any for an address of your own`,
        );
  // The database: PostgreSQL, or the embedded one by name.
  if (!e.DATABASE_URL && e.DATABASE !== 'embedded')
    add(
      'DATABASE_URL',
      `not set, so the data would live in embedded PGlite under DATA_DIR: set it, or DATABASE=embedded`,
    );
  // Links in mail and SMS.
  if (!e.PUBLIC_URL)
    add(
      'PUBLIC_URL',
      'not set: set the https address customers reach the portal at (links in mail and SMS)',
    );
  else if (e.PUBLIC_URL_INSECURE !== 'allow') {
    const publicUrl = new URL(e.PUBLIC_URL);
    if (publicUrl.protocol !== 'https:')
      add('PUBLIC_URL', 'must be https://, or PUBLIC_URL_INSECURE=allow for a local staging host');
    else if (isLocalHost(publicUrl.hostname))
      add(
        'PUBLIC_URL',
        'names this machine, which no customer reaches: set the public address, or PUBLIC_URL_INSECURE=allow for a local staging host',
      );
  }
  // Secrets: set where required, and not a published or patterned value.
  if (!e.STAFF_LINK_SECRET)
    add(
      'STAFF_LINK_SECRET',
      'not set: set a random key of at least 32 characters (openssl rand -hex 32), the same on every instance',
    );
  for (const variable of ['STAFF_LINK_SECRET', 'METRICS_TOKEN', 'INTERNAL_API_KEY'] as const) {
    const value = e[variable];
    if (value === undefined) continue;
    if (EXAMPLE_SECRETS.includes(value))
      add(
        variable,
        'is a value published in this repository: set a random one (openssl rand -hex 32)',
      );
    else if (new Set(value).size < MIN_SECRET_CHARACTERS)
      add(variable, 'is too simple to be a random key: set one (openssl rand -hex 32)');
  }
  return problems;
}

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
    trustProxy: e.TRUST_PROXY,
    apiDocs: (e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    testPaymentsBanner:
      e.NODE_ENV === 'production' && (!e.STRIPE_SECRET_KEY || isStripeTestKey(e.STRIPE_SECRET_KEY)),
    webDist: path.resolve(e.WEB_DIST),
    bodyLimit: e.BODY_LIMIT_BYTES,
    userTokenTtlSeconds: e.USER_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    loginLimitPerUsername: e.LOGIN_LIMIT_PER_USERNAME,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mail: { smtpUrl: e.SMTP_URL, from: loaded.mailFrom },
    sms,
    internalApiKey: e.INTERNAL_API_KEY,
    metricsToken: e.METRICS_TOKEN,
    staffLinkSecret: e.STAFF_LINK_SECRET,
    xdEnabled: e.XD_ENABLED === 'true',
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    jobs: {
      enabled: e.JOBS_ENABLED === 'true',
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
