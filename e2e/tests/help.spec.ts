import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './session';
import { shots } from './shots';

/** The star with `n` on the rating widget (its label is what a person clicks). */
async function clickStar(page: Page, n: number) {
  const id = await page.getByRole('radio', { name: `${n} 星` }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

/**
 * The help centre with the demo documents: a customer searches in Chinese, opens the guide, reads it (its view is
 * counted), rates it with feedback and sees the rating counted, on the page and after a reload; the list shows it too.
 */
test('find a help document by a Chinese search, read it, rate it and see the rating counted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request);
  await signIn(page, user);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/help');
  await expect(page.getByTestId('page-title')).toHaveText('帮助中心');
  await expect(page.getByTestId('help-result').first()).toBeVisible();
  await expect(page.getByTestId('help-results-title')).toHaveText('帮助文档');
  await page.screenshot({ path: shots('help-desktop-light'), fullPage: true });

  // Search in Chinese: the URL keeps the search, the guide is among the results.
  await page.getByTestId('help-search').fill('导入订阅');
  await expect(page).toHaveURL(/[?&]q=%E5%AF%BC%E5%85%A5%E8%AE%A2%E9%98%85/);
  await expect(page.getByTestId('help-results-title')).toContainText('“导入订阅”的搜索结果');
  const result = page.getByTestId('help-result').filter({ hasText: '如何导入订阅链接' });
  await expect(result).toBeVisible();
  // No rating yet: the card says nothing about it (no "no ratings yet" on every card).
  await expect(result.getByTestId('help-rating')).toHaveCount(0);
  await page.screenshot({ path: shots('help-search-desktop-light'), fullPage: true });

  // The document: Markdown rendered, the view counted, related guides, a back link that keeps the search.
  await result.click();
  await expect(page).toHaveURL(/\/help\/\d+$/);
  const documentUrl = page.url();
  await expect(page.getByTestId('help-document-title')).toHaveText('如何导入订阅链接');
  // The document's title is the page's one h1; the header gives it the breadcrumb, not the help centre's name.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('如何导入订阅链接');
  await expect(page.getByTestId('page-title')).toHaveCount(0);
  const body = page.getByTestId('help-markdown');
  await expect(body.locator('h2').first()).toHaveText('获取链接');
  await expect(body.getByRole('link', { name: '订阅链接' }).first()).toHaveAttribute(
    'href',
    '/subscription/link',
  );
  await expect(page.getByTestId('help-document').getByTestId('help-views')).toHaveText('1 次浏览');
  await expect(page.getByTestId('help-related-link').first()).toBeVisible();

  // Rate it: four stars and a note; the page shows the rating counted at once.
  // No rating yet: the document's head shows none; the average appears there once counted.
  const article = page.getByTestId('help-document');
  await expect(article.getByTestId('help-rating')).toHaveCount(0);
  await clickStar(page, 4);
  await page.getByTestId('help-rate-feedback').fill('步骤很清楚，二维码导入最方便');
  await page.getByTestId('help-rate-submit').click();
  await expect(page.getByTestId('help-my-rating')).toContainText('您的评分：4 星');
  await expect(article.getByTestId('help-rating')).toHaveText('平均 4.0 分 · 1 人评分');
  await expect(page.getByTestId('help-rate-submit')).toHaveText('更新评分');
  await page.screenshot({ path: shots('help-document-desktop-light'), fullPage: true });

  // The rating is stored: after a reload it is still there, with the feedback (and this visit counted).
  await page.reload();
  await expect(page.getByTestId('help-my-rating')).toContainText('您的评分：4 星');
  await expect(page.getByTestId('help-rate-feedback')).toHaveValue('步骤很清楚，二维码导入最方便');
  await expect(page.getByTestId('help-document').getByTestId('help-rating')).toHaveText(
    '平均 4.0 分 · 1 人评分',
  );
  await expect(page.getByTestId('help-document').getByTestId('help-views')).toHaveText('2 次浏览');

  // Changing one's mind replaces the rating: still one rating.
  await clickStar(page, 5);
  await page.getByTestId('help-rate-submit').click();
  await expect(page.getByTestId('help-my-rating')).toContainText('您的评分：5 星');
  await expect(page.getByTestId('help-document').getByTestId('help-rating')).toHaveText(
    '平均 5.0 分 · 1 人评分',
  );

  // Back to the search: the list counts the rating too.
  await page.goto('/help?q=%E5%AF%BC%E5%85%A5%E8%AE%A2%E9%98%85');
  await expect(
    page.getByTestId('help-result').filter({ hasText: '如何导入订阅链接' }).getByTestId('help-rating'),
  ).toHaveText('5.0 分 · 1 人评分');

  // Phone width, dark theme: the list with filters, then the document.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help?platform=windows');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('help-result')).toHaveCount(2);
  await page.screenshot({ path: shots('help-phone-dark'), fullPage: true });
  await page.goto(documentUrl);
  await expect(page.getByTestId('help-document-title')).toHaveText('如何导入订阅链接');
  await page.screenshot({ path: shots('help-document-phone-dark'), fullPage: true });
  await page.goto('/help?q=mihomo');
  await page.getByTestId('help-result').first().click();
  await expect(page.getByTestId('help-markdown').locator('pre').first()).toBeVisible();
  await page.screenshot({ path: shots('help-code-phone-dark'), fullPage: true });

  // Desktop, dark: the document with code blocks.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: shots('help-code-desktop-dark'), fullPage: true });

  // Switching the interface language shows the same guide in that language.
  await page.goto(documentUrl);
  await expect(page.getByTestId('help-document-title')).toHaveText('如何导入订阅链接');
  await page.getByTestId('language-switcher').click();
  await page.getByTestId('language-option-en').click();
  await expect(page.getByTestId('help-document-title')).toHaveText('How to import your subscription link');
  await expect(page.getByTestId('help-markdown').locator('h2').first()).toHaveText('Get the link');
  await page.screenshot({ path: shots('help-document-desktop-dark-en'), fullPage: true });
});
