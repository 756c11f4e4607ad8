import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, parseAst } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// By path, not by package name: the config is bundled when loaded, and only what it bundles may be TypeScript.
import { ERRORS, VALIDATION_MESSAGES, type Locale } from '../contract/src/index.js';

/**
 * The Mantine components that the console's frame and the dashboard draw (with what they are built of): one chunk,
 * with Mantine's core and hooks, on every console page's first screen. Every other component (forms, tables, tabs,
 * selects, popovers, the operators' console's) loads with the pages that draw it. Menus and hints in the frame are
 * our own FrameMenu and FrameHint, so the floating layer stays out (scrollAreaWithoutFloating).
 */
const FRAME_MANTINE_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'AppShell',
  'Avatar',
  'Badge',
  'Breadcrumbs',
  'Burger',
  'Button',
  'Card',
  'Center',
  'CloseButton',
  'CopyButton',
  'Divider',
  'Drawer',
  'Grid',
  'Group',
  'Indicator',
  'Kbd',
  'Loader',
  'Modal',
  'NavLink',
  'Progress',
  'ScrollArea',
  'SimpleGrid',
  'Skeleton',
  'Stack',
  'Text',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
];

/**
 * Our sources that draw the console's frame and the dashboard (under src/): the icons they import load in the first
 * chunk of icons, every other icon in a second one with the pages that draw it. A source left out costs its icons'
 * bytes on some page's first screen, nothing more.
 */
const FRAME_SOURCES =
  /^(app[\\/]layouts[\\/]console|components|features[\\/](dashboard|announcements|auth[\\/](verify-banner|welcome-modal)|search[\\/]search-launcher))\b/;

/** The icons that `src/` files matching `sources` import from @tabler/icons-react. */
export function iconsImportedBy(sources: RegExp): Set<string> {
  const root = path.resolve(import.meta.dirname, 'src');
  const icons = new Set<string>();
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || !sources.test(file)) continue;
    const code = readFileSync(path.join(root, file), 'utf8');
    for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react'/g))
      for (const name of (names ?? '').split(',')) if (name.trim()) icons.add(name.trim());
  }
  return icons;
}

const FRAME_ICONS = iconsImportedBy(FRAME_SOURCES);

/** An icon's chunk: `icons` for the frame's (and the icon library's own modules), `icons-pages` for the rest. */
function iconChunk(id: string): string | null {
  if (!/node_modules[\\/]@tabler[\\/]icons-react[\\/]/.test(id)) return null;
  const icon = /[\\/](Icon\w+)\.mjs$/.exec(id)?.[1];
  return icon && !FRAME_ICONS.has(icon) ? 'icons-pages' : 'icons';
}

/** Our modules in src/lib that only some pages use: they stay with those pages. */
const PAGE_ONLY_LIB = [
  'byte-axis',
  'confirm',
  'download',
  'package-pricing',
  'run-once',
  'url-state',
  'use-now',
  'use-zod-form',
];

/** The components every console page's first screen draws. */
const FRAME_COMPONENTS = ['load-error', 'page-loader', 'skip-link', 'theme-toggle'];

/** The contract's modules with the schemas of the browser's forms: they load with zod, with the pages that have forms. */
const CONTRACT_FORM_MODULES = ['validation', 'inputs'];

/**
 * The contract's modules the customer app imports (those of its index, the forms' aside): one chunk. Free of side
 * effects in the build (contractInTheBrowser), they would otherwise be a dozen files of 0.1-2 KiB on every page.
 */
const CONTRACT_FOR_CUSTOMERS = [
  ...readFileSync(path.resolve(import.meta.dirname, '../contract/src/index.ts'), 'utf8').matchAll(
    /^(?:import|export)\b[^;]*?'\.\/([\w/-]+)\.js';/gms,
  ),
]
  .map((match) => match[1] ?? '')
  .filter((name) => !CONTRACT_FORM_MODULES.includes(name));

