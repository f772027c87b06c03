import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** After an in-app navigation, moves focus to the main content so screen readers start at the new page. */
export function useFocusMainOnNavigate(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
