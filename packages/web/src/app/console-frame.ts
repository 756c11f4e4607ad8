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
 * Hidden at once and emptied in a task of its own: its few hundred nodes, removed while still laid out, cost 70 ms
 * of main thread on a 2-core machine (four times that on Lighthouse's phone) inside the app's commit; hidden first,
 * 4 ms. The page's style sheets it links stay where they are: the page's import found them linked and added none.
 */
export function useDismissConsoleFrame(): void {
  useLayoutEffect(() => {
    const frame = document.getElementById(CONSOLE_FRAME_ID);
    if (!frame) return;
    frame.style.display = 'none';
    frame.removeAttribute('id');
    setTimeout(() => {
      for (const node of [...frame.childNodes]) if (!(node instanceof HTMLLinkElement)) node.remove();
    }, 0);
  }, []);
}

/** Rendered after the console's page in its Suspense boundary: the frame goes when the page is in place. */
export function DismissConsoleFrame(): null {
  useDismissConsoleFrame();
  return null;
}
