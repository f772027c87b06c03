import type { Dashboard } from '@outpost/contracts/dashboard';

/**
 * Spec 3 section 2.4, word for word: 'The whole card is hidden when permissions.blocks.account is
 * set.' (The dashboard's rule is the other way round: its card shows when the flag is set.) While
 * the dashboard loads the card is not shown, so the usual case (hidden) never jumps.
 */
export function accountSummaryHidden(dashboard: Dashboard | null): boolean {
  return dashboard === null || dashboard.permissions.blocks.account;
}
