import { useLayoutEffect } from 'react';

/**
 * The console's frame: the console layout with the opened page in its loading state (top bar, sidebar, title,
 * static texts, skeletons; no data), prerendered per page and language by scripts/prerender.mjs, put into the
 * landing page's HTML by the server for the page's address and shown by theme-init.js to a signed-in customer on a
 * console route: their first paint comes with the HTML and its styles, not seconds later with the code. It covers
 * the app until the page the app renders is in place, which removes it before that page is painted.
 */
export const CONSOLE_FRAME_ID = 'console-frame';

/** Called by the public and landing layouts, and after the console's page: once it is on screen, the frame goes. */
export function useDismissConsoleFrame(): void {
  useLayoutEffect(() => {
    const frame = document.getElementById(CONSOLE_FRAME_ID);
    if (!frame) return;
    // The page's style sheets the frame links (scripts/prerender.mjs) stay: the page's own import found them linked
    // and added none. Moved, a loaded sheet keeps applying without a new load.
    document.head.append(...frame.querySelectorAll('link[rel="stylesheet"]'));
    frame.remove();
  }, []);
}

/** Rendered after the console's page in its Suspense boundary: the frame goes when the page is in place. */
export function DismissConsoleFrame(): null {
  useDismissConsoleFrame();
  return null;
}
