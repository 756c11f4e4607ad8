/**
 * Whether an `Accept-Encoding` header takes `coding`: named (gzip also as `x-gzip`) without `q=0`, or else matched
 * by `*` without `q=0`. A coding named with `q=0` is refused even when `*` is listed.
 */
export function acceptsEncoding(header: string | string[] | undefined, coding: 'gzip' | 'br'): boolean {
  if (typeof header !== 'string') return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const taken = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) return taken;
    if (name === '*') wildcard = taken;
  }
  return wildcard;
}
