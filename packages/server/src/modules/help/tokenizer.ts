/**
 * The help centre's own tokenizer. Neither SQLite FTS5 nor PostgreSQL's 'simple' configuration splits Chinese into
 * words, so the text is normalised here and the databases only see space-separated tokens:
 * - Latin (and other alphabetic) words, lower-cased, NFKC-folded (full-width letters become ASCII);
 * - every run of CJK characters as its single characters and its overlapping pairs (unigrams + bigrams).
 * A query is cut the same way: a CJK run of two or more characters becomes its bigrams (so a 2-character word is one
 * token and a longer phrase must appear in that order), a lone character its unigram, a Latin word a prefix match.
 * All tokens must match (AND).
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
/** Longer "words" (base64 blobs, hashes) are noise for search and can exceed index limits. */
const MAX_WORD = 64;
/** A query never has more tokens than this (keeps the SQL small whatever is typed). */
export const MAX_QUERY_TOKENS = 32;

type Run = { kind: 'cjk' | 'word'; text: string };

function runs(text: string): Run[] {
  const out: Run[] = [];
  let current: Run | null = null;
  for (const ch of text.normalize('NFKC').toLowerCase()) {
    const kind = CJK.test(ch) ? 'cjk' : WORD.test(ch) ? 'word' : null;
    if (kind === null) {
      current = null;
      continue;
    }
    if (current && current.kind === kind) current.text += ch;
    else {
      current = { kind, text: ch };
      out.push(current);
    }
  }
  return out;
}

/** What a document is indexed with: words, CJK unigrams and bigrams, space separated. */
export function indexTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const run of runs(stripMarkdownNoise(text))) {
    if (run.kind === 'word') {
      if ([...run.text].length <= MAX_WORD) tokens.push(run.text);
      continue;
    }
    const chars = [...run.text];
    chars.forEach((c, i) => {
      tokens.push(c);
      if (i + 1 < chars.length) tokens.push(c + chars[i + 1]);
    });
  }
  return tokens;
}

export function indexText(text: string): string {
  return indexTokens(text).join(' ');
}

export interface QueryToken {
  text: string;
  /** Latin words match as prefixes ("clas" finds "clash"); CJK tokens match exactly. */
  prefix: boolean;
}

/** The tokens of a search: every one must be found. Empty when the text has nothing searchable. */
export function queryTokens(text: string): QueryToken[] {
  const seen = new Set<string>();
  const out: QueryToken[] = [];
  const add = (token: string, prefix: boolean) => {
    if (seen.has(token) || out.length >= MAX_QUERY_TOKENS) return;
    seen.add(token);
    out.push({ text: token, prefix });
  };
  for (const run of runs(text)) {
    if (run.kind === 'word') {
      if ([...run.text].length <= MAX_WORD) add(run.text, true);
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1) add(chars[0]!, false);
    for (let i = 0; i + 1 < chars.length; i += 1) add(chars[i]! + chars[i + 1]!, false);
  }
  return out;
}

/** Link targets and HTML tags are not what a reader searches for. */
function stripMarkdownNoise(text: string): string {
  return text.replace(/\]\([^)]*\)/g, ']').replace(/<[^>]*>/g, ' ');
}

/** The two indexed fields of a document: its title (ranked higher) and everything else a reader sees. */
export function documentIndex(doc: { title: string; summary: string; content: string }) {
  return { search_title: indexText(doc.title), search_body: indexText(`${doc.summary}\n${doc.content}`) };
}
