import { Accordion, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { ScrollTabsList } from '../../components/scroll-tabs-list';

/** Platforms and their two recommended clients; the steps are message keys under subscriptions.guides. */
const PLATFORMS = [
  { id: 'windows', clients: ['v2rayn', 'clashVerge'] },
  { id: 'macos', clients: ['clashVerge', 'v2rayu'] },
  { id: 'ios', clients: ['shadowrocket', 'stash'] },
  { id: 'android', clients: ['v2rayng', 'clashMeta'] },
  { id: 'linux', clients: ['clashVerge', 'singbox'] },
] as const;

type ClientId = (typeof PLATFORMS)[number]['clients'][number];

function ClientSteps({ client }: { client: ClientId }) {
  const { t } = useTranslation();
  const steps = [
    t(`subscriptions.guides.clients.${client}.step1`),
    t(`subscriptions.guides.clients.${client}.step2`),
    t(`subscriptions.guides.clients.${client}.step3`),
  ];
  // A client's steps are a titled list in the guides' card, not a bordered box inside it.
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t(`subscriptions.guides.clients.${client}.name`)}
      </Title>
      <List type="ordered" size="sm" spacing={4}>
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Client setup guides per platform. */
export function ClientGuides() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('subscriptions.guides.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('subscriptions.guides.intro')}
      </Text>
      <Tabs defaultValue="windows" data-testid="link-guides">
        <ScrollTabsList aria-label={t('subscriptions.guides.platforms')}>
          {PLATFORMS.map((p) => (
            <Tabs.Tab key={p.id} value={p.id}>
              {t(`subscriptions.guides.platform.${p.id}`)}
            </Tabs.Tab>
          ))}
        </ScrollTabsList>
        {PLATFORMS.map((p) => (
          <Tabs.Panel key={p.id} value={p.id} pt="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
              {p.clients.map((c) => (
                <ClientSteps key={c} client={c} />
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

const FAQ = ['what', 'reset', 'renewal', 'devices', 'nodes'] as const;

/** Questions about the link. */
export function LinkFaq() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('subscriptions.faq.title')}
      </Title>
      <FaqAccordion />
    </Stack>
  );
}

function FaqAccordion() {
  const { t } = useTranslation();
  return (
    <Accordion variant="separated" data-testid="link-faq">
      {FAQ.map((id) => (
        <Accordion.Item key={id} value={id}>
          <Accordion.Control>{t(`subscriptions.faq.${id}.q`)}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{t(`subscriptions.faq.${id}.a`)}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
