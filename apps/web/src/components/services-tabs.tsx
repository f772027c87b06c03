import { type TabItem, Tabs } from './tabs';

const servicesTabs: readonly TabItem[] = [
  { label: 'Services', to: '/services' },
  { label: 'Data Usage', to: '/services/usage' },
  { label: 'Data Blocks', to: '/services/data-blocks' },
];

/** My Services sub-navigation (spec 2 section 2): a tab shows if its route's permissions are held. */
export function ServicesTabs() {
  return <Tabs label="My Services sections" items={servicesTabs} />;
}
