import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { LIVE_STRIPE_KEYS, PRODUCTION_OPT_INS } from './test/production-env';

describe('loadConfig', () => {
  it('has working defaults: embedded database, demo seed in development', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seed).toBe('demo');
    expect(config.brand.helpPhone).toBe('1300 975 707');
  });

  it('logs warnings and errors only in development unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'info' }).logLevel).toBe('info');
    expect(loadConfig(PRODUCTION_OPT_INS).logLevel).toBe('info');
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig(PRODUCTION_OPT_INS).seed).toBe('none');
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ HELP_PHONE: 'call us' })).toThrow(
      /HELP_PHONE: must be a phone number/,
    );
    expect(() => loadConfig({ SIGNUP_URL: 'javascript:alert(1)' })).toThrow(/SIGNUP_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(loadConfig({}).databasePoolSize).toBe(10);
  });

  it('runs jobs and migrates at start unless JOBS=off and MIGRATE_ON_START=false; refuses the old JOBS_ENABLED', () => {
    expect(loadConfig({}).jobs.enabled).toBe(true);
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ JOBS: 'off' }).jobs.enabled).toBe(false);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    // A web instance meant to leave jobs to workers must not start running them silently.
    expect(() => loadConfig({ JOBS_ENABLED: 'false' })).toThrow(
      /JOBS_ENABLED: was renamed: set JOBS=off \(or on\) instead/,
    );
    expect(() => loadConfig({ JOBS: 'false' })).toThrow(/JOBS/);
  });

  it('uses the sandbox gateway unless all three Stripe keys are set, and then lets Stripe in the CSP', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({}).csp.script).toEqual([]);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      CSP_SCRIPT_SOURCES: 'https://js.stripe.com https://chat.example.com',
    });
    expect(stripe.stripe?.publishableKey).toBe('pk_test_abc');
    expect(stripe.csp.script).toEqual(['https://js.stripe.com', 'https://chat.example.com']);
    expect(stripe.csp.frame).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(stripe.csp.connect).toEqual(['https://api.stripe.com']);
  });

  it('prints the ABN on invoices and refuses one that is not 11 digits', () => {
    expect(loadConfig({}).brand.abn).toBe('12 345 678 901');
    expect(() => loadConfig({ PROVIDER_ABN: '1234' })).toThrow(
      /PROVIDER_ABN: must be an 11-digit ABN/,
    );
  });
});

/** The message loadConfig refuses `env` with ('' when it does not). */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

const HEADING =
  'Production refuses to start (docs/decisions/034-production-refuses-demo-parts.md):';
const LINES = {
  payments:
    '  STRIPE_SECRET_KEY: not set, so the sandbox gateway would record published test cards as real payments: set the three STRIPE_* keys, or PAYMENTS=sandbox for a site that takes no real money',
  mail: '  SMTP_URL: not set, so mail would stay undelivered in the outbox: set it, or MAIL=outbox',
  sms: '  SMS_PROVIDER: not set, so SMS would stay undelivered in the outbox: set it to twilio or messagemedia with their credentials (or http with SMS_API_URL and SMS_API_TOKEN), or SMS=outbox',
  fcm: '  FCM_SERVICE_ACCOUNT: not set, so pushes to the apps would stay undelivered in the outbox: set it, or PUSH=outbox',
  vapid:
    '  VAPID_PUBLIC_KEY: not set, so pushes to browsers would stay undelivered in the outbox: set the three VAPID_* variables, or PUSH=outbox',
  database:
    '  DATABASE_URL: not set, so the data would live in embedded PGlite under DATA_DIR: set it, or DATABASE=embedded',
  publicUrl:
    '  PUBLIC_URL: not set: set the https address customers reach the portal at (links in mail and SMS)',
  staffSecret:
    '  STAFF_LINK_SECRET: not set: set a random key of at least 32 characters (openssl rand -hex 32), the same on every instance',
};

