import type { QueryToken } from './tokenizer.js';

/** FTS5 query: every token quoted (they hold only letters and digits), Latin words as prefixes, all required. */
export function fts5Query(tokens: readonly QueryToken[]): string {
  return tokens.map((t) => `"${t.text}"${t.prefix ? '*' : ''}`).join(' AND ');
}

/** tsquery text for to_tsquery('simple', …): quoted lexemes, :* for prefixes, & between. */
export function tsQuery(tokens: readonly QueryToken[]): string {
  return tokens.map((t) => `'${t.text}'${t.prefix ? ':*' : ''}`).join(' & ');
}
