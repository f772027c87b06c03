import type { ReactNode } from 'react';
import { type TabItem, Tabs } from '@/components/tabs';
import { isNativePlatform } from '@/lib/platform';

/**
 * The Support area's tabs (spec 3 section 2.7): Guides, Outages & Network Status, Live Chat
 * (native only), Contact; My Tickets joins them for those who may view tickets
 * (docs/decisions/017). Each tab shows only if the user holds its route's permissions.
 */
function supportTabs(native: boolean): TabItem[] {
  return [
    { label: 'Guides', to: '/support/guides' },
    { label: 'Outages & Network Status', to: '/support/network-status' },
    ...(native ? [{ label: 'Live Chat', to: '/support/live-chat' }] : []),
    { label: 'Contact', to: '/support/contact' },
    { label: 'My Tickets', to: '/support/my-tickets' },
  ];
}

/** A Support page: its title, the area's tabs, then the page. */
export function SupportLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--wide support">
      <h1 className="page__title">{title}</h1>
      <Tabs label="Support sections" items={supportTabs(isNativePlatform())} />
      {children}
    </div>
  );
}
