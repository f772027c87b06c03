import { useEffect } from 'react';
import { isNativePlatform } from '../platform';
import type { ReviewTrigger } from './review-prompt';

/**
 * What the pages tell the review prompt (spec 1 section 4). Only lazily loaded pages use these,
 * so they stay out of the shell's chunks; the prompt's code itself loads on ios/android only.
 */
function noteReview(trigger: ReviewTrigger): void {
  if (!isNativePlatform()) return;
  void import('./start-native')
    .then(({ appReviewPrompt }) => appReviewPrompt().note(trigger))
    .catch(() => {});
}

/** The user viewed their data (dashboard, usage): the review prompt may follow 10 s later. */
export function noteDataViewed(): void {
  noteReview('data-viewed');
}

/** Notes data viewed once `viewed` turns true (a page's data arrived). */
export function useDataViewed(viewed: boolean): void {
  useEffect(() => {
    if (viewed) noteDataViewed();
  }, [viewed]);
}

/** The user completed a task (a payment approved, a block bought): the prompt may follow 2 s later. */
export function noteTaskCompleted(): void {
  noteReview('task-completed');
}
