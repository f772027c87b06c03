import { DEMO_PARTS_OPT_INS } from '../config-checks';

/**
 * NODE_ENV=production that passes the start check (docs/decisions/034): every demo part opted in
 * by name, the public address and the staff link key set. Tests spread their own values over it.
 */
export const PRODUCTION_OPT_INS = {
  NODE_ENV: 'production',
  ...DEMO_PARTS_OPT_INS,
  PUBLIC_URL: 'https://portal.example.net',
  STAFF_LINK_SECRET: 'f3a9c1e7b5d2406e8a1c3f5b7d9e0a2c',
} as const satisfies Record<string, string>;

/** Stripe's three keys in live mode (a real site's payments). */
export const LIVE_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
} as const;
