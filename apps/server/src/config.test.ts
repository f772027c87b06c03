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
});
