/* global window, document */
// Runs before the first paint (no inline script: CSP script-src 'self').
// 1. The colour scheme: a stored 'light' or 'dark' wins; otherwise the system preference.
// 2. The page may hold a page prerendered for anonymous visitors (scripts/prerender.mjs): the landing page (its
//    route is '/', shown on every path that is not public) or a legal page. A signed-in user on the landing page,
//    or anyone on another route, must not see it flash before the app renders: mark the document so the style in
//    index.html hides it. PUBLIC_PATHS repeats routes.tsx (a unit test keeps the two equal).
(function () {
  var PUBLIC_PATHS = [
    '/auth/callback',
    '/verify-email',
    '/forgot-password',
    '/reset-password',
    '/terms-of-service',
    '/privacy-policy',
    '/subscribe',
    '/login',
  ];
  var root = document.documentElement;
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') {
      scheme = stored;
    } else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches) {
      scheme = 'dark';
    }
  } catch {
    scheme = 'light';
  }
  root.setAttribute('data-mantine-color-scheme', scheme);
  // Until the app runs (it may load only when the visitor acts), follow the system scheme while nothing is stored.
  if (window.matchMedia) {
    var system = window.matchMedia('(prefers-color-scheme: dark)');
    var follow = function (event) {
      try {
        var chosen = window.localStorage.getItem('theme');
        if (chosen === 'light' || chosen === 'dark') return;
      } catch {
        return;
      }
      root.setAttribute('data-mantine-color-scheme', event.matches ? 'dark' : 'light');
    };
    if (system.addEventListener) system.addEventListener('change', follow);
  }

  var signedIn;
  try {
    signedIn = Boolean(window.localStorage.getItem('token') || window.sessionStorage.getItem('token'));
  } catch {
    signedIn = false;
  }
  var path = window.location.pathname.replace(/\/+$/, '').toLowerCase() || '/';
  var route = root.getAttribute('data-prerendered-route');
  var shown = route === '/' ? !signedIn && PUBLIC_PATHS.indexOf(path) < 0 : route !== null && route === path;
  if (!shown) root.setAttribute('data-skip-prerender', '');
  // A signed-in customer on a console route: the console's frame (prerendered with the landing page) until the app runs.
  if (signedIn && PUBLIC_PATHS.indexOf(path) < 0) root.setAttribute('data-console-frame', '');
})();
