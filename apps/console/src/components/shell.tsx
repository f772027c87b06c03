import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  PhoneCall,
  FileUp,
  Inbox,
  KeyRound,
  LogOut,
  Menu,
  MessageSquareText,
  RadioTower,
  Package,
  Search,
  ShieldCheck,
  Users,
  Webhook,
} from 'lucide-react';
import { NoticeBadge, useDeskNotices } from '../features/desk-notices';
import { staffRoutes } from '@outpost/contracts/staff';
import { call, ENDED_KEY, storeSession } from '../api';
import { can, useSession } from '../session';

/** A staff session ends after this long without a key press or click (the server's own limit). */
export const IDLE_LIMIT_MS = 30 * 60 * 1000;

const NAV = [
  { to: '/customers', label: 'Customers', icon: Users, scope: 'read' },
  { to: '/tickets', label: 'Tickets', icon: Inbox, scope: 'tickets' },
  { to: '/orders', label: 'Orders', icon: Package, scope: 'read' },
  { to: '/callbacks', label: 'Callbacks', icon: PhoneCall, scope: 'tickets' },
  { to: '/canned-replies', label: 'Canned replies', icon: MessageSquareText, scope: 'tickets' },
  { to: '/catalogue', label: 'Catalogue', icon: BookOpen, scope: 'read' },
  { to: '/network', label: 'Network status', icon: RadioTower, scope: 'read' },
  { to: '/import', label: 'Import', icon: FileUp, scope: 'provisioning' },
  { to: '/staff', label: 'Staff', icon: ShieldCheck, scope: 'staff' },
  { to: '/api-keys', label: 'API keys', icon: KeyRound, scope: 'keys' },
  { to: '/webhooks', label: 'Webhooks', icon: Webhook, scope: 'keys' },
] as const;

/** Ends the session on the server and in this tab. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (reason?: string) => {
      await call(staffRoutes.staffLogout).catch(() => undefined);
      storeSession(null);
      queryClient.clear();
      if (reason) sessionStorage.setItem(ENDED_KEY, reason);
      await navigate('/sign-in', { replace: true });
    },
    [navigate, queryClient],
  );
}

/** The console's frame: the menu by role, the search box ('/' anywhere), who is signed in. */
export function Shell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const searchRef = useRef<HTMLInputElement>(null);
  const lastActivity = useRef(Date.now());
  // The menu on a narrow screen (a top bar with a Menu button); always shown on a wide one.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  // Escape closes the open menu; focus goes back to its button when it was in the menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const inside = menu.current?.contains(document.activeElement) ?? false;
      setMenuOpen(false);
      if (inside || document.activeElement === menuButton.current) menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  // '/' puts the cursor in the search box, unless the person is typing somewhere.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = Boolean(target?.closest('input, textarea, select, [contenteditable="true"]'));
      if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey) {
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The session ends on idle: no key press or click for 30 minutes.
  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    const events = ['keydown', 'pointerdown'] as const;
    for (const e of events) window.addEventListener(e, mark, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current > IDLE_LIMIT_MS) {
        void signOut('You were signed out after 30 minutes without activity.');
      }
    }, 30_000);
    return () => {
      for (const e of events) window.removeEventListener(e, mark);
      window.clearInterval(timer);
    };
  }, [signOut]);

  const desk = session !== null && can(session.staff.role, 'tickets');
  const notices = useDeskNotices(desk, location.pathname === '/tickets');

  if (!session) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  const query =
    location.pathname === '/customers' ? (new URLSearchParams(location.search).get('q') ?? '') : '';

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Console">
        <div className="sidebar-head">
          <div className="sidebar-brand">
            <span className="brand-mark" aria-hidden="true">
              O
            </span>
            <span>Outpost console</span>
          </div>
          {/* Shown on a narrow screen only (styles.css): the menu below opens from it. */}
          <button
            ref={menuButton}
            type="button"
            className="button secondary small menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="console-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Menu size={14} aria-hidden="true" /> Menu
            {menuOpen ? null : <NoticeBadge {...notices} />}
          </button>
        </div>
        <div
          id="console-menu"
          ref={menu}
          className={menuOpen ? 'sidebar-menu open' : 'sidebar-menu'}
        >
          <ul>
            {NAV.filter((item) => can(session.staff.role, item.scope)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link" onClick={() => setMenuOpen(false)}>
                  <item.icon size={16} aria-hidden="true" />
                  {item.label}
                  {item.to === '/tickets' ? <NoticeBadge {...notices} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="sidebar-foot">
            <div className="who">
              <span className="who-name">{session.staff.name}</span>
              <span className="who-role">{roleLabel(session.staff.role)}</span>
            </div>
            <button type="button" className="button quiet small" onClick={() => void signOut()}>
              <LogOut size={14} aria-hidden="true" /> Sign out
            </button>
          </div>
        </div>
      </nav>
      <div className="workspace">
        <header className="topbar">
          <form
            role="search"
            className="global-search"
            onSubmit={(event) => {
              event.preventDefault();
              const q = searchRef.current?.value.trim() ?? '';
              if (q) void navigate(`/customers?q=${encodeURIComponent(q)}`);
            }}
          >
            <Search size={16} aria-hidden="true" className="search-icon" />
            <label htmlFor="global-search" className="visually-hidden">
              Find a customer
            </label>
            <input
              id="global-search"
              ref={searchRef}
              type="search"
              key={query}
              defaultValue={query}
              placeholder="Find a customer: name, account, email, mobile, service, address or postcode"
              autoComplete="off"
              maxLength={100}
            />
            <kbd aria-hidden="true">/</kbd>
          </form>
        </header>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function roleLabel(role: string): string {
  return role === 'admin' ? 'Admin' : role === 'billing' ? 'Billing' : 'Support';
}
