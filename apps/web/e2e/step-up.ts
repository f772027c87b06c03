import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { codeIn, newestMessageTo } from './outbox';
import { expect } from './test';

/**
 * Answers the step-up dialog ('Confirm it is you') with the code the server just emailed to `to`
 * (a message after the outbox message `since`).
 */
export async function answerStepUp(page: Page, to: string, since: number): Promise<void> {
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByRole('status')).toHaveText(
    'We have emailed a 6-digit code to the address on your contact details. It expires in 10 minutes.',
  );
  await expect(stepUp.getByLabel('Verification code')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  const code = codeIn(await newestMessageTo(page.request, to, since));
  await stepUp.getByLabel('Verification code').fill(code);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
}
