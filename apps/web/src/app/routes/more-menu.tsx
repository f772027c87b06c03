import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '@/components/icons';
import { useSession } from '@/lib/session';
// Through the signed-in layout, whose chunk this page's layout has already loaded: the menu item
// and logging out stay in that one chunk instead of two small ones of their own.
import { MenuItem, useLogout } from '../layouts/logged-in-layout';
import { moreMenu, visibleEntries } from '../layouts/menu-items';

/** /support/more (native only): the accordion menu of spec 3 section 2.2. */
export function Component() {
  const { permissions } = useSession();
  const logout = useLogout();
  const [openId, setOpenId] = useState<string | null>(null);
  const entries = visibleEntries(moreMenu, permissions);
  // The Account group is always shown: it holds Log Out even when no link in it is permitted.
  const hasAccount = entries.some((entry) => entry.kind === 'group' && entry.id === 'account');
  const withAccount = hasAccount
    ? entries
    : [...entries, { kind: 'group' as const, id: 'account', label: 'Account', items: [] }];

  return (
    <div className="page">
      <h1 className="page__title">More</h1>
      <ul className="accordion">
        {withAccount.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.to} className="accordion__item">
              <Link to={entry.to} className="accordion__link">
                {entry.label}
              </Link>
            </li>
          ) : (
            <li key={entry.id} className="accordion__item">
              <h2 className="accordion__heading">
                <button
                  type="button"
                  className="accordion__button"
                  aria-expanded={openId === entry.id}
                  aria-controls={`more-${entry.id}`}
                  onClick={() => setOpenId((current) => (current === entry.id ? null : entry.id))}
                >
                  <span>{entry.label}</span>
                  <ChevronDownIcon className="menu-group__chevron" />
                </button>
              </h2>
              <ul id={`more-${entry.id}`} className="accordion__panel" hidden={openId !== entry.id}>
                {entry.items.map((item) => (
                  <li key={item.to}>
                    <MenuItem item={item} />
                  </li>
                ))}
                {entry.id === 'account' && (
                  <li>
                    <button type="button" className="menu-link menu-link--button" onClick={logout}>
                      Log Out
                    </button>
                  </li>
                )}
              </ul>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
