/**
 * `react-dom/static` in the prerender build: the page rendered by Preact's renderer, every lazy part and Suspense
 * boundary resolved in place (so the browser's Preact hydrates what its own renderer wrote).
 */
import { Readable } from 'node:stream';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';

export async function prerenderToNodeStream(element: unknown): Promise<{ prelude: Readable }> {
  const html = await renderToStringAsync(element as VNode);
  return { prelude: Readable.from([Buffer.from(html)]) };
}
