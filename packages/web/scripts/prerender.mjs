/**
 * After `vite build` and `vite build --ssr src/prerender.tsx`: renders the landing page once per interface language
 * and writes dist/index.<locale>.html (dist/index.html becomes the default language's page). Each page carries
 * the landing chunk's styles (so the first paint is styled) and module preloads (so hydration does not wait for a
 * second round trip). The server sends the page of the visitor's language; src/start.tsx hydrates it or, on any other
 * route or for a signed-in user, renders from scratch. Usage: node scripts/prerender.mjs [distDir] [ssrDir]
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(process.argv[2] ?? 'dist');
const ssrDir = path.resolve(process.argv[3] ?? 'dist-ssr');
const LANDING_MODULE = 'src/app/layouts/landing/landing-layout.tsx';
const ENTRY_MODULE = 'index.html';
const LOCALES = ['zh_CN', 'zh_TW', 'en'];
const DEFAULT_LOCALE = 'zh_CN';
const ROOT_DIV = '<div id="root"></div>';

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

/**
 * The chunks the landing page needs (the entry's steps, which it imports dynamically, and the landing chunk), every
 * chunk they import statically, and all their styles, from Vite's manifest.
 */
function landingAssets(manifest) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[LANDING_MODULE]) fail(`${LANDING_MODULE} is not in the manifest`);
  if (!manifest[ENTRY_MODULE]) fail(`${ENTRY_MODULE} is not in the manifest`);
  for (const step of manifest[ENTRY_MODULE].dynamicImports ?? []) visit(step);
  visit(LANDING_MODULE);
  return { scripts: [...scripts], styles: [...styles] };
}

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes(ROOT_DIV)) fail(`dist/index.html has no ${ROOT_DIV} (prerendered twice?)`);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const { scripts, styles } = landingAssets(manifest);
const alreadyLinked = (file) => template.includes(`/${file}"`);
const headLinks = styles
  .filter((file) => !alreadyLinked(file))
  .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
  .join('\n    ');

// The module script and the preloads move from <head> into public/app-boot.js, which adds them after the first paint.
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entry = ENTRY.exec(template)?.[1] ?? fail('no module script in dist/index.html');
const preloads = [...template.matchAll(PRELOAD)].map((m) => m[1]);
for (const file of scripts) if (!preloads.includes(`/${file}`)) preloads.push(`/${file}`);
const shell = template.replace(ENTRY, '').replace(PRELOAD, '');
const boot = `<script src="/app-boot.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;

const ssrEntry = path.join(ssrDir, 'prerender.js');
const { renderLanding } = await import(pathToFileURL(ssrEntry).href);

const pages = {};
for (const locale of LOCALES) {
  const body = await renderLanding(locale);
  if (!body.includes('data-testid="landing-navbar"')) fail(`the ${locale} render is not the landing page`);
  pages[locale] = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${locale.replace('_', '-')}">`)
    .replace('</head>', `  ${headLinks}\n  </head>`)
    .replace(ROOT_DIV, `<div id="root" data-prerendered="${locale}">${body}</div>\n    ${boot}`);
  writeFileSync(path.join(dist, `index.${locale}.html`), pages[locale]);
}
writeFileSync(path.join(dist, 'index.html'), pages[DEFAULT_LOCALE]);
rmSync(ssrDir, { recursive: true, force: true });
console.log(
  `prerender: index.html and index.{${LOCALES.join(',')}}.html (${Math.round(pages.en.length / 1024)} kB each)`,
);