describe('production refuses the demo parts (decision 034)', () => {
  it('with NODE_ENV=production alone, refuses with one message naming every variable', () => {
    expect(refusal({ NODE_ENV: 'production' })).toBe(
      [
        HEADING,
        LINES.payments,
        LINES.mail,
        LINES.sms,
        LINES.fcm,
        LINES.vapid,
        LINES.database,
        LINES.publicUrl,
        LINES.staffSecret,
      ].join('\n'),
    );
  });

  it('starts with each demo part opted in by name, and each opt-in lifts its own line only', () => {
    expect(refusal(PRODUCTION_OPT_INS)).toBe('');
    const without = (name: keyof typeof PRODUCTION_OPT_INS) => {
      const env: Record<string, string> = { ...PRODUCTION_OPT_INS };
      delete env[name];
      return refusal(env);
    };
    expect(without('PAYMENTS')).toBe(`${HEADING}\n${LINES.payments}`);
    expect(without('MAIL')).toBe(`${HEADING}\n${LINES.mail}`);
    expect(without('SMS')).toBe(`${HEADING}\n${LINES.sms}`);
    expect(without('PUSH')).toBe(`${HEADING}\n${LINES.fcm}\n${LINES.vapid}`);
    expect(without('DATABASE')).toBe(`${HEADING}\n${LINES.database}`);
    expect(without('PUBLIC_URL')).toBe(`${HEADING}\n${LINES.publicUrl}`);
    expect(without('STAFF_LINK_SECRET')).toBe(`${HEADING}\n${LINES.staffSecret}`);
  });

  it('starts with the real adapters and no opt-in at all', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...LIVE_STRIPE_KEYS,
      SMTP_URL: 'smtp://mail.example.net:587',
      SMS_API_URL: 'https://sms.example.net/v1/messages',
      SMS_API_TOKEN: 'sms-token',
      FCM_SERVICE_ACCOUNT: JSON.stringify({
        project_id: 'p',
        client_email: 'c@p.iam.gserviceaccount.com',
        private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
      }),
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.net',
      DATABASE_URL: 'postgres://outpost@db.example.net/outpost',
      PUBLIC_URL: 'https://portal.example.net',
      STAFF_LINK_SECRET: PRODUCTION_OPT_INS.STAFF_LINK_SECRET,
    });
    expect(config.stripe?.secretKey).toBe('sk_live_abc123');
    expect(config.testPaymentsBanner).toBe(false);
  });

  it('refuses unsafe values: Stripe test keys or its fake, the demo logins with real payments, an SMS gateway without a token', () => {
    const base = { ...PRODUCTION_OPT_INS, PAYMENTS: '' };
    expect(refusal({ ...base, ...LIVE_STRIPE_KEYS, STRIPE_SECRET_KEY: 'sk_test_abc' })).toBe(
      `${HEADING}\n  STRIPE_SECRET_KEY: a test-mode key takes Stripe's published test cards: set live keys (sk_live_...), or PAYMENTS=sandbox for a site that takes no real money`,
    );
    expect(
      refusal({ ...base, ...LIVE_STRIPE_KEYS, STRIPE_API_URL: 'http://127.0.0.1:12111' }),
    ).toBe(
      `${HEADING}\n  STRIPE_API_URL: tests only (a fake of the Stripe API): unset it, or PAYMENTS=sandbox`,
    );
    expect(refusal({ ...base, ...LIVE_STRIPE_KEYS })).toBe('');
    // The demo logins (published password) only where no real money is taken.
    expect(refusal({ ...base, ...LIVE_STRIPE_KEYS, SEED: 'demo' })).toBe(
      `${HEADING}\n  SEED: demo creates the demo logins, whose password is published: unset it (production seeds nothing), or PAYMENTS=sandbox for a demo site that takes no real money`,
    );
    expect(refusal({ ...PRODUCTION_OPT_INS, SEED: 'demo' })).toBe('');
    expect(
      refusal({ ...PRODUCTION_OPT_INS, SMS: '', SMS_API_URL: 'https://sms.example.net' }),
    ).toBe(`${HEADING}\n  SMS_API_TOKEN: required with SMS_API_URL`);
  });

  it('refuses a PUBLIC_URL on http or naming this machine, unless PUBLIC_URL_INSECURE=allow', () => {
    const https =
      '  PUBLIC_URL: must be https://, or PUBLIC_URL_INSECURE=allow for a local staging host';
    const local =
      '  PUBLIC_URL: names this machine, which no customer reaches: set the public address, or PUBLIC_URL_INSECURE=allow for a local staging host';
    const at = (url: string, extra: Record<string, string> = {}) =>
      refusal({ ...PRODUCTION_OPT_INS, PUBLIC_URL: url, ...extra });
    expect(at('http://portal.example.net')).toBe(`${HEADING}\n${https}`);
    for (const url of [
      'https://localhost:3000',
      'https://app.localhost',
      'https://127.0.0.1',
      'https://127.8.9.1:8443/',
      'https://[::1]:3000',
      'https://0.0.0.0',
    ])
      expect(at(url), url).toBe(`${HEADING}\n${local}`);
    expect(at('http://127.0.0.1:3000', { PUBLIC_URL_INSECURE: 'allow' })).toBe('');
    expect(
      loadConfig({ ...PRODUCTION_OPT_INS, PUBLIC_URL: 'https://portal.example.net/' }).publicUrl,
    ).toBe('https://portal.example.net');
  });

  it('refuses secrets published in this repository or too simple to be random', () => {
    const published =
      'is a value published in this repository: set a random one (openssl rand -hex 32)';
    const simple = 'is too simple to be a random key: set one (openssl rand -hex 32)';
    expect(
      refusal({
        ...PRODUCTION_OPT_INS,
        STAFF_LINK_SECRET: 'e2e-staff-link-secret-0123456789abcdef',
        METRICS_TOKEN: 'a'.repeat(40),
        INTERNAL_API_KEY: 'abababababababababababababababab',
      }),
    ).toBe(
      [
        HEADING,
        `  STAFF_LINK_SECRET: ${published}`,
        `  METRICS_TOKEN: ${simple}`,
        `  INTERNAL_API_KEY: ${simple}`,
      ].join('\n'),
    );
    expect(
      refusal({ ...PRODUCTION_OPT_INS, INTERNAL_API_KEY: 'e2e-internal-key-0123456789abcdef' }),
    ).toBe(`${HEADING}\n  INTERNAL_API_KEY: ${published}`);
    // Too short is refused in every environment, as before.
    expect(() => loadConfig({ STAFF_LINK_SECRET: 'short' })).toThrow(
      /STAFF_LINK_SECRET: must be at least 32 characters/,
    );
  });

  it('leaves development and test as they were: no opt-in needed, no banner', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      const config = loadConfig(env);
      expect(config.stripe).toBeNull();
      expect(config.testPaymentsBanner).toBe(false);
      expect(config.apiDocs).toBe(true);
    }
    // Outside production the published e2e keys stay usable.
    expect(
      loadConfig({ STAFF_LINK_SECRET: 'e2e-staff-link-secret-0123456789abcdef' }).staffLinkSecret,
    ).toBe('e2e-staff-link-secret-0123456789abcdef');
  });

  it('shows the test-site banner in production whenever payments are not real', () => {
    expect(loadConfig(PRODUCTION_OPT_INS).testPaymentsBanner).toBe(true);
    expect(
      loadConfig({ ...PRODUCTION_OPT_INS, ...LIVE_STRIPE_KEYS, STRIPE_SECRET_KEY: 'sk_test_abc' })
        .testPaymentsBanner,
    ).toBe(true);
    expect(loadConfig({ ...PRODUCTION_OPT_INS, ...LIVE_STRIPE_KEYS }).testPaymentsBanner).toBe(
      false,
    );
  });

  it('serves the API docs unless API_DOCS=false, and in production only with API_DOCS=true', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(PRODUCTION_OPT_INS).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION_OPT_INS, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: '0123456789abcdef0123456789abcdef',
};
const MESSAGEMEDIA = {
  SMS_PROVIDER: 'messagemedia',
  MESSAGEMEDIA_API_KEY: 'uCXUdoogNfCsehEClbO2',
  MESSAGEMEDIA_API_SECRET: 'mm-api-secret-0123456789',
};

