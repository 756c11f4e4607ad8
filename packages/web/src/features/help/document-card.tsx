import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../lib/router';
import type { HelpDocumentItem } from '@portal/contract';
import { DocumentStats } from './document-stats';
import { PlatformBadge } from './platform-badge';
import classes from './help-center.module.css';

/** State a document link carries: the help centre's search and filters, for the way back. */
export interface FromHelpList {
  helpList?: string;
}

/** One result: the whole card opens the document; title, summary, category, platform, views and rating. */
export function DocumentCard({ doc, from }: { doc: HelpDocumentItem; from: string }) {
  return (
    <Card
      component={Link}
      to={`/help/${doc.id}`}
      state={{ helpList: from } satisfies FromHelpList}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-testid="help-result"
      data-id={doc.id}
    >
      <Stack gap={6}>
        <Title order={3} size="h5" className={classes.cardTitle}>
          {doc.title}
        </Title>
        {doc.summary && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {doc.summary}
          </Text>
        )}
        <Group gap="xs" justify="space-between" wrap="wrap" mt={4}>
          <Group gap={6} wrap="wrap">
            <Badge variant="default" radius="sm" tt="none" data-testid="help-category">
              {doc.category_name}
            </Badge>
            <PlatformBadge platform={doc.platform} />
          </Group>
          <DocumentStats doc={doc} />
        </Group>
      </Stack>
    </Card>
  );
}
