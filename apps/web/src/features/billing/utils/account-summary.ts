import type { Dashboard } from '@outpost/contracts/dashboard';

/**
 * Whether the invoices page shows the Account Summary card (docs/decisions/015). Spec 3 section
 * 2.4 says the card is hidden when permissions.blocks.account is set; spec 1 says the dashboard's
 * card shows when that flag is present. Our server sets the flag when the caller may see the
 * account (decision 009) and sends no account data otherwise, so the literal reading would hide
 * the card from everyone who may see it and show an empty one to those who may not. The page
 * follows the dashboard: shown with the flag, and (as a placeholder) while the dashboard loads.
 */
export function accountSummaryShown(dashboard: Dashboard | null): boolean {
  return dashboard === null || dashboard.permissions.blocks.account;
}
