import type { ReactNode } from 'react';
import { type TabItem, Tabs } from '@/components/tabs';

/** The Rewards area's tabs (docs/decisions/017); Active Referrals needs view-referrals. */
const rewardsTabs: readonly TabItem[] = [
  { label: 'Get Started', to: '/rewards/get-started' },
  { label: 'FAQ', to: '/rewards/faq' },
  { label: 'Active Referrals', to: '/rewards/active-referrals' },
];

/** A Rewards page: its title, the area's tabs, then the page. */
export function RewardsLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--wide rewards">
      <h1 className="page__title">{title}</h1>
      <Tabs label="Rewards sections" items={rewardsTabs} />
      {children}
    </div>
  );
}
