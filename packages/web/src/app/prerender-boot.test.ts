import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { PUBLIC_PATHS, showsLanding } from './routes';

const THEME_INIT = readFileSync(path.resolve(__dirname, '../../public/theme-init.js'), 'utf8');
const APP_BOOT = readFileSync(path.resolve(__dirname, '../../public/app-boot.js'), 'utf8');

/** Runs public/theme-init.js as the browser does before the first paint, at a path, on a page prerendered for a route. */
function boot(url: string, route: string | null = '/') {
  window.history.replaceState(null, '', url);
  const html = document.documentElement;
  html.removeAttribute('data-skip-prerender');
  if (route === null) html.removeAttribute('data-prerendered-route');
  else html.setAttribute('data-prerendered-route', route);
  new Function(THEME_INIT)();
  return document.documentElement.hasAttribute('data-skip-prerender');
}

describe('the prerendered landing page at boot', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-prerendered-route');
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('theme-init.js knows the same public paths as the router', () => {
    const listed = /PUBLIC_PATHS = \[([^\]]*)\]/.exec(THEME_INIT)?.[1] ?? '';
    const paths = [...listed.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(paths).toEqual([...PUBLIC_PATHS]);
  });

  it('app-boot.js reads the language the app stores (it loads the code at once when it differs from the page)', () => {
    expect(APP_BOOT).toContain(`localStorage.getItem('${STORAGE_KEYS.language}')`);
  });

  it("app-boot.js reads the app's token (a signed-in customer gets the console's chunks, not the page's)", () => {
    expect(APP_BOOT).toContain(`localStorage.getItem('${STORAGE_KEYS.token}')`);
    expect(APP_BOOT).toContain(`sessionStorage.getItem('${STORAGE_KEYS.token}')`);
  });

  it('shows the landing page to anonymous visitors on every non-public path only', () => {
    for (const path of ['/', '/finance', '/no-such-page', '/support/12'])
      expect(showsLanding(path), path).toBe(true);
    for (const path of ['/login', '/login/', '/Terms-Of-Service', '/subscribe', '/reset-password'])
      expect(showsLanding(path), path).toBe(false);
  });

  it('hides the prerendered page on public routes and for a signed-in user, before the first paint', () => {
    expect(boot('/')).toBe(false);
    expect(boot('/finance#top')).toBe(false);
    expect(boot('/verify-email?token=abc')).toBe(true);
    expect(boot('/privacy-policy/')).toBe(true);
    localStorage.setItem('token', 'a');
    expect(boot('/')).toBe(true);
    localStorage.clear();
    sessionStorage.setItem('token', 'b');
    expect(boot('/nodes')).toBe(true);
  });

  it('shows a prerendered legal page on its own path only, to every visitor', () => {
    expect(boot('/terms-of-service', '/terms-of-service')).toBe(false);
    expect(boot('/Terms-Of-Service/#terms-refunds', '/terms-of-service')).toBe(false);
    expect(boot('/privacy-policy', '/terms-of-service')).toBe(true);
    expect(boot('/', '/terms-of-service')).toBe(true);
    localStorage.setItem('token', 'a');
    expect(boot('/terms-of-service', '/terms-of-service')).toBe(false);
  });

  it('hides a page that was not prerendered (the development server)', () => {
    expect(boot('/', null)).toBe(true);
  });
});
