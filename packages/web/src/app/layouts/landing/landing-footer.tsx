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
  VisuallyHidden,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { healthApi, LEGAL_PATHS, siteApi, SOURCE_REPOSITORY_URL } from '@portal/contract';
import type { LegalDocumentKind } from '@portal/contract';
import { Brand } from '../../../components/brand';
import { LEGAL_TITLE_KEYS, LegalDocument } from '../../../components/legal-document';
import { useAuthModal } from '../../../features/auth';
import { useApiQuery } from '../../../lib/query';
import classes from './landing.module.css';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="nav" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A real link (crawlable, works without the modal) that the landing page opens in place when clicked. */
function FooterLink({
  href,
  onOpen,
  children,
  testId,
}: {
  href: string;
  onOpen?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const onClick = onOpen
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen();
      }
    : undefined;
  return (
    <Anchor
      href={href}
      onClick={onClick}
      size="sm"
      className={classes.footerLink}
      data-testid={testId}
      // Pressed before the page is live, public/app-boot.js presses it again then (a modal, not the route).
      data-live-action={onOpen ? '' : undefined}
    >
      {children}
    </Anchor>
  );
}

/** Whether the portal answers its health check (the database is reachable). */
function ServiceStatus() {
  const { t } = useTranslation();
  const health = useApiQuery(healthApi.getHealth, {}, { retry: 0, staleTime: 60_000 });
  const state = health.isPending ? 'checking' : health.isSuccess ? 'ok' : 'down';
  const text =
    state === 'ok'
      ? t('landing.footer.statusOk')
      : state === 'down'
        ? t('landing.footer.statusDown')
        : t('landing.footer.statusChecking');
  return (
    <Group gap={8} id="service-status" data-testid="service-status" data-state={state} wrap="nowrap">
      <span className={classes.statusDot} data-state={state} aria-hidden />
      <Text size="sm" className={classes.muted} role="status">
        {text}
      </Text>
    </Group>
  );
}

/** The operator's contact channels that have a link (Telegram, email, …), then the source repository. */
function SocialLinks() {
  const { t } = useTranslation();
  const contact = useApiQuery(siteApi.getContact, {}, { retry: 0, staleTime: 5 * 60_000 });
  const channels = (contact.data?.channels ?? []).filter((c) => c.url);
  return (
    <>
      {channels.map((channel) => (
        <Anchor
          key={`${channel.type}-${channel.value}`}
          href={channel.url ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          className={classes.footerLink}
          data-testid="footer-channel"
        >
          {channel.label || t(`site.channelTypes.${channel.type}`)}
        </Anchor>
      ))}
      <Anchor
        href={SOURCE_REPOSITORY_URL}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        className={classes.footerLink}
      >
        {t('landing.footer.github')}
      </Anchor>
    </>
  );
}

export function LandingFooter() {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  const [legal, setLegal] = useState<LegalDocumentKind | null>(null);
  const login = () => open('login');

  return (
    <footer id="support" className={classes.footer} aria-labelledby="footer-title">
      <Container size="lg">
        <VisuallyHidden component="h2" id="footer-title">
          {t('landing.support')}
        </VisuallyHidden>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xl">
          <Stack gap="xs" className={classes.footerBrand}>
            <Brand />
            <Text size="sm" className={classes.muted}>
              {t('landing.footer.tagline')}
            </Text>
            <Text size="sm" className={classes.muted}>
              {/* Each claim stays whole on its line ("7 天退款保障" never splits after the 7). */}
              {t('landing.footer.claims')
                .split(' · ')
                .map((claim, i) => (
                  <Fragment key={claim}>
                    {i > 0 && ' · '}
                    <span style={{ whiteSpace: 'nowrap' }}>{claim}</span>
                  </Fragment>
                ))}
            </Text>
          </Stack>
          <Column title={t('landing.footer.product')}>
            <FooterLink href="#features">{t('landing.features')}</FooterLink>
            <FooterLink href="#pricing">{t('landing.pricing')}</FooterLink>
            <FooterLink href="/help" onOpen={login}>
              {t('landing.footer.download')}
            </FooterLink>
          </Column>
          <Column title={t('landing.footer.supportTitle')}>
            <FooterLink href="/help" onOpen={login} testId="footer-help">
              {t('landing.footer.helpCenter')}
            </FooterLink>
            <FooterLink href="/support" onOpen={login} testId="footer-tickets">
              {t('landing.footer.tickets')}
            </FooterLink>
            <FooterLink href="#service-status">{t('landing.footer.status')}</FooterLink>
            <Text size="sm" className={classes.muted}>
              {t('landing.footer.emailReply')}
            </Text>
          </Column>
          <Column title={t('landing.footer.legal')}>
            {(['privacy', 'terms'] as const).map((doc) => (
              <FooterLink
                key={doc}
                href={LEGAL_PATHS[doc]}
                onOpen={() => setLegal(doc)}
                testId={`footer-${doc}`}
              >
                {t(LEGAL_TITLE_KEYS[doc])}
              </FooterLink>
            ))}
          </Column>
          <Column title={t('landing.footer.social')}>
            <SocialLinks />
          </Column>
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="sm">
          <ServiceStatus />
          <Text size="xs" className={classes.muted}>
            {t('landing.footer.rights', { year: new Date().getFullYear() })}
          </Text>
        </Group>
      </Container>
      <Modal
        opened={legal !== null}
        onClose={() => setLegal(null)}
        size="lg"
        title={legal ? t(LEGAL_TITLE_KEYS[legal]) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="legal-modal"
      >
        {legal && <LegalDocument document={legal} variant="modal" />}
      </Modal>
    </footer>
  );
}
