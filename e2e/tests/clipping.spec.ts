import { expect, test } from '@playwright/test';
import { findClipped } from './clipping';

/** The route walk's clipping check, on a small page with known clipped and fitting labels (no server needed). */
test('the clipping check reports cut labels and passes wrapped, ellipsised (badges excepted) and titled ones', async ({
  page,
}) => {
  await page.setContent(`
    <style>
      body { font: 14px sans-serif; }
      .box { display: inline-block; width: 40px; white-space: nowrap; overflow: hidden; }
    </style>
    <main>
      <span class="mantine-Badge-root box" id="cut-badge">生效中的订阅</span>
      <span class="mantine-Badge-root box" style="text-overflow: ellipsis" id="ellipsised-badge">生效中的订阅</span>
      <span class="mantine-Badge-root box" style="text-overflow: ellipsis" title="生效中的订阅">生效中的订阅</span>
      <span class="mantine-Badge-root box" title="生效中的订阅">生效中的订阅</span>
      <span class="mantine-Badge-root" style="display: inline-block; width: 40px">生效 中的 订阅</span>
      <span class="mantine-Badge-root box" style="width: auto">生效</span>
      <span class="mantine-Badge-root box" style="display: none">生效中的订阅</span>
      <button class="mantine-Button-root" style="width: 60px; height: 30px; overflow: hidden" id="cut-button">
        <span class="mantine-Button-label" style="white-space: nowrap; overflow: hidden; display: block">
          Copy subscription link
        </span>
      </button>
      <button class="mantine-Button-root" style="width: 60px; height: 30px; overflow: hidden">
        <span class="mantine-Button-label"
          style="white-space: nowrap; overflow: hidden; display: block; text-overflow: ellipsis">
          Copy subscription link
        </span>
      </button>
      <button role="tab" class="mantine-Tabs-tab" style="width: 60px; height: 20px; overflow: hidden" id="cut-tab">
        Link of the day
      </button>
      <h2 style="width: 50px; white-space: nowrap" id="spilled-title">Subscription history</h2>
      <h2 style="width: 60px">Plan of the day</h2>
      <h2 class="sr-only" style="position: absolute; width: 1px; height: 1px; overflow: hidden; white-space: nowrap">
        Visually hidden heading
      </h2>
    </main>
  `);
  const found = await findClipped(page);
  expect(found.map((f) => [f.text, f.how.split(' ')[0]])).toEqual([
    ['生效中的订阅', 'wider'],
    ['生效中的订阅', 'wider'],
    ['Copy subscription link', 'wider'],
    ['Link of the day', 'taller'],
    ['Subscription history', 'spills'],
  ]);
  expect(found[2]!.target).toContain('span.mantine-Button-label');
});
