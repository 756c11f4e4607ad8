import type { HelpPlatform, Localized } from '@portal/contract';

export interface DemoHelpDocument {
  slug: string;
  category: string;
  platform: HelpPlatform | null;
  title: Localized;
  summary: Localized;
  /** Markdown */
  content: Localized;
}

/**
 * Markdown written indented in the source: drops the first and last blank lines and the indentation they share, so
 * nothing turns into an indented code block by accident.
 */
export function md(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((out, s, i) => out + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = raw
    .replace(/^\s*\n/, '')
    .replace(/\n\s*$/, '')
    .split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}
