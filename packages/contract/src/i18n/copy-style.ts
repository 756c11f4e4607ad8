/**
 * The house style of the copy. Chinese copy (docs/design-system.md, "Writing"): the reader is addressed as 您, and
 * punctuation between Chinese words is full-width (，。？！：；（）), quotes around Chinese are “” or 「」. Code samples in Markdown (fenced with ~~~ or
 * ``` and inline in backticks) are left out: they hold URLs and commands, not prose. English copy writes "email"
 * (a line may break at the hyphen of "e-mail").
 *
 * Used by the tests that walk every Chinese string the product shows (web messages, console messages, legal
 * texts, error and validation catalogues, mails, demo content); not part of the runtime.
 */
const HAN = '\\u3400-\\u9fff\\uf900-\\ufaff';
const CJK_PUNCT = '\\u3000-\\u303f\\uff00-\\uffef';

const INFORMAL_YOU = /你(?![们們])/u;
const HALF_WIDTH_AFTER = new RegExp(`[${HAN}${CJK_PUNCT}][?!,;:]`, 'u');
const HALF_WIDTH_BEFORE = new RegExp(`[?!,;][${HAN}]`, 'u');
const HALF_WIDTH_PARENS = new RegExp(`\\([^()]*[${HAN}][^()]*\\)`, 'u');
const STRAIGHT_QUOTES = new RegExp(`"[^"\\n]*[${HAN}][^"\\n]*"`, 'u');

function prose(text: string): string {
  return text.replace(/^(~~~|```)[^\n]*\n[\s\S]*?^\1\s*$/gmu, '').replace(/`[^`\n]*`/gu, '');
}

/** What breaks the style in one text: an empty list when it keeps it. */
export function chineseCopyFaults(text: string): string[] {
  const body = prose(text);
  const faults: string[] = [];
  const quote = (match: RegExpMatchArray | null) => (match ? JSON.stringify(match[0]) : '');
  if (INFORMAL_YOU.test(body)) faults.push('addresses the reader as 你 (use 您)');
  const after = body.match(HALF_WIDTH_AFTER) ?? body.match(HALF_WIDTH_BEFORE);
  if (after) faults.push(`half-width punctuation beside Chinese ${quote(after)}`);
  const parens = body.match(HALF_WIDTH_PARENS);
  if (parens) faults.push(`half-width parentheses around Chinese ${quote(parens)}`);
  const quotes = body.match(STRAIGHT_QUOTES);
  if (quotes) faults.push(`straight quotes around Chinese ${quote(quotes)} (use “” or 「」)`);
  return faults;
}

const HYPHENATED_EMAIL = /\be-mail/iu;

/** What breaks the style in one English text: an empty list when it keeps it. */
export function englishCopyFaults(text: string): string[] {
  const match = prose(text).match(HYPHENATED_EMAIL);
  return match ? [`writes ${JSON.stringify(match[0])} (use "email")`] : [];
}

/** Every string in a nested structure of texts, with its path, for the tests that walk message catalogues. */
export function textLeaves(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => textLeaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textLeaves(item, path ? `${path}.${key}` : key));
  return [];
}

function report(value: unknown, faults: (text: string) => string[]): string[] {
  return textLeaves(value).flatMap(([path, text]) => faults(text).map((fault) => `${path}: ${fault}`));
}

/** The faults of every Chinese string under `value`, as "path: fault" lines. */
export function chineseCopyReport(value: unknown): string[] {
  return report(value, chineseCopyFaults);
}

/** The faults of every English string under `value`, as "path: fault" lines. */
export function englishCopyReport(value: unknown): string[] {
  return report(value, englishCopyFaults);
}
