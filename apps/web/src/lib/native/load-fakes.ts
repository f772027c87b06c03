import { forcedPlatform } from '../platform';
import type { NativePlugins } from './types';

let fakes: Promise<NativePlugins> | undefined;

/**
 * The in-page plugins (./fakes) when this build allows a forced platform and one is forced; else
 * null, and each wrapper uses its Capacitor plugin. The condition is written out here, once, so a
 * production build (no VITE_ALLOW_PLATFORM_OVERRIDE) folds it to false and drops the fakes' chunk:
 * `npm run check:no-fakes -w @outpost/web` checks the output.
 */
export function loadFakes(): Promise<NativePlugins> | null {
  if (!(import.meta.env.DEV || import.meta.env.VITE_ALLOW_PLATFORM_OVERRIDE === '1')) return null;
  if (forcedPlatform() === null) return null;
  fakes ??= import('./fakes/native-fakes').then((module) => module.createNativeFakes());
  return fakes;
}

/** The fake when one applies, else the real wrapper built once by `real`. */
export function pluginFor<K extends keyof NativePlugins>(
  key: K,
  real: () => Promise<NativePlugins[K]>,
): () => Promise<NativePlugins[K]> {
  let cached: Promise<NativePlugins[K]> | undefined;
  return () => {
    const fake = loadFakes();
    if (fake) return fake.then((plugins) => plugins[key]);
    cached ??= real();
    return cached;
  };
}
