import { Anchor, Typography } from '@mantine/core';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Keeps the line breaks of plain-text announcements: a newline inside a paragraph becomes a line break. */
function lineBreaks(node: MdNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'text' || !child.value?.includes('\n')) {
      lineBreaks(child);
      return [child];
    }
    return child.value
      .split('\n')
      .flatMap((part, i): MdNode[] => [
        ...(i > 0 ? [{ type: 'break' }] : []),
        ...(part ? [{ type: 'text', value: part }] : []),
      ]);
  });
}

const remarkLineBreaks = () => lineBreaks;

const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" underline="always">
      {children}
    </Anchor>
  ),
  img: ({ alt }) => <>{alt}</>,
};

/**
 * An announcement's content: Markdown or plain text. Raw HTML is dropped, not rendered; links open in a new tab
 * and unsafe URLs (javascript: …) are removed by react-markdown; images show their text only.
 */
export function AnnouncementContent({ content }: { content: string }) {
  return (
    <Typography data-testid="announcement-content" style={{ overflowWrap: 'anywhere' }}>
      <Markdown skipHtml remarkPlugins={[remarkLineBreaks]} components={COMPONENTS}>
        {content}
      </Markdown>
    </Typography>
  );
}
