import { List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LEGAL_EFFECTIVE_DATE, LEGAL_VERSION } from '@portal/contract';

const TERMS = ['age', 'account', 'payment', 'refund', 'traffic', 'p2p', 'resale'] as const;
const PRIVACY = ['noLog', 'connection', 'account', 'transactions', 'tickets', 'requests', 'changes'] as const;

export type LegalDocument = 'terms' | 'privacy';

/** The summary of the embedded legal texts (spec §1), used on the legal pages and in the landing modals. */
export function LegalSummary({
  document,
  withTitle = true,
}: {
  document: LegalDocument;
  withTitle?: boolean;
}) {
  const { t } = useTranslation();
  const items =
    document === 'terms'
      ? TERMS.map((key) => t(`legal.terms.${key}`))
      : PRIVACY.map((key) => t(`legal.privacy.${key}`));
  return (
    <Stack gap="sm">
      {withTitle && (
        <Title order={1}>{document === 'terms' ? t('legal.termsTitle') : t('legal.privacyTitle')}</Title>
      )}
      <Text size="sm" c="dimmed">
        {t('legal.version', { version: LEGAL_VERSION, date: LEGAL_EFFECTIVE_DATE })}
      </Text>
      <Text>{document === 'terms' ? t('legal.termsIntro') : t('legal.privacyIntro')}</Text>
      <List spacing="xs">
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
