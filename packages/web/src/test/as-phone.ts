import { vi } from 'vitest';

/**
 * From now until `vi.unstubAllGlobals()`, the page runs on a phone: media queries below the console's 768 px
 * breakpoint (`usePhone`) match, the others keep jsdom's answer.
 */
export function asPhone(): void {
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...matchMedia(query),
    matches: query.includes('max-width: 767.98px'),
  }));
}
