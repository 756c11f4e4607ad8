/**
 * `react` in the browser build and the prerender: Preact's compatibility layer, with what React 19 has and it
 * lacks or does differently:
 * - `Activity`, which Mantine's transitions use when they keep hidden content mounted;
 * - `use(context)` as `useContext`: Preact's `use` reads the context from the DOM renderer's state, which the
 *   prerender's renderer does not have (every `use` of a context in our dependencies is a top-level hook call).
 */
import { createElement, type ComponentChildren, type Context } from 'preact';
import compat, { use as compatUse, useContext } from 'preact/compat';

// @ts-expect-error -- preact/compat's types are written as `export =`; the module itself is ESM with named exports.
export * from 'preact/compat';

/** Hidden content stays mounted and keeps its state, out of the layout (React's Activity, without its deferral). */
export function Activity({ mode, children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

export function use<T>(resource: Context<T> | Promise<T>): T {
  // One kind of resource per call site (see above), so the hook's place in the order never changes.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return 'then' in resource ? compatUse(resource) : useContext(resource);
}

export default { ...compat, Activity, use };
