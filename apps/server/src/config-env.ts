import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { brandFields } from './brand';
import { isWebPushHostPattern } from './adapters/push-hosts';
import { SMS_PROVIDERS } from './adapters/sms-providers';
import { paths } from './paths';

/** The environment's variables as the server reads them: names, formats and defaults. */

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

export const envSchema = z.object({
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
  // Whether start-up applies pending migrations (decision 048). 'false': deploys run
  // `node dist/server.js migrate` first, and a start that finds one pending stops, naming it.
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  DATA_DIR: z.string().min(1).default(paths.data),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED: z.enum(['demo', 'none']).optional(),
  // Tests only: the instant the server's clock starts at (lib/clock serverClock).
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  // Behind proxies: how many (a hop count) or which (addresses, CIDRs) set X-Forwarded-For.
  TRUST_PROXY: trustProxy,
  WEB_DIST: z.string().min(1).default(paths.webDist),
  CONSOLE_DIST: z.string().min(1).default(paths.consoleDist),
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
  // The desk's team addresses (docs/decisions/060): new tickets, callbacks, orders and customer
  // replies are mailed there in digests, at most one per ticket per DESK_DIGEST_MINUTES. Unset:
  // the console's notices only.
  DESK_SUPPORT_EMAIL: z.email('must be an email address').optional(),
  DESK_BILLING_EMAIL: z.email('must be an email address').optional(),
  DESK_DIGEST_MINUTES: z.coerce.number().int().min(1).max(1_440).default(5),
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
  // Whether this web instance also runs the job worker (due jobs, retries, the outbox of mail and
  // SMS): 'off' on web instances when workers run apart (node dist/server.js worker; decision 048).
  JOBS: z.enum(['on', 'off']).default('on'),
  // The old name of JOBS (true/false): refused, so an instance meant to run no jobs never runs them.
  JOBS_ENABLED: z
    .string()
    .optional()
    .refine((v) => !v, 'was renamed: set JOBS=off (or on) instead (docs/decisions/048)'),
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
  BUSINESS_FILE: z.string().min(1).default(path.join(paths.content, 'business/queensland.json')),
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
  BRAND_FILE: z.string().min(1).default(path.join(paths.content, 'brands/outpost-demo.json')),
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

export type Env = z.infer<typeof envSchema>;
