import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { BrandMark } from './brand-mark';

/** Logo and content, no menus (basic, staff and embedded pages). */
export function BasicLayout() {
  return (
    <div className="app app--basic">
      <SkipLink />
      <header className="app-header app-header--basic">
        <span className="brand">
          <BrandMark />
        </span>
      </header>
      <main id={MAIN_CONTENT_ID} className="app__main app__main--public" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
