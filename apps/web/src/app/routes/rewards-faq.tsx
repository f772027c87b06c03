import { messages } from '@outpost/contracts/messages';
import { LoadError } from '@/components/load-error';
import { usePage } from '@/features/content/api/get-page';
import { RewardsFaq, RewardsFaqSkeleton } from '@/features/rewards/components/rewards-faq';
import { RewardsLayout } from '@/features/rewards/components/rewards-layout';

/** The FAQ's content page (content/pages/rewards-faq.md, loaded by the content command). */
export const REWARDS_FAQ_SLUG = 'rewards-faq';

/** /rewards/faq (docs/decisions/020): the provider's questions and answers, from content. */
export function Component() {
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
