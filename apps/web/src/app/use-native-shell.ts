import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getPlatform } from '@/lib/platform';

/**
 * ios/android: the native shell (status bar offset, session count on launch and resume, Android's
 * back button, deep links) through lib/native; nothing on the web.
 */
export function useNativeShell(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  useEffect(() => {
    pathname.current = location.pathname;
  }, [location.pathname]);

  useEffect(() => {
    const platform = getPlatform();
    if (platform === 'web') return;
    let stop: (() => void) | null = null;
    let active = true;
    // The native layer loads on ios/android only: never part of the web app's download.
    void import('@/lib/native/start-native')
      .then(({ startNative }) =>
        startNative({
          platform,
          navigate: (to) => void (to === -1 ? navigate(-1) : navigate(to)),
          pathname: () => pathname.current,
        }),
      )
      .then((cleanUp) => {
        if (active) stop = cleanUp;
        else cleanUp();
      })
      .catch(() => {});
    return () => {
      active = false;
      stop?.();
    };
  }, [navigate]);
}
