import { sql } from 'kysely';
import type { DialectName } from '../../db/connection.js';
import type { QueryToken } from './tokenizer.js';

/** Title hits weigh this much more than body hits in SQLite's bm25 (PostgreSQL: weights A and B of ts_rank). */
const TITLE_WEIGHT = 4;

/** FTS5 query: every token quoted (they hold only letters and digits), Latin words as prefixes, all required. */
export function fts5Query(tokens: readonly QueryToken[]): string {
  return tokens.map((t) => `"${t.text}"${t.prefix ? '*' : ''}`).join(' AND ');
}

/** tsquery text for to_tsquery('simple', …): quoted lexemes, :* for prefixes, & between. */
export function tsQuery(tokens: readonly QueryToken[]): string {
  return tokens.map((t) => `'${t.text}'${t.prefix ? ':*' : ''}`).join(' & ');
}

/**
 * The documents that match every token, with a relevance (higher is better), as a derived table `m(id, rank)` to
 * join with help_documents. Uses the FTS5 index on SQLite (bm25) and the GIN-indexed tsvector on PostgreSQL
 * (ts_rank).
 */
export function matchingDocuments(dialect: DialectName, tokens: readonly QueryToken[]) {
  if (dialect === 'postgres') {
    return sql<{ id: number; rank: number }>`(
      select h.id, ts_rank(h.search_vector, q.query) as rank
      from help_documents h, to_tsquery('simple', ${tsQuery(tokens)}) as q(query)
      where h.search_vector @@ q.query
    )`.as('m');
  }
  return sql<{ id: number; rank: number }>`(
    select rowid as id, -bm25(help_documents_fts, ${sql.lit(TITLE_WEIGHT)}, 1.0) as rank
    from help_documents_fts
    where help_documents_fts match ${fts5Query(tokens)}
  )`.as('m');
}
