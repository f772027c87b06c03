import { messages } from '@outpost/contracts/messages';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadError } from '@/components/load-error';
import { usePage } from '@/features/content/api/get-page';
import { GetStartedPage } from '@/features/rewards/components/get-started-page';
import { ReferralsPage } from '@/features/rewards/components/referrals-page';
import { RewardsFaq, RewardsFaqSkeleton } from '@/features/rewards/components/rewards-faq';
import { RewardsLayout } from '@/features/rewards/components/rewards-layout';

/** The FAQ's content page (content/pages/rewards-faq.md, loaded by the content command). */
export const REWARDS_FAQ_SLUG = 'rewards-faq';

/**
 * The Rewards area (docs/decisions/020): /rewards/get-started, /rewards/faq and
 * /rewards/active-referrals in one chunk, so moving between its tabs downloads no more code (a
 * round trip each on a satellite link) and the main chunk carries one loader, not three.
 */
export function Component() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/$/, '');
  if (path === '/rewards/faq') return <FaqPage />;
  if (path === '/rewards/active-referrals') return <ReferralsPage />;
  return <GetStartedPage aside={<FaqAside />} />;
}

/**
 * Get Started's questions beside the offer on wide screens, under it on phones (issue 41): the
 * same content as the FAQ tab (one query, cached for both).
 */
function FaqAside() {
  const page = usePage(REWARDS_FAQ_SLUG);
  const headingId = useId();
  return (
    <aside className="rewards-aside" aria-labelledby={headingId}>
      <h2 id={headingId} className="rewards-aside__title">
        Questions
      </h2>
      {page.isError ? (
        <LoadError
          error={messages.banner.loadData}
          onRetry={() => void page.refetch()}
          resetKey={page.errorUpdatedAt}
        />
      ) : page.data ? (
        <RewardsFaq html={page.data.body} headingLevel={3} />
      ) : (
        <RewardsFaqSkeleton />
      )}
      <p className="rewards-aside__more">
        <Link to="/rewards/faq">Open the Rewards FAQ</Link>
      </p>
    </aside>
  );
}

/** /rewards/faq: the provider's questions and answers, from content. */
function FaqPage() {
  const page = usePage(REWARDS_FAQ_SLUG);
  return (
    <RewardsLayout title="Rewards FAQ">
      {page.isError ? (
        <LoadError
          error={messages.banner.loadData}
          onRetry={() => void page.refetch()}
          resetKey={page.errorUpdatedAt}
        />
      ) : page.data ? (
        <RewardsFaq html={page.data.body} />
      ) : (
        <RewardsFaqSkeleton />
      )}
    </RewardsLayout>
  );
}
