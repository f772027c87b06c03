import { pluginFor } from './load-fakes';
import type { NativeBrowser } from './types';

/** @capacitor/browser: another site opens in the in-app browser, not inside the app's web view. */
export const getNativeBrowser = pluginFor('browser', async (): Promise<NativeBrowser> => {
  const { Browser } = await import('@capacitor/browser');
  return { open: (url) => Browser.open({ url }) };
});
