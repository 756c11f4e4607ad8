/**
 * After `vite build` and `vite build --ssr src/prerender.tsx`: renders the landing page and the two legal pages once
 * per interface language and writes dist/<page>.<locale>.html (index.<locale>.html for the landing page;
 * dist/index.html becomes the default language's landing page). Each page carries its chunks' styles (so the first
 * paint is styled) and, for public/app-boot.js, the entry's module preloads and the page's own (those only used
 * when the prerendered page is what the visitor sees). The server sends the page of the path and the
 * visitor's language; src/start.tsx hydrates it or, on any other route or for a signed-in user on the landing page,
 * renders from scratch. Usage: node scripts/prerender.mjs [distDir] [ssrDir]
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] ?? 'dist');
const ssrDir = path.resolve(process.argv[3] ?? 'dist-ssr');
const ENTRY_MODULE = 'index.html';
const LOCALES = ['zh_CN', 'zh_TW', 'en'];
const DEFAULT_LOCALE = 'zh_CN';
const ROOT_DIV = '<div id="root"></div>';
const LEGAL_TEXTS = 'src/i18n/locales/features/legal.ts';
const PUBLIC_LAYOUT = 'src/app/layouts/public-layout.tsx';

/** The prerendered pages: the route (src/prerender.tsx), the file name, the modules it shows and a proof it rendered. */
const PAGES = [
  {
    route: '/',
    name: 'index',
    modules: ['src/app/layouts/landing/landing-layout.tsx'],
    marker: 'data-testid="landing-navbar"',
  },
  {
    route: '/terms-of-service',
    name: 'terms-of-service',
    modules: [PUBLIC_LAYOUT, 'src/pages/public/terms-page.tsx', LEGAL_TEXTS],
    marker: 'id="terms-refunds"',
  },
  {
    route: '/privacy-policy',
    name: 'privacy-policy',
    modules: [PUBLIC_LAYOUT, 'src/pages/public/privacy-page.tsx', LEGAL_TEXTS],
    marker: 'id="privacy-no-log"',
  },
];

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The chunks a page needs (the entry's steps, which it imports dynamically, and the page's modules), every chunk
 * they import statically, and all their styles, from Vite's manifest.
 */
function pageAssets(manifest, modules) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[ENTRY_MODULE]) fail(`${ENTRY_MODULE} is not in the manifest`);
  for (const step of manifest[ENTRY_MODULE].dynamicImports ?? []) visit(step);
  for (const key of modules) {
    if (!manifest[key]) fail(`${key} is not in the manifest`);
    visit(key);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/** The chunks `key` imports statically, with theirs (file names). */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * src/main.tsx loads the app in steps, one task each: React, the translations, then the app. A chunk grouping that
 * made the entry itself, or a step before the app's, import Mantine (say, by putting a module they need into a chunk
 * that imports it) would run it all in one long task: the build stops.
 */
function checkSteps(manifest) {
  const steps = manifest[ENTRY_MODULE].dynamicImports ?? [];
  const early = [
    staticClosure(manifest, ENTRY_MODULE),
    ...steps.slice(0, -1).map((s) => staticClosure(manifest, s)),
  ];
  for (const files of early)
    for (const file of files)
      if (/(^|\/)(mantine|core)-[^/]+\.js$/.test(file))
        fail(`the entry or an early step of ${ENTRY_MODULE} imports ${file}`);
}

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes(ROOT_DIV)) fail(`dist/index.html has no ${ROOT_DIV} (prerendered twice?)`);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
checkSteps(manifest);

// The module script and the preloads move from <head> into public/app-boot.js, which adds them when needed.
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entry = ENTRY.exec(template)?.[1] ?? fail('no module script in dist/index.html');
const entryPreloads = [...template.matchAll(PRELOAD)].map((m) => m[1]);
const shell = template.replace(ENTRY, '').replace(PRELOAD, '');
const alreadyLinked = (file) => shell.includes(`/${file}"`);

