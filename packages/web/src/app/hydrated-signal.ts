import { useEffect } from 'react';

/**
 * Tells public/app-boot.js that the prerendered page is live (hydrated): it then presses again a button pressed
 * while the code was still loading. Used by the layouts of the prerendered pages (landing, public).
 */
export function useHydratedSignal(): void {
  useEffect(() => {
    window.dispatchEvent(new Event('portal:hydrated'));
  }, []);
}
