/**
 * In the browser, no compiled validators: the first schema built would otherwise probe `new Function`, which the
 * portal's CSP (script-src 'self') reports as a violation. The index imports this before any schema is built.
 *
 * zod keeps its configuration in one object on `globalThis.__zod_globalConfig` (so that every copy of zod shares
 * it) and reads `jitless` when a schema is built. Setting it there rather than through `z.config` keeps zod itself
 * out of the browser's first chunk: the console's first screens build no schema (the web build strips the
 * endpoints' schemas), and the pages with forms load zod with them. `zod-setup.test.ts` checks zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

if ('document' in globalThis) (holder.__zod_globalConfig ??= {}).jitless = true;