/**
 * Vendor groups keep the landing bundle small; console pages are split by their lazy imports. Mantine's
 * notifications load with the first toast (lib/notify.ts), its spotlight with the search.
 */
const CHUNK_GROUPS: {
  name: string | ((id: string) => string | null);
  test?: RegExp;
  includeDependenciesRecursively?: boolean;
}[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'mantine',
    test: new RegExp(
      String.raw`^\0portal-scroll-area-refs$|node_modules[\\/](react-remove-scroll|clsx[\\/]|@mantine[\\/]modals[\\/]|` +
        String.raw`@mantine[\\/]core[\\/]esm[\\/](core[\\/]|utils[\\/](?!(Floating|InlineInput|InputsGroupFieldset)[\\/])|` +
        String.raw`components[\\/](${FRAME_MANTINE_COMPONENTS.join('|')})[\\/]))`,
    ),
  },
  // The floating layer, with the pages whose popovers, menus, tooltips and selects position things with it (never
  // the console's first screen: scrollAreaWithoutFloating).
  {
    name: 'floating',
    test: /node_modules[\\/](@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/]utils[\\/]Floating[\\/])/,
  },
  // The icons in two chunks rather than a request per icon: the frame's and the dashboard's, and the others.
  { name: iconChunk },
  // (Not TanStack's infinite queries: only the operators' console pages with them.)
  { name: 'data', test: /node_modules[\\/]@tanstack[\\/](?!.*[iI]nfinite)/ },
  // zod with the pages that have forms: the console's first screens build no schema (contractForTheBrowser).
  {
    name: 'zod',
    includeDependenciesRecursively: false,
    test: new RegExp(
      String.raw`node_modules[\\/]zod[\\/]|contract[\\/]src[\\/](${CONTRACT_FORM_MODULES.join('|')})\.ts$`,
    ),
  },
  {
    name: 'contract',
    includeDependenciesRecursively: false,
    test: new RegExp(
      String.raw`contract[\\/]src[\\/](${CONTRACT_FOR_CUSTOMERS.map((name) => name.replaceAll('/', String.raw`[\\/]`)).join('|')})\.ts$`,
    ),
  },
  // Our code that every start of the app runs (API client, session, queries, formats,
  // theme), the features' API calls and formats, and the frame's components: one chunk. Left to automatic splitting
  // they were some twenty-five files of 0.1-2 KiB each, every one a request before a console page's first render
  // (over HTTP/1.1, queued six at a time): 43 files became 27 on the dashboard, and fewer bytes.
  {
    name: 'core',
    // Only these modules, not what they import: with their imports `core` took the translations' set-up (and the
    // contract), so the entry's translations step would have loaded React, Mantine and the icons with it.
    includeDependenciesRecursively: false,
    test: new RegExp(
      String.raw`packages[\\/]web[\\/]src[\\/](lib[\\/](?!(${PAGE_ONLY_LIB.join('|')})\.ts$)|theme[\\/]|` +
        String.raw`features[\\/][^\\/]+[\\/](api|format|status)\.ts$|components[\\/](${FRAME_COMPONENTS.join('|')})(\.module\.css|\.tsx)$)`,
    ),
  },
];

/** What the browser reads of an endpoint (lib/api-client.ts); the rest is for the server and its API document. */
const BROWSER_ENDPOINT_KEYS = new Set(['method', 'path', 'auth', 'permission', 'produces']);

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

