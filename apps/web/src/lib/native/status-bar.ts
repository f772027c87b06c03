import { pluginFor } from './load-fakes';
import type { NativeStatusBar } from './types';

/** @capacitor/status-bar (its style) and capacitor-plugin-safe-area (the notch's height). */
export const getStatusBar = pluginFor('statusBar', async (): Promise<NativeStatusBar> => {
  const [{ StatusBar, Style }, { SafeArea }] = await Promise.all([
    import('@capacitor/status-bar'),
    import('capacitor-plugin-safe-area'),
  ]);
  return {
    height: async () => (await SafeArea.getSafeAreaInsets()).insets.top,
    setStyle: (style) => StatusBar.setStyle({ style: style === 'dark' ? Style.Dark : Style.Light }),
  };
});
