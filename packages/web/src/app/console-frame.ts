import { useLayoutEffect } from 'react';

/**
 * The console's frame: the console layout with the opened page in its loading state (top bar, sidebar, title,
 * static texts, skeletons; no data), prerendered per page and language by scripts/prerender.mjs, put into the
 * landing page's HTML by the server for the page's address and shown by theme-init.js to a signed-in customer on a
 * console route: their first paint comes with the HTML and its styles, not seconds later with the code. It covers
 * the app until the page the app renders is in place, which removes it before that page is painted.
 */
export const CONSOLE_FRAME_ID = 'console-frame';

/**
 * Called by the public and landing layouts, and after the console's page: once it is on screen, the frame goes.
 * Marked dismissed at once, which hides it (`index.html`: `content-visibility` and `visibility`; it stays fixed, out
 * of the page's flow, where `content-visibility` is unknown), then emptied and taken out of the layout in a task of
 * its own. Measured on Lighthouse's phone (4x slowdown, 2-core machine) in the app's commit, with the page just laid
 * out beside it: removing the frame or setting `display: none` cost 200-260 ms, hiding it this way 7-12 ms, and
 * emptying it afterwards 23 ms in its own task. The page's style sheets it links stay where they are: the page's
 * import found them linked and added none.
 */
export function useDismissConsoleFrame(): void {
  useLayoutEffect(() => {
    const frame = document.getElementById(CONSOLE_FRAME_ID);
    if (!frame || frame.hasAttribute('data-dismissed')) return;
    frame.setAttribute('data-dismissed', '');
    setTimeout(() => {
      for (const node of [...frame.childNodes]) if (!(node instanceof HTMLLinkElement)) node.remove();
      frame.style.display = 'none';
    }, 0);
  }, []);
}

/** Rendered after the console's page in its Suspense boundary: the frame goes when the page is in place. */
export function DismissConsoleFrame(): null {
  useDismissConsoleFrame();
  return null;
}