function eachNode(node: unknown, visit: (node: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachNode(item, visit);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
  visit(node as AstNode);
  for (const [key, value] of Object.entries(node)) if (key !== 'type') eachNode(value, visit);
}

/**
 * A contract module as the browser build takes it (its TypeScript source; `file` for messages):
 * - each `defineEndpoint({...})` keeps what the browser reads (BROWSER_ENDPOINT_KEYS); its schemas, summary and
 *   tags become `undefined`. The server checks every answer against the endpoint's schema before sending it, so
 *   the browser does not check it again (lib/api-client.ts);
 * - each top-level constant built by calls (zod's schemas, the endpoints) is built in a function call marked pure,
 *   so that one nothing reads is dropped, with the zod code it needed: the console's first screens then load no
 *   zod, and the pages with forms load the schemas they use. (The contract's constants are built without side
 *   effects: that is what the mark says.)
 */
export function contractForTheBrowser(code: string, file: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  const program = parseAst(code, { lang: 'ts' }, file);
  eachNode(program, (node) => {
    const callee = node.callee as AstNode & { name?: string };
    if (node.type !== 'CallExpression' || callee.type !== 'Identifier' || callee.name !== 'defineEndpoint')
      return;
    const [endpoint] = node.arguments as AstNode[];
    if (endpoint?.type !== 'ObjectExpression') throw new Error(`${file}: defineEndpoint without an object`);
    for (const property of endpoint.properties as (AstNode & { key: AstNode & { name?: string } })[]) {
      const key = property.key?.name;
      if (property.type !== 'Property' || property.computed || property.shorthand || !key)
        throw new Error(`${file}: an endpoint property the build cannot read`);
      if (BROWSER_ENDPOINT_KEYS.has(key)) continue;
      const value = property.value as AstNode;
      edits.push({ start: value.start, end: value.end, text: 'undefined' });
    }
  });
  for (const statement of program.body as AstNode[]) {
    const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as
      (AstNode & { kind?: string; declarations?: (AstNode & { init: AstNode | null })[] }) | null;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) {
      if (!init || init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') continue;
      let calls = false;
      eachNode(init, (node) => {
        if (node.type === 'CallExpression' || node.type === 'NewExpression') calls = true;
      });
      if (!calls) continue;
      edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' });
      edits.push({ start: init.end, end: init.end, text: '))()' });
    }
  }
  // In source order; edits inside a value already replaced go with it.
  edits.sort((x, y) => x.start - y.start || x.end - y.end);
  let out = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start < at) continue;
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}

const contractInTheBrowser: Plugin = {
  name: 'portal-contract-in-the-browser',
  apply: 'build',
  // On the TypeScript source, as written.
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]contract[\\/]src[\\/].+(?<!\.test)\.ts$/.test(id)) return null;
    // zod-setup.ts is the contract's one module with a side effect (zod's configuration), which its entries import
    // first; the others may go when nothing is read from them, so that an endpoint's module, which imports its body
    // schema from validation.ts, does not make every page load zod.
    if (/[\\/]contract[\\/]src[\\/](zod-setup|index|admin)\.ts$/.test(id)) return null;
    return { code: contractForTheBrowser(code, id), map: null, moduleSideEffects: false };
  },
};

/** `virtual:contract-texts/<locale>`: one language's error and validation texts (src/i18n/contract-texts.d.ts). */
const CONTRACT_TEXTS = 'virtual:contract-texts/';

/** The contract's texts of `locale` as the web's translations hold them: `v.<name>` and `errors.<code>`. */
export function contractTextsOf(locale: Locale): {
  v: Record<string, string>;
  errors: Record<string, string>;
} {
  return {
    v: Object.fromEntries(Object.entries(VALIDATION_MESSAGES).map(([name, text]) => [name, text[locale]])),
    errors: Object.fromEntries(Object.values(ERRORS).map((e) => [String(e.code), e.message[locale]])),
  };
}

/**
 * The contract's error catalogue and validation messages carry every text in three languages; the server answers
 * with them, the browser translates them with its own language's messages. So each language's message chunk takes
 * its own texts (a module made here from the contract, `virtual:contract-texts/<locale>`), and the build leaves
 * the texts out of the contract's modules, which every page loads: the codes, statuses and keys stay.
 */
