import { messages } from '@outpost/contracts/messages';
import { useLocation } from 'react-router';
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
  return <GetStartedPage />;
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
