/**
 * Console pages and quick actions found by what the user types, in the current language, without the server: the
 * localized name, the localized keywords (comma-separated in the messages) and the path.
 */

/** Something the search opens by itself: a console page or a quick action. */
export interface LocalTarget {
  id: string;
  path: string;
  label: string;
  keywords: readonly string[];
}

/** Full-width forms folded to ASCII, lower case, single spaces. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** "充值, 付款，余额、usdt" -> ["充值", "付款", "余额", "usdt"] (ASCII or CJK commas). */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,，、;；]/)
    .map((k) => fold(k))
    .filter((k) => k !== '');
}

/**
 * How well `target` matches the folded query: 0 for not at all; an exact name beats an exact keyword, which beats
 * a prefix, which beats a substring; a query of several words matches when every word is found somewhere.
 */
export function scoreTarget(target: LocalTarget, query: string): number {
  const q = fold(query);
  if (q === '') return 0;
  const label = fold(target.label);
  const keywords = target.keywords.map(fold);
  const path = target.path.toLowerCase();
  if (label === q) return 100;
  if (keywords.includes(q)) return 90;
  if (label.startsWith(q)) return 80;
  if (keywords.some((k) => k.startsWith(q))) return 70;
  if (label.includes(q)) return 60;
  if (keywords.some((k) => k.includes(q))) return 50;
  if (path.includes(q)) return 40;
  const words = q.split(' ');
  if (words.length > 1) {
    const haystack = [label, ...keywords, path].join(' ');
    if (words.every((w) => haystack.includes(w))) return 20;
  }
  return 0;
}

/** The targets matching `query`, best first (ties keep the given order), at most `limit`. */
export function matchTargets<T extends LocalTarget>(
  targets: readonly T[],
  query: string,
  limit: number,
): T[] {
  return targets
    .map((target, index) => ({ target, index, score: scoreTarget(target, query) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((m) => m.target);
}
