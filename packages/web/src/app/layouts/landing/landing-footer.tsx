import {
  Anchor,
  Container,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SOURCE_REPOSITORY_URL } from '@portal/contract';
import { Brand } from '../../../components/brand';
import { LegalSummary } from '../../../components/legal-summary';
import type { LegalDocument } from '../../../components/legal-summary';
import { useAuthModal } from '../../../features/auth';
import classes from './landing.module.css';

function Column({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" id={id}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <UnstyledButton onClick={onClick} fz="sm" c="dimmed">
      {children}
    </UnstyledButton>
  );
}

export function LandingFooter() {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  const [legal, setLegal] = useState<LegalDocument | null>(null);

  return (
    <footer id="support" className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xl">
          <Stack gap="xs">
            <Brand />
            <Text size="sm" c="dimmed">
              {t('landing.footer.tagline')}
            </Text>
          </Stack>
          <Column title={t('landing.footer.product')}>
            <Anchor href="#features" size="sm" c="dimmed">
              {t('landing.features')}
            </Anchor>
            <Anchor href="#pricing" size="sm" c="dimmed">
              {t('landing.pricing')}
            </Anchor>
            <LinkButton onClick={() => open('login')}>{t('landing.footer.download')}</LinkButton>
          </Column>
          <Column title={t('landing.footer.supportTitle')}>
            <LinkButton onClick={() => open('login')}>{t('landing.footer.helpCenter')}</LinkButton>
            <LinkButton onClick={() => open('login')}>{t('landing.footer.tickets')}</LinkButton>
            <Text size="sm" c="dimmed">
              {t('landing.footer.emailReply')}
            </Text>
          </Column>
          <Column title={t('landing.footer.legal')}>
            <LinkButton onClick={() => setLegal('privacy')}>{t('landing.footer.privacy')}</LinkButton>
            <LinkButton onClick={() => setLegal('terms')}>{t('landing.footer.terms')}</LinkButton>
          </Column>
          <Column title={t('landing.footer.social')}>
            <Anchor
              href={SOURCE_REPOSITORY_URL}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              c="dimmed"
            >
              {t('landing.footer.github')}
            </Anchor>
          </Column>
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="center">
          <Text size="xs" c="dimmed">
            {t('landing.footer.rights', { year: new Date().getFullYear() })}
          </Text>
        </Group>
      </Container>
      <Modal
        opened={legal !== null}
        onClose={() => setLegal(null)}
        size="lg"
        title={legal === 'terms' ? t('legal.termsTitle') : t('legal.privacyTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {legal && <LegalSummary document={legal} withTitle={false} />}
      </Modal>
    </footer>
  );
}
