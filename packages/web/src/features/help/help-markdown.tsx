import { Anchor, Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';
import { Link } from '../../lib/router';
import classes from './help-markdown.module.css';

// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * Where a Markdown link or image may point: http(s) addresses and relative paths. Anything with another scheme
 * (javascript:, data:, vbscript:, mailto:…) gives null, also when disguised: control characters and spaces are
 * dropped first, because browsers ignore them inside a URL ("java\nscript:" is javascript:), and the
 * percent-decoded form is checked too.
 */
export function safeUrl(url: string): string | null {
  const cleaned = url.replace(IGNORED_IN_URLS, '');
  if (cleaned === '') return null;
  if (/^https?:\/\//i.test(cleaned)) return cleaned;
  if (SCHEME.test(cleaned) || SCHEME.test(decoded(cleaned).replace(IGNORED_IN_URLS, ''))) return null;
  return cleaned;
}

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

function MarkdownLink({ href, children }: ComponentProps<'a'>) {
  const safe = href ? safeUrl(href) : null;
  // A link to somewhere unsafe keeps its text and loses the link.
  if (!safe) return <span data-testid="help-md-unlinked">{children}</span>;
  if (isInternal(safe)) {
    return (
      <Anchor component={Link} to={safe} underline="always">
        {children}
      </Anchor>
    );
  }
  if (safe.startsWith('#'))
    return (
      <Anchor href={safe} underline="always">
        {children}
      </Anchor>
    );
  return (
    <Anchor href={safe} target="_blank" rel="noopener noreferrer nofollow" underline="always">
      {children}
    </Anchor>
  );
}

function MarkdownImage({ src, alt }: ComponentProps<'img'>) {
  const safe = typeof src === 'string' ? safeUrl(src) : null;
  if (!safe) return alt ? <span>{alt}</span> : null;
  return <img src={safe} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />;
}

const COMPONENTS: Components = { a: MarkdownLink, img: MarkdownImage };

/**
 * A help document's Markdown, rendered safely: raw HTML in the source is dropped (never parsed into elements),
 * links and images keep only http(s) and relative targets, and the typography follows the Mantine theme in light
 * and dark mode (headings, lists, code blocks, quotes).
 */
export function HelpMarkdown({ content }: { content: string }) {
  return (
    <Typography className={classes.root} data-testid="help-markdown">
      <Markdown skipHtml urlTransform={(url) => safeUrl(url) ?? ''} components={COMPONENTS}>
        {content}
      </Markdown>
    </Typography>
  );
}
