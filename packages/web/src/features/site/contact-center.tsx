import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconClockHour4, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { useContact } from './api';
import { ChannelIcon, ChannelValue } from './channel';
import { SiteError, SiteSkeleton } from './load-state';

/** /contact: the operator's channels, the email promise, and the way to a ticket or the help centre. */
export function ContactCenter() {
  const { t } = useTranslation();
  const contact = useContact();
  if (contact.isPending) return <SiteSkeleton />;
  if (contact.isError) return <SiteError error={contact.error} onRetry={() => void contact.refetch()} />;
  const { channels, email_reply_hours, hours } = contact.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        {/* The page's h1 (the console header) already says "Contact us". */}
        <Text data-testid="contact-lead">{t('site.contact.lead', { hours: email_reply_hours })}</Text>
        {hours && (
          // The icon stays beside the first line when the text wraps.
          <Group gap={6} mt="xs" c="dimmed" wrap="nowrap" align="flex-start">
            <IconClockHour4 size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
            <Text size="sm" style={{ minWidth: 0 }}>
              {hours}
            </Text>
          </Group>
        )}
      </Card>

      <section aria-labelledby="contact-channels">
        <Title order={2} size="h4" id="contact-channels" mb="sm">
          {t('site.contact.channels')}
        </Title>
        {channels.length === 0 ? (
          <Text c="dimmed">{t('site.contact.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {channels.map((c, i) => (
              <Card key={`${c.type}-${i}`} withBorder radius="md" padding="md" data-testid="contact-channel">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ChannelIcon type={c.type} />
                  <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600}>{c.label || t(`site.channelTypes.${c.type}`)}</Text>
                    <ChannelValue type={c.type} value={c.value} url={c.url} />
                    {c.note && (
                      <Text size="sm" c="dimmed">
                        {c.note}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {/* The channels' icon style above: a tinted square. */}
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconLifebuoy size={20} />
            </ThemeIcon>
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>{t('site.contact.ticketTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('site.contact.ticketText')}
              </Text>
              <Button component={Link} to="/support" data-testid="contact-ticket">
                {t('site.contact.ticketButton')}
              </Button>
            </Stack>
          </Group>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconBook size={20} />
            </ThemeIcon>
            <Stack gap="xs" align="flex-start">
              <Text fw={600}>{t('site.contact.helpTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('site.contact.helpText')}
              </Text>
              <Button component={Link} to="/help" variant="light">
                {t('site.contact.helpButton')}
              </Button>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
