import type { ReactNode } from 'react';
import { type TabItem, Tabs } from '@/components/tabs';
import './account.css';

/** The Account area's tabs (spec 3 section 2.1: a shared navigation list); each needs its route's permissions. */
const accountTabs: readonly TabItem[] = [
  { label: 'My Details', to: '/account/details' },
  { label: 'Account Permissions', to: '/account/permissions' },
  { label: 'Account Preferences', to: '/account/preferences' },
  { label: 'Account Security', to: '/account/security' },
];

/**
 * The Account pages (spec 3 section 2.8): the page's own title (the route table's), the area's
 * tabs, then the page.
 */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--wide account">
      <h1 className="page__title">{title}</h1>
      <Tabs label="Account sections" items={accountTabs} />
      {children}
    </div>
  );
}
