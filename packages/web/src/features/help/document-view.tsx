import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from '../../lib/router';
import { HELP_LIMITS } from '@portal/contract';
import type { HelpDocument } from '@portal/contract';
import { EmptyPage } from '../../components/empty-page';
import { currentLocale } from '../../i18n/i18n';
import { formatDate } from '../../lib/format-date';
import { useHelpDocument } from './api';
import type { FromHelpList } from './document-card';
import { DocumentStats } from './document-stats';
import { HelpMarkdown } from './help-markdown';
import { PlatformBadge } from './platform-badge';
import { RatingCard } from './rating-card';

function RelatedCard({ doc, from }: { doc: HelpDocument; from: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="help-related">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('help.document.related')}
        </Title>
        {doc.related.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('help.document.noRelated')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {doc.related.slice(0, HELP_LIMITS.relatedMax).map((r) => (
              <li key={r.id}>
                <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
                  <Anchor
                    component={Link}
                    to={`/help/${r.id}`}
                    state={{ helpList: from } satisfies FromHelpList}
                    size="sm"
                    data-testid="help-related-link"
                  >
                    {r.title}
                  </Anchor>
                  <PlatformBadge platform={r.platform} />
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function DocumentSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={28} width="60%" radius="sm" />
      <Skeleton height={14} width="40%" radius="sm" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

/**
 * /help/:documentId: the document rendered from Markdown, its figures, the rating widget, related documents. The way
 * back is the breadcrumb (it keeps the search the document was opened from).
 */
export function HelpDocumentView({ documentId }: { documentId: number | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const from = (location.state as FromHelpList | null)?.helpList;
  const query = useHelpDocument(documentId);
  const doc = query.data;
  const locale = currentLocale();

  if (documentId === null || (query.isError && query.error.code === 40702)) {
    return (
      <Stack gap="md">
        <EmptyPage
          icon={<IconFileUnknown size={32} aria-hidden />}
          title={t('help.document.notFoundTitle')}
          pageTitle
          description={t('help.document.notFoundText')}
        >
          <Button variant="light" mt="md" component={Link} to="/help">
            {t('help.document.back')}
          </Button>
        </EmptyPage>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {query.isPending && <DocumentSkeleton />}
      {query.isError && (
        <Alert color="red" role="alert" data-testid="help-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('help.loadFailed')}</Text>
            {query.error.message && (
              <Text size="xs" c="dimmed">
                {query.error.message}
              </Text>
            )}
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {doc && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Card withBorder radius="md" padding="lg" component="article" data-testid="help-document">
              <Stack gap="sm">
                {/* The page's h1: the header above gives a document its breadcrumb, not a title. */}
                <Title order={1} size="h2" data-testid="help-document-title">
                  {doc.title}
                </Title>
                <Group gap={6} wrap="wrap">
                  <Badge variant="default" radius="sm" tt="none">
                    {t('help.document.category', { name: doc.category_name })}
                  </Badge>
                  <PlatformBadge platform={doc.platform} />
                  <Text size="xs" c="dimmed">
                    {t('help.document.updated', { date: formatDate(doc.updated_at, locale) })}
                  </Text>
                </Group>
                <DocumentStats doc={doc} variant="document" />
                {doc.locale !== locale && (
                  <Alert color="gray" variant="light" data-testid="help-untranslated">
                    {t('help.document.untranslated')}
                  </Alert>
                )}
                <Divider my="xs" />
                <div lang={doc.locale.replace('_', '-')}>
                  <HelpMarkdown content={doc.content} />
                </div>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <RatingCard key={doc.id} doc={doc} />
              <RelatedCard doc={doc} from={from} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
