import type { SmsConfig } from './adapters/sms-providers';
import { MESSAGEMEDIA_API_URL, TWILIO_API_URL } from './adapters/sms-providers';
import { smsSender } from '@outpost/domain/sms-rules';
import type { Env } from './config-env';

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
export function smsSettings(e: Env, from: string): { sms: SmsConfig; problems: string[] } {
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
export const isStripeTestKey = (key: string) => /^(sk|rk)_test_/.test(key);

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
  if (e.CLOCK_START)
    add('CLOCK_START', 'tests only (a clock that starts at a fixed instant): unset it');
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
