import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { nativeApp } from './vite-plugins/native-app';
import { oneWave } from './vite-plugins/one-wave';
import { precompress } from './vite-plugins/precompress';
import { routePreload } from './vite-plugins/route-preload';

const src = fileURLToPath(new URL('./src', import.meta.url));

// React Router's package exports name only its development build (remix-run/react-router#14102:
// dev warnings on, their checks and texts shipped); a build takes its production build instead.
const routerProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode, command }) => ({
  plugins: [
    react(),
    routePreload(),
    // The stylesheet into index.html, Rolldown's runtime into 'vendor': two requests fewer.
    oneWave(),
    // The service worker (src/sw.ts, docs/decisions/031): Workbox precaches the hashed assets
    // (the shell and every route's chunks) and the icons. Registered by an inline script in
    // index.html after the page's load event (no JavaScript in the login page's budget); the web
    // app manifest comes from the server (the brand is its configuration).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,woff2,svg,png,webp}', 'icons/*.png'],
        globIgnores: ['**/*.br', '**/*.gz'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
    nativeApp(mode, { ...loadEnv(mode, process.cwd(), ''), ...process.env }),
    // /push-sw.js: the Web Push worker for pages without a service worker of their own.
    {
      name: 'outpost-push-sw',
      apply: 'build',
      buildStart() {
        this.emitFile({ type: 'chunk', id: `${src}/push-sw.ts`, fileName: 'push-sw.js' });
      },
    },
  ],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: routerProduction }] : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // The brand's logo (served by the server, docs/decisions/030).
      '/brand': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, the router and TanStack Query change rarely: one long-cached chunk, so an
            // app release does not make customers on metered satellite links download them again.
            // DOMPurify, uPlot, react-hook-form and Stripe.js's loaders are left out: only lazy
            // chunks use them (the privacy-policy modal and plan notes; the usage charts; the forms
            // and wizards; the billing pages in Stripe mode), so a page without them (the
            // dashboard) never downloads them. So is the QR code library (and its dijkstrajs): only
            // the authenticator set-up on Account Security loads it. Capacitor and its plugins are
            // left out too: only ios/android load them (lib/native, through dynamic imports). So are
            // lucide's icons: each stays in the chunk of the page that draws it, so the login page
            // does not pay for every icon the app uses. So is
            // idb-keyval and TanStack Query's dehydrate/hydrate: only the last-known data module
            // (lib/query-persist, loaded after login) uses them; and its infinite-query observer: only the
            // network status page uses it.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!(?:@date-fns[\\/]tz|dompurify|uplot|react-hook-form|@stripe|qrcode|dijkstrajs|@capacitor|@capacitor-community|@aparajita|capacitor-plugin-safe-area|capacitor-native-settings|idb-keyval|lucide-react)[\\/])(?!@tanstack[\\/](?:query-core|react-query)[\\/]build[\\/]modern[\\/](?:hydration|infiniteQueryObserver|useInfiniteQuery)\.)/,
              priority: 3,
            },
            // The form pieces and react-hook-form, together: one request for every form page.
            {
              name: 'form',
              // The new-password fields are left to the two pages that set a password (the forced
              // update and Account Security), so the login page's form chunk stays small.
              test: /[\\/]src[\\/]components[\\/]form[\\/](?!new-password-fields)|node_modules[\\/]react-hook-form[\\/]/,
              // Below 'shared' and 'kit': the messages and error texts the fields use (the shell uses
              // them too) stay in 'shared', so the entry does not import this chunk and only form
              // pages (the login page among them) load it; the dashboard does not.
              priority: 1,
            },
            // The wizard (its flow, steps and footers) and its storage: it uses both the form pieces
            // and 'kit', so it is a chunk of its own (last), or 'kit' would import the form chunk (the
            // dashboard would load it) or the form chunk 'kit' (the login page would).
            {
              name: 'wizard',
              test: /[\\/]src[\\/]components[\\/]wizard(-flow|-actions)?\.tsx?$|[\\/]src[\\/]lib[\\/]wizard-storage\.ts$/,
              priority: 0,
            },
            // The pieces the pages share but the login page and the shell never use (the modal, the
            // data table and pagination, the designed empty/error/not-found state (the shell loads
            // not-found and the offline state lazily), the card and bank marks, the prepare/commit,
            // URL-state and form-seed helpers (only
            // pages use them; in 'shared' they cost the login page 0.3 KiB), the action notice banner, the service status badge and notice, the feature rules, data saver, the online state, the live
            // chat entry (its widget loader is a chunk of its own, loaded when chat opens), and the
            // dashboard's small shared pieces, which were requests of their own): one chunk the
            // pages load beside their own, so the login page's budget does not pay for every page.
            {
              name: 'kit',
              test: /[\\/]src[\\/]components[\\/](modal|biometric-settings-dialog|data-table|ledger-amount|pagination|review-list|service-select|service-icon|payment-marks|empty-state|not-found|load-error|offline-state|service-status|services-tabs|tabs|menu-button|staff-link-failure|server-action-button|live-chat-entry|notice-banner)\.tsx$|[\\/]src[\\/]lib[\\/](staff-link|online|data-saver|download|live-chat|prepare-commit|url-state|form-seed)\.ts$|[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]((card|advisories|tickets|referrals|callbacks|application|pin|service-status)-rules|service-status-messages|service-names|au-states|phone-format|money|time[\\/](zoned|names))\.ts$|node_modules[\\/]@date-fns[\\/]tz[\\/]|[\\/]src[\\/](features[\\/]services[\\/]api[\\/]get-available-(plans|blocks)|features[\\/]dashboard[\\/]components[\\/]account-summary-card|lib[\\/]native[\\/]review-notes)\.tsx?$/,
              priority: 2,
            },
            // Code shared by the shell and the pages: one chunk instead of several tiny ones, so the
            // first page needs few requests (each is a 600 ms round trip, and HTTP/1.1 opens six).
            // The modal, the form pieces and the other 'kit' and 'wizard' modules are left out: only
            // the pages use them. So are the step-up dialog, the password change, the account
            // pages', guides' and orders' application rules and the callback slot maths: left to
            // the pages that use them. So are the telephony order rules, the PIN rules, the list of
            // states, the contact-change messages, the phone number format and the product order's
            // address fields (kept here, they took the login page's JavaScript past its 150 KiB
            // budget).
            // So is lib/native (the plugin wrappers and, in e2e builds, their fakes): only
            // ios/android load it. So is SafeHtml (and with it DOMPurify): only the lazy pages that
            // show server HTML use it.
            {
              name: 'shared',
              // Vite's preload helper and the dashboard's account maths (the routes' guard uses it)
              // with them: the entry uses both, and they must not be drawn into 'kit' by its modules
              // that use them too (the login page would then load 'kit'). Logging out too: the
              // signed-in layout and the forced password change both use it, and a few hundred
              // bytes here beat a request of its own on every signed-in page.
              test: /vite[\\/]preload-helper|[\\/]src[\\/]features[\\/]dashboard[\\/]utils[\\/]account\.ts$|[\\/]src[\\/]features[\\/]auth[\\/]api[\\/]logout\.ts$|[\\/]src[\\/](lib|components)[\\/](?!(modal|biometric-settings-dialog|wizard|data-table|ledger-amount|pagination|review-list|service-select|service-icon|payment-marks|empty-state|not-found|load-error|offline-state|file-picker|placeholder-page|service-status|services-tabs|tabs|menu-button|staff-link-failure|server-action-button|live-chat-entry|notice-banner|safe-html)\.tsx$|form[\\/]|step-up|password-change|wizard-storage|wizard-(flow|actions)\.tsx?$|staff-link\.ts|online\.ts|data-saver\.ts|download\.ts|prepare-commit\.ts|url-state\.ts|form-seed\.ts|live-chat|query-persist|native[\\/])|[\\/]packages[\\/](contracts|domain)[\\/]src[\\/](?!(identification|account|contacts|guides|card|advisories|tickets|referrals|callbacks|application|service-status)-rules|callback-slots|native-messages|service-status-messages|service-names|au-states|pin-rules|orders-rules|contact-change-messages|phone-format|usage-report-name|money|product-address|time[\\/](zoned|names))/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
}));
