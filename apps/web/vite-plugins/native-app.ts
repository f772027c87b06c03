import type { Plugin } from 'vite';
// Relative on purpose (see route-preload.ts): Vite loads this file with Node.
import { BRAND_GLOBAL } from '../../../packages/contracts/src/brand';

const BRAND_PLACEHOLDER = '<!--outpost-brand-->';

/** The brand's fields, by the server's variable names (apps/server/src/config.ts). */
const BRAND_ENV = {
  providerName: 'PROVIDER_NAME',
  abn: 'PROVIDER_ABN',
  address: 'PROVIDER_ADDRESS',
  productPrefix: 'PRODUCT_PREFIX',
  helpPhone: 'HELP_PHONE',
  salesPhone: 'SALES_PHONE',
  faultsPhone: 'FAULTS_PHONE',
  tollFreePhone: 'TOLL_FREE_PHONE',
  localPhone: 'LOCAL_PHONE',
  internationalPhone: 'INTERNATIONAL_PHONE',
  whatsappPhone: 'WHATSAPP_PHONE',
  websiteUrl: 'WEBSITE_URL',
  signUpUrl: 'SIGNUP_URL',
  appStoreUrl: 'APP_STORE_URL',
  playStoreUrl: 'PLAY_STORE_URL',
} as const;

/** The brand set in the environment (unset fields keep the built-in demo brand's, lib/brand.ts). */
export function brandFromEnv(env: Record<string, string | undefined>): Record<string, string> {
  const brand: Record<string, string> = {};
  for (const [field, name] of Object.entries(BRAND_ENV)) {
    const value = env[name]?.trim();
    if (value) brand[field] = value;
  }
  return brand;
}

/**
 * `vite build --mode native` (npm run build:native; docs/decisions/026): the app's pages load from
 * the device, with no server to put the brand into index.html or to answer relative /api calls.
 * The build therefore needs VITE_API_ORIGIN (the server's https origin) and writes the brand, from
 * the same variables the server reads, into index.html where the server would.
 */
export function nativeApp(mode: string, env: Record<string, string | undefined>): Plugin {
  return {
    name: 'outpost-native-app',
    apply: 'build',
    configResolved() {
      if (mode !== 'native') return;
      const origin = env.VITE_API_ORIGIN ?? '';
      let parsed: URL | null;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = null;
      }
      if (!parsed || parsed.protocol !== 'https:' || parsed.origin !== origin)
        throw new Error(
          'build:native needs VITE_API_ORIGIN, the API server as an https origin (e.g. https://portal.example.com).',
        );
    },
    transformIndexHtml(html) {
      if (mode !== 'native') return html;
      const body = `window.${BRAND_GLOBAL}=${JSON.stringify(brandFromEnv(env)).replace(/</g, '\\u003c')}`;
      return html.replace(BRAND_PLACEHOLDER, `<script>${body}</script>`);
    },
  };
}
