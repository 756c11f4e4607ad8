/* global document, window, IntersectionObserver */
// Starts the app (scripts/prerender.mjs puts this at the end of <body> in place of the module script and its
// preloads). The prerendered page is complete without code, so the code loads only when it is needed:
// - at once (after the first paint) when the prerendered page is not what this visitor sees (theme-init.js marked
//   the document: a signed-in user, another route) or is in another language than the one they chose;
// - otherwise on the visitor's first press, tap, key or scroll, or when an element marked data-boot-near (the
//   pricing, which comes from the API) is about a screen away from the viewport (a tall screen shows it at once).
// A slow phone then spends its first seconds painting and scrolling, not evaluating and hydrating code nobody has
// asked for yet.
//
// A button (or a link marked data-live-action, which opens a modal once live) pressed before the page is live
// (the code still loading, React still hydrating) is remembered and pressed again once the page reports itself
// hydrated ('portal:hydrated'), instead of doing nothing. Other links need no help: they work without code.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var list = function (name) {
    return (script.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  // The entry's preloads, then the prerendered page's own chunks: added only when that page is what is shown.
  var preloads = list('data-preload');
  var pagePreloads = list('data-page-preload');
  var consolePreloads = list('data-console-preload');
  // Each language's messages (locale=file): the app loads only the one it renders in.
  var localePreloads = list('data-locale-preload');
  // Each console page's own chunks (path=file,file): a signed-in customer's page loads with the frame.
  var routePreloads = list('data-route-preload');
  var started = false;
  var pending = null;

  function onEarlyClick(event) {
    var root = document.getElementById('root');
    if (!root || !root.hasAttribute('data-prerendered')) return;
    var target = event.target;
    var button = target && target.closest ? target.closest('button, [data-live-action]') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    pending = button;
    start();
  }
  function onHydrated() {
    document.removeEventListener('click', onEarlyClick, true);
    var button = pending;
    pending = null;
    if (button && button.isConnected) button.click();
  }
  document.addEventListener('click', onEarlyClick, true);
  window.addEventListener('portal:hydrated', onHydrated, { once: true });

  function start() {
    if (started) return;
    started = true;
    // The messages of the language the app will use: the one chosen in the app, else the page's (the server
    // picks it as the app does, from the language cookie or the browser's languages).
    var locale = chosen || (html.getAttribute('lang') || '').replace('-', '_');
    localePreloads.forEach(function (pair) {
      var at = pair.indexOf('=');
      if (pair.slice(0, at) === locale) preloads = preloads.concat(pair.slice(at + 1));
    });
    // One insertion for all the links: each insertion into <head> costs a style pass.
    var batch = document.createDocumentFragment();
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      // A page's styles apply as soon as they arrive (Vite's loader finds the link and does not add another).
      link.rel = /\.css$/.test(href) ? 'stylesheet' : 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      batch.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    batch.appendChild(app);
    document.head.appendChild(batch);
  }
  function afterFirstPaint() {
    // The first animation frame comes with the first paint; the timeout runs after it.
    if (typeof window.requestAnimationFrame === 'function') {
      window.requestAnimationFrame(function () {
        window.setTimeout(start, 0);
      });
    } else {
      start();
    }
  }

  var html = document.documentElement;
  var root = document.getElementById('root');
  var prerendered = root && root.getAttribute('data-prerendered');
  // The language the visitor chose in the app (STORAGE_KEYS.language): the app renders in it.
  var chosen;
  try {
    chosen = window.localStorage.getItem('language');
  } catch {
    chosen = null;
  }
  if (!prerendered || html.hasAttribute('data-skip-prerender')) {
    // Another page renders here: none of this page's chunks; a signed-in customer's console frame at once (the
    // token, STORAGE_KEYS.token, as theme-init.js reads it).
    var signedIn;
    try {
      signedIn = Boolean(window.localStorage.getItem('token') || window.sessionStorage.getItem('token'));
    } catch {
      signedIn = false;
    }
    if (signedIn) {
      preloads = preloads.concat(consolePreloads);
      var path = window.location.pathname.replace(/\/+$/, '').toLowerCase() || '/';
      routePreloads.forEach(function (pair) {
        var at = pair.indexOf('=');
        if (pair.slice(0, at) === path)
          preloads = preloads.concat(
            pair
              .slice(at + 1)
              .split(',')
              .filter(Boolean),
          );
      });
    }
    afterFirstPaint();
    return;
  }
  preloads = preloads.concat(pagePreloads);
  if (chosen && chosen !== prerendered) {
    afterFirstPaint();
    return;
  }
  ['pointerdown', 'keydown', 'touchstart', 'wheel'].forEach(function (type) {
    document.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  window.addEventListener('scroll', start, { passive: true, once: true });
  var near = document.querySelectorAll('[data-boot-near]');
  if (near.length === 0) return;
  if (typeof IntersectionObserver !== 'function') {
    afterFirstPaint();
    return;
  }
  var observer = new IntersectionObserver(
    function (entries) {
      for (var i = 0; i < entries.length; i += 1) {
        if (entries[i].isIntersecting) {
          observer.disconnect();
          start();
          return;
        }
      }
    },
    { rootMargin: '100% 0px' },
  );
  near.forEach(function (element) {
    observer.observe(element);
  });
})();
