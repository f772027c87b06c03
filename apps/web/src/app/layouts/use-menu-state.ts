import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The open dropdown's id when the user closed the one the menu opened for the current page (null
 * is "as the page opens it": the menu group holding the current page is open).
 */
export const MENU_NONE_OPEN = 'menu:none';

type MenuState = { openId: string | null; drawerOpen: boolean; path: string };

function closedAt(path: string): MenuState {
  return { openId: null, drawerOpen: false, path };
}

/**
 * Which dropdown is open (one at a time across the header and the menu) and whether the
 * narrow-screen drawer is open. Both reset on navigation: the state remembers the path it
 * belongs to and counts as closed on any other path.
 */
export function useMenuState() {
  const { pathname } = useLocation();
  const [state, setState] = useState<MenuState>(() => closedAt(pathname));
  const current = state.path === pathname ? state : closedAt(pathname);

  const setDropdown = useCallback(
    (id: string, open: boolean) => {
      setState((previous) => {
        const base = previous.path === pathname ? previous : closedAt(pathname);
        if (open) {
          // A header dropdown covers the drawer on a narrow screen: close the drawer then.
          const keepDrawer = id.startsWith('menu:');
          return { ...base, openId: id, drawerOpen: keepDrawer && base.drawerOpen };
        }
        return base.openId === id ? { ...base, openId: null } : base;
      });
    },
    [pathname],
  );

  const setDrawer = useCallback(
    (open: boolean) => {
      setState((previous) => {
        const base = previous.path === pathname ? previous : closedAt(pathname);
        return { ...base, drawerOpen: open, openId: null };
      });
    },
    [pathname],
  );

  return { openId: current.openId, drawerOpen: current.drawerOpen, setDropdown, setDrawer };
}
