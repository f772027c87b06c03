import { pluginFor } from './load-fakes';
import type { NativeApp } from './types';

/** @capacitor/app: resume, Android's back button, deep links. */
export const getNativeApp = pluginFor('app', async (): Promise<NativeApp> => {
  const { App } = await import('@capacitor/app');
  return {
    async onResume(listener) {
      const handle = await App.addListener('resume', listener);
      return () => void handle.remove();
    },
    async onBackButton(listener) {
      const handle = await App.addListener('backButton', ({ canGoBack }) =>
        listener({ canGoBack }),
      );
      return () => void handle.remove();
    },
    async onDeepLink(listener) {
      const handle = await App.addListener('appUrlOpen', ({ url }) => listener(url));
      return () => void handle.remove();
    },
    async getLaunchUrl() {
      return (await App.getLaunchUrl())?.url ?? null;
    },
    exitApp: () => App.exitApp(),
  };
});
