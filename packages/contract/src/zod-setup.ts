/**
 * In the browser, no compiled validators: the first schema built would otherwise probe `new Function`, which the
 * portal's CSP (script-src 'self') reports as a violation. The index imports this before any schema is built.
 */
import { config } from 'zod';

if ('document' in globalThis) config({ jitless: true });
