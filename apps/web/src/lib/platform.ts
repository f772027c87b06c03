import { storageKeys } from './session';

/** Where the app runs. Every native-only behaviour goes through here. */
export type Platform = 'web' | 'ios' | 'android';

type CapacitorGlobal = { getPlatform?: () => string };
type PlatformWindow = Window & { Capacitor?: CapacitorGlobal };

function isPlatform(value: unknown): value is Platform {
  return value === 'web' || value === 'ios' || value === 'android';
}

/**
 * A development or test build (`vite build --mode e2e`: VITE_ALLOW_PLATFORM_OVERRIDE=1) may force
 * the platform with localStorage sm_platform (or `?platform=` once); a production build never
 * reads either.
 */
export function forcedPlatform(): Platform | null {
  if (!(import.meta.env.DEV || import.meta.env.VITE_ALLOW_PLATFORM_OVERRIDE === '1')) return null;
  try {
    // `?platform=ios|android|web` in the address sets it for this and later page loads.
    const asked = new URLSearchParams(window.location.search).get('platform');
    if (isPlatform(asked)) window.localStorage.setItem(storageKeys.platform, asked);
    const value = window.localStorage.getItem(storageKeys.platform);
    return isPlatform(value) ? value : null;
  } catch {
    return null;
  }
}

export function getPlatform(): Platform {
  if (typeof window === 'undefined') return 'web';
  const forced = forcedPlatform();
  if (forced) return forced;
  const detected = (window as PlatformWindow).Capacitor?.getPlatform?.();
  return isPlatform(detected) ? detected : 'web';
}

export function isNativePlatform(platform: Platform = getPlatform()): boolean {
  return platform === 'ios' || platform === 'android';
}
