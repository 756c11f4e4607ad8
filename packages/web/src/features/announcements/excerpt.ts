/** One line of plain text from Markdown, for the list (markup dropped, whitespace collapsed). */
export function excerptOf(content: string, max = 200): string {
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
  return chars.length <= max ? plain : `${chars.slice(0, max).join('')}…`;
}