export function withoutTexts(code: string, file: 'errors' | 'validation'): string {
  /** A string literal whose quote is group `n`. */
  const text = (n: number) => `(['"\`])(?:\\\\.|(?!\\${n})[^\\\\])*\\${n}`;
  if (file === 'validation')
    return code.replace(new RegExp(String.raw`\b(zh_CN|zh_TW|en):\s*${text(2)}`, 'g'), "$1: ''");
  // The catalogue's entries, `def(code, status, zh_CN, zh_TW, en)` (the messages the client itself shows stay).
  return code.replace(
    new RegExp(String.raw`\bdef\(\s*(\d+),\s*(\d+),\s*${text(3)},\s*${text(4)},\s*${text(5)},?\s*\)`, 'g'),
    "def($1, $2, '', '', '')",
  );
}

export const contractTexts: Plugin = {
  name: 'portal-contract-texts',
  resolveId: (id) => (id.startsWith(CONTRACT_TEXTS) ? `\0${id}` : null),
  load(id) {
    if (!id.startsWith(`\0${CONTRACT_TEXTS}`)) return null;
    const locale = id.slice(CONTRACT_TEXTS.length + 1);
    if (!(locale in ERRORS.BAD_REQUEST.message)) throw new Error(`${id}: no such language`);
    return `export default ${JSON.stringify(contractTextsOf(locale as Locale))};`;
  },
};

const contractTextsOut: Plugin = {
  name: 'portal-contract-texts-out',
  apply: 'build',
  // On the TypeScript source, as written.
  enforce: 'pre',
  transform(code, id) {
    if (/[\\/]contract[\\/]src[\\/]errors\.ts$/.test(id)) return withoutTexts(code, 'errors');
    if (/[\\/]contract[\\/]src[\\/]i18n[\\/]validation-messages\.ts$/.test(id))
      return withoutTexts(code, 'validation');
    return null;
  },
};

/** The module that stands in for @floating-ui/react in Mantine's ScrollArea (scrollAreaWithoutFloating). */
const SCROLL_AREA_REFS = '\0portal-scroll-area-refs';

/**
 * Mantine's ScrollArea (which the frame's sidebar, Modal, Drawer and Table draw) takes one small hook from the
 * floating layer, `useMergeRefs`: importing it put all of @floating-ui (some 13 KiB gzipped) on every console page's
 * first screen, though only popovers, menus, tooltips and selects position anything with it. There it gets Mantine's
 * own `useMergedRef`, which does the same (each ref set, and cleared or cleaned up on detach); the floating layer
 * loads with the components that position things.
 */
export const scrollAreaWithoutFloating: Plugin = {
  name: 'portal-scroll-area-without-floating',
  // Before Vite resolves the package.
  enforce: 'pre',
  resolveId(id, importer) {
    if (id === SCROLL_AREA_REFS) return id;
    if (id !== '@floating-ui/react' || !importer) return null;
    return /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
      ? SCROLL_AREA_REFS
      : null;
  },
  load(id) {
    if (id !== SCROLL_AREA_REFS) return null;
    return [
      "import { useMergedRef } from '@mantine/hooks';",
      'export const useMergeRefs = (refs) => useMergedRef(...refs);',
    ].join('\n');
  },
};

/** In development the operators' console answers at /admin and under it, as the server serves it (ADMIN_PATH). */
const adminInDevelopment: Plugin = {
  name: 'portal-admin-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/admin(\/|\?|$)/.test(req.url)) req.url = '/admin.html';
      next();
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    adminInDevelopment,
    scrollAreaWithoutFloating,
    contractInTheBrowser,
    contractTexts,
    contractTextsOut,
  ],
  // The prerender bundle (src/prerender.tsx) runs in Node at build time: the contract package is TypeScript source.
  ssr: { noExternal: ['@portal/contract'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        // scripts/prerender.mjs reads it to link the landing chunk and its styles from the prerendered pages.
        manifest: true,
        rolldownOptions: {
          // The customer app, and the operators' console (served only at ADMIN_PATH): two entries, no code of the
          // console in the customer app's chunks (shared vendor chunks aside).
          input: { index: 'index.html', admin: 'admin.html' },
          output: {
            codeSplitting: {
              groups: CHUNK_GROUPS,
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
}));
