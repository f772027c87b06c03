import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS and Android apps: the same web build (dist/) inside Capacitor 8. It lives in apps/web,
 * beside the package.json that lists the plugins: `cap sync` finds the plugins to install in the
 * native projects from the dependencies of the package.json next to this file (the root one lists
 * none). The app's name is the provider's (PROVIDER_NAME, as for the server), set at sync time.
 */
const config: CapacitorConfig = {
  appId: process.env.APP_ID ?? 'net.outpost.portal',
  appName: process.env.PROVIDER_NAME ?? 'Outpost Demo Broadband',
  webDir: 'dist',
  ios: { contentInset: 'never' },
  android: { allowMixedContent: false },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
    SplashScreen: { launchAutoHide: true },
  },
};

export default config;