describe('SMS providers (decision 043)', () => {
  it('picks the provider by SMS_PROVIDER, the generic gateway with SMS_API_URL alone, else the outbox', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox', from: 'Outpost' });
    expect(
      loadConfig({ SMS_API_URL: 'https://sms.example.net/send', SMS_API_TOKEN: 't' }).sms,
    ).toEqual({
      provider: 'http',
      from: 'Outpost',
      apiUrl: 'https://sms.example.net/send',
      apiToken: 't',
    });
    expect(loadConfig(TWILIO).sms).toEqual({
      provider: 'twilio',
      from: 'Outpost',
      apiUrl: 'https://api.twilio.com',
      accountSid: TWILIO.TWILIO_ACCOUNT_SID,
      authToken: TWILIO.TWILIO_AUTH_TOKEN,
      apiKey: null,
      messagingServiceSid: undefined,
    });
    expect(
      loadConfig({
        ...TWILIO,
        TWILIO_API_KEY_SID: 'SKfedcba9876543210fedcba9876543210',
        TWILIO_API_KEY_SECRET: 'ApiKeySecret0123456789abcdefABCD',
        TWILIO_MESSAGING_SERVICE_SID: 'MG00112233445566778899aabbccddeeff',
      }).sms,
    ).toMatchObject({
      apiKey: {
        sid: 'SKfedcba9876543210fedcba9876543210',
        secret: 'ApiKeySecret0123456789abcdefABCD',
      },
      messagingServiceSid: 'MG00112233445566778899aabbccddeeff',
    });
    expect(loadConfig({ ...MESSAGEMEDIA, SMS_FROM: '0491570156' }).sms).toEqual({
      provider: 'messagemedia',
      from: '0491570156',
      apiUrl: 'https://api.messagemedia.com',
      apiKey: MESSAGEMEDIA.MESSAGEMEDIA_API_KEY,
      apiSecret: MESSAGEMEDIA.MESSAGEMEDIA_API_SECRET,
    });
  });

  it("refuses to start without the chosen provider's credentials, naming each", () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio\n  TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio',
      ),
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'messagemedia', MESSAGEMEDIA_API_KEY: 'k' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  MESSAGEMEDIA_API_SECRET: required with SMS_PROVIDER=messagemedia',
      ),
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(
      new ConfigError('Invalid configuration:\n  SMS_API_URL: required with SMS_PROVIDER=http'),
    );
    expect(() =>
      loadConfig({ ...TWILIO, TWILIO_API_KEY_SID: 'SKfedcba9876543210fedcba9876543210' }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration:\n  TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET: set both or neither',
      ),
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'sinch' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
      "Invalid configuration:\n  TWILIO_ACCOUNT_SID: must be the account's sid (AC and 32 hexadecimal characters)",
    );
  });

  it('refuses a sender the providers refuse, unless a Twilio Messaging Service chooses it', () => {
    const sender =
      "Invalid configuration:\n  SMS_FROM: ' Outpost' is not an alphanumeric sender id of 2 to 11 letters, digits or spaces with at least one letter and no space at either end, or a phone number such as 0491570156 (the sender: SMS_FROM, or the brand file's smsFrom when unset)";
    expect(() => loadConfig({ ...TWILIO, SMS_FROM: ' Outpost' })).toThrow(new ConfigError(sender));
    expect(() => loadConfig({ ...MESSAGEMEDIA, SMS_FROM: ' Outpost' })).toThrow(
      new ConfigError(sender),
    );
    expect(() => loadConfig({ ...MESSAGEMEDIA, SMS_FROM: '12345' })).toThrow(
      "SMS_FROM: '12345' is not a phone number",
    );
    expect(
      loadConfig({
        ...TWILIO,
        SMS_FROM: ' Outpost',
        TWILIO_MESSAGING_SERVICE_SID: 'MG00112233445566778899aabbccddeeff',
      }).sms.provider,
    ).toBe('twilio');
    // The generic gateway takes whatever its owner's gateway takes, as before.
    expect(
      loadConfig({ SMS_API_URL: 'https://sms.example.net', SMS_FROM: ' Outpost' }).sms.from,
    ).toBe(' Outpost');
  });

  it("in production, takes a provider instead of SMS_API_URL, and its API only at the provider's https hosts unless SMS_PROVIDER_HOST=any", () => {
    const base = { ...PRODUCTION_OPT_INS, SMS: '' };
    expect(refusal({ ...base, ...TWILIO })).toBe('');
    expect(refusal({ ...base, ...MESSAGEMEDIA })).toBe('');
    const twilioLine =
      "  TWILIO_API_URL: not Twilio's API (https://api.twilio.com or a regional https://api.*.twilio.com), so messages and credentials would go elsewhere (a fake, for tests): unset it, or SMS_PROVIDER_HOST=any for an address of your own";
    const messageMediaLine =
      "  MESSAGEMEDIA_API_URL: not MessageMedia's API (https://api.messagemedia.com or https://eu.app.api.sinch.com), so messages and credentials would go elsewhere (a fake, for tests): unset it, or SMS_PROVIDER_HOST=any for an address of your own";
    for (const url of [
      'http://api.twilio.com',
      'http://127.0.0.1:4010',
      'https://api.twilio.com.evil.example',
      'https://api.twilio.com:8443',
      'https://user:pass@api.twilio.com',
    ])
      expect(refusal({ ...base, ...TWILIO, TWILIO_API_URL: url }), url).toBe(
        `${HEADING}\n${twilioLine}`,
      );
    for (const url of ['https://api.twilio.com', 'https://api.sydney.au1.twilio.com/'])
      expect(refusal({ ...base, ...TWILIO, TWILIO_API_URL: url }), url).toBe('');
    expect(
      refusal({ ...base, ...MESSAGEMEDIA, MESSAGEMEDIA_API_URL: 'http://127.0.0.1:4011' }),
    ).toBe(`${HEADING}\n${messageMediaLine}`);
    expect(
      refusal({ ...base, ...MESSAGEMEDIA, MESSAGEMEDIA_API_URL: 'https://eu.app.api.sinch.com' }),
    ).toBe('');
    expect(
      refusal({
        ...base,
        ...TWILIO,
        TWILIO_API_URL: 'https://sms-relay.example.net',
        SMS_PROVIDER_HOST: 'any',
      }),
    ).toBe('');
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or proxy addresses, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5 loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual(['fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      "Invalid configuration:\n  TRUST_PROXY: 'true' lets a client choose its own address (X-Forwarded-For): give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
    );
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '11', 'proxy.example.net'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        'TRUST_PROXY: must be false, a number of proxies (1-10) or proxy addresses and CIDRs separated by commas',
      );
  });
});
