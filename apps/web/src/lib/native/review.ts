import { pluginFor } from './load-fakes';
import type { NativeReview } from './types';

/** @capacitor-community/in-app-review: the store's own rating sheet (the OS may not show it). */
export const getNativeReview = pluginFor('review', async (): Promise<NativeReview> => {
  const { InAppReview } = await import('@capacitor-community/in-app-review');
  return { requestReview: () => InAppReview.requestReview() };
});
