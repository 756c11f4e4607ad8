import { LOCALES, type Locale } from '@portal/contract';
import { type AnnouncementTranslations } from '@portal/contract/admin';

/** The stored translations JSON: { "<locale>": { "title": …, "content": … } }; anything unreadable counts as none. */
export function parseTranslations(json: string | null): AnnouncementTranslations {
  if (!json) return {};
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const out: AnnouncementTranslations = {};
    for (const locale of LOCALES) {
      const t = raw[locale] as { title?: unknown; content?: unknown } | undefined;
      if (t && typeof t.title === 'string' && typeof t.content === 'string' && t.title && t.content)
        out[locale] = { title: t.title, content: t.content };
    }
    return out;
  } catch {
    return {};
  }
}

/** Title and content in `locale`, falling back to the base columns. */
export function localizedText(
  row: { title: string; content: string; translations: string | null },
  locale: Locale,
): { title: string; content: string } {
  const t = parseTranslations(row.translations)[locale];
  return { title: t?.title ?? row.title, content: t?.content ?? row.content };
}

/**
 * A short plain-text excerpt of Markdown or plain text for mails: markup dropped, whitespace collapsed, cut at
 * `max` characters (on a word boundary when there is one nearby) with an ellipsis.
 */
export function excerpt(content: string, max = 160): string {
  const plain = content
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  if (chars.length <= max) return plain;
  let cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
