import { expect, test } from '@playwright/test';
import { createVerifiedUser, signIn } from './session';
import { shots } from './shots';

/** The contact and dealer pages show the operator's content (the demo's here), at phone and desktop widths. */
test('contact and dealer pages show the configured channels and dealers', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto('/contact');
  await expect(page.getByTestId('contact-lead')).toContainText('24');
  await expect(page.getByTestId('contact-channel')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
    'href',
    'mailto:support@example.com',
  );
  await page.screenshot({ path: shots('contact-desktop-light'), fullPage: true });
  await page.getByTestId('contact-ticket').click();
  await expect(page).toHaveURL(/\/support$/);

  await page.goto('/dealer');
  await expect(page.getByTestId('dealer-card')).toHaveCount(3);
  await expect(page.getByTestId('dealer-steps').locator('li')).toHaveCount(4);
  await page.screenshot({ path: shots('dealer-desktop-light'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.screenshot({ path: shots('dealer-phone-dark'), fullPage: true });
  await page.goto('/contact');
  await expect(page.getByTestId('contact-channel').first()).toBeVisible();
  await page.screenshot({ path: shots('contact-phone-dark'), fullPage: true });
});