const ssrEntry = path.join(ssrDir, 'prerender.js');
const { renderPage, renderConsoleFrame, PRERENDERED_ROUTES, CONSOLE_PAGES } = await import(
  pathToFileURL(ssrEntry).href
);
const listed = PAGES.map((page) => page.route);
if (listed.join() !== PRERENDERED_ROUTES.join())
  fail(`PAGES lists ${listed.join(', ')}; src/prerender.tsx expects ${PRERENDERED_ROUTES.join(', ')}`);

// What every visit runs: the entry's preloads and its steps (src/main.tsx) with what they import.
const bootPreloads = [...entryPreloads];
for (const file of pageAssets(manifest, []).scripts)
  if (!bootPreloads.includes(`/${file}`)) bootPreloads.push(`/${file}`);

// A signed-in customer on a prerendered page's address gets the console: its frame's chunks load with the boot's.
const CONSOLE_LAYOUT = 'src/app/layouts/console/console-layout.tsx';
const consoleAssets = pageAssets(manifest, [CONSOLE_LAYOUT]);
const consolePreloads = consoleAssets.scripts
  .map((file) => `/${file}`)
  .filter((file) => !bootPreloads.includes(file));

// Each console page is a chunk of its own (src/pages/console/<path with dashes>-page.tsx, `/` the dashboard's): a
// signed-in customer's app-boot.js preloads the one of the address opened with the frame's, not after React asks.
// Its styles (beyond the frame's, which are in every page's <head>) are linked by its frame instead (below).
const pageStyles = new Map();
const routePreloads = CONSOLE_PAGES.map(({ path: route }) => {
  const name = route === '/' ? 'dashboard' : route.slice(1).replaceAll('/', '-');
  const key = `src/pages/console/${name}-page.tsx`;
  if (!manifest[key]) fail(`the console page ${route} is not ${key}`);
  const assets = pageAssets(manifest, [CONSOLE_LAYOUT, key]);
  pageStyles.set(
    route,
    assets.styles.filter((css) => !consoleAssets.styles.includes(css) && !alreadyLinked(css)),
  );
  const files = assets.scripts
    .map((file) => `/${file}`)
    .filter((file) => !bootPreloads.includes(file) && !consolePreloads.includes(file));
  return `${route}=${files.join(',')}`;
});

// Each language's messages are a chunk of their own (src/i18n/resources.ts): app-boot.js preloads the one in use.
const localePreloads = LOCALES.map((locale) => {
  const chunk = manifest[`src/i18n/locales/${locale}.ts`] ?? fail(`the ${locale} messages are not a chunk`);
  if (bootPreloads.includes(`/${chunk.file}`)) fail(`the ${locale} messages load for every language`);
  return `${locale}=/${chunk.file}`;
});

/** Where the console's frame starts and ends in the landing page's HTML (the server swaps in the page's). */
const FRAME_START = '<!--console-frame-->';
const FRAME_END = '<!--/console-frame-->';

/**
 * A rendered frame, once it is proven whole: the sidebar, no script (CSP), no pending Suspense boundary, nothing that
 * tells the time of the build.
 */
