/**
 * FROZEN: the help tokenizer's indexing half (modules/help/tokenizer.ts) as it was when migration 0008 was written,
 * so that migration backfills exactly the tokens it always did. Never edit this file, and never import it from live
 * code; a change to the live tokenizer re-indexes documents through the application, not through old migrations.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
/** Longer "words" (base64 blobs, hashes) are noise for search and can exceed index limits. */
const MAX_WORD = 64;

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
function indexTokens(text: string): string[] {
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

function indexText(text: string): string {
  return indexTokens(text).join(' ');
}

/** Link targets and HTML tags are not what a reader searches for. */
function stripMarkdownNoise(text: string): string {
  return text.replace(/\]\([^)]*\)/g, ']').replace(/<[^>]*>/g, ' ');
}

/** The two indexed fields of a document: its title (ranked higher) and everything else a reader sees. */
export function documentIndex(doc: { title: string; summary: string; content: string }) {
  return { search_title: indexText(doc.title), search_body: indexText(`${doc.summary}\n${doc.content}`) };
}
