/**
 * Where to go after signing in, from `?next=` (the operators' console sends its address): only a path of this site
 * (`/…`, not `//host` or `/\host`, no control characters), else null, so the parameter cannot send anyone away.
 */
export function safeNextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/[\p{Cc}\\]/u.test(next) || next.length > 512) return null;
  return next;
}
