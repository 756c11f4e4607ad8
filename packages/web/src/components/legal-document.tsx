import { Alert, Anchor, Box, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation } from '../lib/router';
import { DEFAULT_LOCALE, isLocale, LEGAL_EFFECTIVE_DATE, LEGAL_PATHS, LEGAL_VERSION } from '@portal/contract';
import type { LegalDocumentKind, Locale } from '@portal/contract';
import type { LegalDocumentText, LegalTexts } from '../i18n/locales/features/legal';
import { dateTimeFormat } from '../lib/format-date';
import classes from './legal-document.module.css';

export const LEGAL_TITLE_KEYS = { terms: 'legal.termsTitle', privacy: 'legal.privacyTitle' } as const;

const LEGAL_TEXTS_KEY = ['legal-texts'] as const;

async function loadLegalTexts(): Promise<Record<Locale, LegalTexts>> {
  const m = await import('../i18n/locales/features/legal');
  return { zh_CN: m.legalZhCN, zh_TW: m.legalZhTW, en: m.legalEn };
}

/** The full texts are long: their own chunk, loaded when a document is first shown, then kept. */
function useLegalTexts() {
  return useQuery({
    queryKey: LEGAL_TEXTS_KEY,
    queryFn: loadLegalTexts,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * Loads the texts into the cache before the page renders: the build prerenders a legal page with its full text, and
 * the browser must hydrate it with the same text (not the skeleton).
 */
export async function preloadLegalTexts(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(LEGAL_TEXTS_KEY, await loadLegalTexts());
}

function Paragraphs({ body }: { body: LegalDocumentText['sections'][number]['body'] }) {
  return body.map((part, i) =>
    typeof part === 'string' ? (
      <Text key={i}>{part}</Text>
    ) : (
      <List key={i} spacing={6} withPadding className={classes.list}>
        {part.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    ),
  );
}

function TextSkeleton() {
  return (
    <Stack gap="sm" aria-hidden data-testid="legal-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={14} width={i % 3 === 2 ? '70%' : '100%'} />
      ))}
    </Stack>
  );
}

interface LegalDocumentProps {
  document: LegalDocumentKind;
  /** `page`: the route, with a heading and a table of contents; `modal`: the body of a modal with its own title. */
  variant?: 'page' | 'modal';
}

/** One legal document (product rules §1.1, version v1.0, effective 2025-01-01) in the current language. */
export function LegalDocument({ document, variant = 'page' }: LegalDocumentProps) {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const texts = useLegalTexts();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const doc = texts.data?.[locale][document];
  const page = variant === 'page';
  const other: LegalDocumentKind = document === 'terms' ? 'privacy' : 'terms';
  const sectionId = (id: string) => `${document}-${id}`;
  // A calendar date, the same wherever the reader is (and in the prerendered page): "2025年1月1日", "Jan 1, 2025".
  const effective = dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_EFFECTIVE_DATE}T00:00:00Z`),
  );

  // The sections arrive after the chunk: jump to /terms-of-service#terms-refunds once they are there.
  useEffect(() => {
    if (page && doc && hash)
      window.document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [page, doc, hash]);

  return (
    <Box component="article" className={classes.doc} data-testid={`legal-${document}`} data-variant={variant}>
      <Stack gap="md">
        {page && <Title order={1}>{t(LEGAL_TITLE_KEYS[document])}</Title>}
        <Group justify="space-between" gap="xs">
          <Text size="sm" className={classes.muted} data-testid="legal-version">
            {t('legal.version', { version: LEGAL_VERSION, date: effective })}
          </Text>
          {!page && (
            <Anchor component={Link} to={LEGAL_PATHS[document]} size="sm" data-testid="legal-open-page">
              {t('legal.openPage')}
            </Anchor>
          )}
        </Group>
        {texts.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('legal.loadFailed')}</Text>
              <Button size="xs" variant="light" color="red.8" onClick={() => void texts.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : !doc ? (
          <TextSkeleton />
        ) : (
          <>
            <Text>{doc.intro}</Text>
            {page && (
              <Box component="nav" aria-labelledby={`${document}-contents`} className={classes.toc}>
                <Title order={2} size="h4" id={`${document}-contents`} mb="xs">
                  {t('legal.contents')}
                </Title>
                <ol className={classes.tocList}>
                  {doc.sections.map((section) => (
                    <li key={section.id}>
                      <Anchor href={`#${sectionId(section.id)}`} className={classes.tocLink}>
                        {section.title}
                      </Anchor>
                    </li>
                  ))}
                </ol>
              </Box>
            )}
            {doc.sections.map((section, i) => (
              <Box
                component="section"
                key={section.id}
                id={sectionId(section.id)}
                className={classes.section}
                aria-labelledby={`${sectionId(section.id)}-title`}
              >
                <Title order={page ? 2 : 3} size="h4" id={`${sectionId(section.id)}-title`} mb="xs">
                  {i + 1}. {section.title}
                </Title>
                <Stack gap="xs">
                  <Paragraphs body={section.body} />
                </Stack>
              </Box>
            ))}
            {page && (
              <Text size="sm">
                {t('legal.related')}
                <Anchor component={Link} to={LEGAL_PATHS[other]} underline="always">
                  {t(LEGAL_TITLE_KEYS[other])}
                </Anchor>
              </Text>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}
