import type { Page } from '@playwright/test';

/** A label, badge, button, tab or title whose text does not fit its box and is cut with no ellipsis or tooltip. */
export interface Clipped {
  /** A short CSS-like path of the element, e.g. `main > div.mantine-Card-root > span.mantine-Badge-root`. */
  target: string;
  text: string;
  /** How it is cut: `wider 84 > 52` (content width > box width) or `taller 40 > 30`. */
  how: string;
}

/**
 * What is checked: titles (headings, the page title) and the labels of badges, buttons, tabs and segmented
 * controls. Their text is expected to fit, to wrap, or to be cut visibly (an ellipsis) or with a tooltip.
 */
export const CLIP_CANDIDATES = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  '[role="heading"]',
  '[data-testid="page-title"]',
  '.mantine-Title-root',
  '.mantine-Badge-root',
  '.mantine-Button-root',
  '.mantine-Tabs-tab',
  '[role="tab"]',
  '.mantine-SegmentedControl-label',
].join(', ');

/**
 * Finds clipped labels in the page (or under `root`): for each visible candidate, the candidate itself and every
 * element inside it that hides its overflow are measured; one whose content is wider than its box (or taller, when it
 * cannot grow) is reported unless the cut shows an ellipsis (`text-overflow: ellipsis`, or a line clamp for height;
 * not for badges, whose one or two words an ellipsis leaves unreadable) or the text is available as a tooltip (`title` on it, inside it or on an ancestor up to the candidate's parent).
 * A candidate whose text spills out of its box without being hidden is reported too (it runs over its neighbours).
 * Invisible and visually hidden (1 px, screen-reader only) elements are skipped.
 */
export async function findClipped(page: Page, root = 'body'): Promise<Clipped[]> {
  return page.evaluate(
    ({ selector, rootSelector, BADGE }) => {
      const TOLERANCE = 1;
      const scope = document.querySelector(rootSelector);
      if (!scope) return [];

      const describe = (el: Element) => {
        const parts: string[] = [];
        let node: Element | null = el;
        while (node && node !== document.body && parts.length < 4) {
          const testId = node.getAttribute('data-testid');
          const classes = Array.from(node.classList)
            .filter((c) => c.startsWith('mantine-'))
            .slice(0, 1);
          parts.unshift(
            `${node.tagName.toLowerCase()}${testId ? `[data-testid="${testId}"]` : ''}${classes.map((c) => `.${c}`).join('')}`,
          );
          node = node.parentElement;
        }
        return parts.join(' > ');
      };
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      const visible = (el: Element) => {
        const rect = el.getBoundingClientRect();
        // Nothing to see, or visually hidden for screen readers only (a 1 px box, clipped on purpose).
        if (rect.width <= 1 || rect.height <= 1) return false;
        return el.checkVisibility({ opacityProperty: false, visibilityProperty: true });
      };
      const hasTooltip = (candidate: Element, clipper: Element) => {
        for (let node: Element | null = clipper; node; node = node.parentElement) {
          if (node.getAttribute('title')) return true;
          if (node === candidate.parentElement) break;
        }
        return candidate.querySelector('[title]:not([title=""])') !== null;
      };

      const found: { target: string; text: string; how: string }[] = [];
      const seen = new Set<Element>();
      for (const candidate of Array.from(scope.querySelectorAll(selector))) {
        if (seen.has(candidate) || !visible(candidate)) continue;
        seen.add(candidate);
        const text = (candidate.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (!text) continue;
        // Inline elements have no box of their own to overflow.
        if (getComputedStyle(candidate).display === 'inline') continue;

        const clippers = [candidate, ...Array.from(candidate.querySelectorAll('*'))].filter((el) => {
          const style = getComputedStyle(el);
          return el === candidate || hides(style.overflowX) || hides(style.overflowY);
        });
        for (const el of clippers) {
          if (!visible(el) || !(el.textContent ?? '').trim()) continue;
          const style = getComputedStyle(el);
          const hidesX = hides(style.overflowX);
          const hidesY = hides(style.overflowY);
          const wider = el.scrollWidth > el.clientWidth + TOLERANCE;
          const taller = el.scrollHeight > el.clientHeight + TOLERANCE;
          let how: string | null = null;
          // A badge is a word or two: "生…" says nothing, so only a tooltip excuses a cut badge.
          const ellipsis = style.textOverflow === 'ellipsis' && !candidate.matches(BADGE);
          if (wider && (hidesX || el === candidate) && !ellipsis) {
            how = `${hidesX ? 'wider' : 'spills'} ${el.scrollWidth} > ${el.clientWidth}`;
          } else if (taller && hidesY && style.getPropertyValue('-webkit-line-clamp') === 'none') {
            how = `taller ${el.scrollHeight} > ${el.clientHeight}`;
          }
          if (how && !hasTooltip(candidate, el)) {
            found.push({ target: describe(el), text: text.slice(0, 60), how });
            break;
          }
        }
      }
      return found;
    },
    { selector: CLIP_CANDIDATES, rootSelector: root, BADGE: '.mantine-Badge-root' },
  );
}
