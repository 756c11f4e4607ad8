import { useLayoutEffect } from 'react';

/**
 * The console's frame (top bar and sidebar, no data), prerendered into the landing page's HTML by
 * scripts/prerender.mjs and shown by theme-init.js to a signed-in customer on a console route: their first paint
 * comes with the HTML and its styles, not seconds later with the code. It covers the page until the first layout the
 * app renders is in place, which removes it before that layout is painted.
 */
export const CONSOLE_FRAME_ID = 'console-frame';

/** Called by every layout: once it is on screen, the prerendered frame goes. */
export function useDismissConsoleFrame(): void {
  useLayoutEffect(() => {
    document.getElementById(CONSOLE_FRAME_ID)?.remove();
  }, []);
}
