/* global document, window */
// Starts the app once the prerendered page has been painted (scripts/prerender.mjs puts this at the end of <body>
// in place of the module script and its preloads): the visitor reads the page while the code downloads, and the
// download does not compete with the styles of the first paint.
//
// A button (or a link marked data-live-action, which opens a modal once live) pressed before the page is live
// (the code still loading, React still hydrating) is remembered and pressed again once the landing page reports
// itself hydrated ('portal:hydrated'), instead of doing nothing. Other links need no help: they work without code.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
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
    // One insertion for all the links: each insertion into <head> costs a style pass.
    var batch = document.createDocumentFragment();
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
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
  // The first animation frame comes with the first paint; the timeout runs after it.
  if (typeof window.requestAnimationFrame === 'function') {
    window.requestAnimationFrame(function () {
      window.setTimeout(start, 0);
    });
  } else {
    start();
  }
})();
