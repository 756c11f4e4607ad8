import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG rules the journeys hold every page to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The route walk's, on settled pages with nothing over them: WCAG 2.2 AA as well (target size). Not in the journeys,
 * where a toast that just opened over the top bar's buttons counts as a target obscured.
 */
export const WALK_AXE_TAGS = [...AXE_TAGS, 'wcag22aa'];

/**
 * Waits for every finite animation and transition to finish (a drawer sliding in, an overlay fading), two frames
 * first so one just asked for has started. Axe blends a half-faded surface into the colours it measures, so a scan
 * taken mid-transition reports contrast the settled page does not have. Endless ones (loaders) are not waited for.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Serious or critical axe findings on the page once it has settled ("rule: targets"), empty when it passes. A scan
 * with findings is taken again once transitions are done: a toast that began to fade in or out during the first (an
 * answer arriving mid-scan, an auto-close) is measured half-transparent; a real finding is there both times.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const scan = async () => {
    await transitionsDone(page);
    const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const first = await scan();
  return first.length === 0 ? first : scan();
}