function checkedFrame(locale, page, html) {
  if (!html.includes('mantine-AppShell-navbar')) fail(`the ${locale} console frame (${page}) has no sidebar`);
  if (html.includes('<script') || html.includes('<!--$?-->') || html.includes('<!--$!-->'))
    fail(`the ${locale} console frame (${page}) has an inline script or an unfinished Suspense boundary`);
  if (/\sdata-now(="[^"]*")?[^>]*>[^<]/.test(html))
    fail(`the ${locale} console frame (${page}) tells the build's time`);
  return html;
}

// Every console page's frame, per language: `{ "<path>": "<html>" }` in console-frames.<locale>.json.
let framesSize = 0;
for (const locale of LOCALES) {
  const frames = {};
  // Each page's frame starts with its page's style sheets: linked in the body, they hold the frame's first paint
  // until they apply, so the frame is painted once, laid out as the page will be (a sheet arriving after that paint
  // moved its text, and the browser then took the page's copy of that text as a new, later largest paint). The
  // page's import finds them linked and does not wait.
  for (const { path: route } of CONSOLE_PAGES) {
    const links = (pageStyles.get(route) ?? [])
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('');
    frames[route] = links + checkedFrame(locale, route, await renderConsoleFrame(locale, route));
  }
  const json = JSON.stringify(frames);
  framesSize = Math.max(framesSize, json.length);
  writeFileSync(path.join(dist, `console-frames.${locale}.json`), json);
}

const sizes = [];
for (const page of PAGES) {
  const { scripts, styles } = pageAssets(manifest, page.modules);
  // The landing page's address is every console route's too: it carries the console frame (src/app/console-frame.ts)
  // and the frame's styles, for a signed-in customer's first paint.
  const withFrame = page.route === '/';
  if (withFrame) for (const css of consoleAssets.styles) if (!styles.includes(css)) styles.push(css);
  const headLinks = styles
    .filter((file) => !alreadyLinked(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('\n    ');
  // The page's own chunks apart: app-boot.js preloads them only when it shows this page (a signed-in customer on the
  // landing page's address gets the console instead, and must not fetch a byte of the landing page).
  const pagePreloads = scripts.map((file) => `/${file}`).filter((file) => !bootPreloads.includes(file));
  const boot =
    `<script src="/app-boot.js" data-entry="${entry}" data-preload="${bootPreloads.join(' ')}" ` +
    `data-page-preload="${pagePreloads.join(' ')}" data-console-preload="${consolePreloads.join(' ')}" ` +
    `data-locale-preload="${localePreloads.join(' ')}" data-route-preload="${routePreloads.join(' ')}"></script>`;
  for (const locale of LOCALES) {
    const { body, title, description } = await renderPage(locale, page.route);
    // Between the markers: the frame with an empty main area; the server puts the page's in (console-frames.*.json).
    const frame = withFrame
      ? `<div id="console-frame" aria-hidden="true" inert>${FRAME_START}${checkedFrame(
          locale,
          'no page',
          await renderConsoleFrame(locale),
        )}${FRAME_END}</div>\n    `
      : '';
    if (!body.includes(page.marker)) fail(`the ${locale} render of ${page.route} is not that page`);
    // The CSP (script-src 'self') blocks inline scripts: a page that needs one would stay half shown.
    if (body.includes('<script') || body.includes('<!--$?-->'))
      fail(`the ${locale} render of ${page.route} has an inline script or a pending Suspense boundary`);
    let html = shell
      .replace(
        /<html lang="[^"]*">/,
        `<html lang="${locale.replace('_', '-')}" data-prerendered-route="${page.route}">`,
      )
      .replace('</head>', `  ${headLinks}\n  </head>`)
      .replace(ROOT_DIV, `${frame}<div id="root" data-prerendered="${locale}">${body}</div>\n    ${boot}`);
    if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    if (description)
      html = html.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_, before, after) => `${before}${escapeHtml(description)}${after}`,
      );
    writeFileSync(path.join(dist, `${page.name}.${locale}.html`), html);
    if (page.route === '/' && locale === DEFAULT_LOCALE) writeFileSync(path.join(dist, 'index.html'), html);
    if (locale === 'en') sizes.push(`${page.name} ${Math.round(html.length / 1024)} kB`);
  }
}
rmSync(ssrDir, { recursive: true, force: true });

// renderPage releases what it creates. A timer still pending here would have kept the build waiting for minutes
// after its files were written (a query cache's collection timer did): name it and fail, so it is fixed at its
// source, never waited out.
const pending = process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
if (pending.length > 0) fail(`the render left ${pending.length} timer(s) running (${pending.join(', ')})`);
console.log(
  `prerender: {${PAGES.map((p) => p.name).join(',')}}.{${LOCALES.join(',')}}.html (${sizes.join(', ')}), ` +
    `console-frames.{${LOCALES.join(',')}}.json (${CONSOLE_PAGES.length} pages, ${Math.round(framesSize / 1024)} kB)`,
);
