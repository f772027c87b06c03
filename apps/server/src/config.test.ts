import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('info');
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('none');
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
