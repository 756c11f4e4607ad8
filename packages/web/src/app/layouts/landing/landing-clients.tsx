import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import home from './landing-home.module.css';
import classes from './landing.module.css';

/**
 * Clients the subscription link serves (packages/server/src/modules/delivery/formats.ts picks Clash for Clash and
 * Mihomo clients, sing-box for sing-box and Hiddify, share links for the rest). Names as text: no third-party logos.
 */
export const CLIENTS = [
  'Clash Verge',
  'FlClash',
  'Mihomo',
  'Stash',
  'sing-box',
  'Hiddify',
  'v2rayN',
  'v2rayNG',
  'Shadowrocket',
] as const;

export function LandingClients() {
  const { t } = useTranslation();
  return (
    <section className={home.clients} aria-labelledby="clients-title" data-testid="landing-clients">
      <Container size="lg">
        <Stack align="center" ta="center" gap="md">
          <Stack gap={4} align="center">
            <Title id="clients-title" order={2} size="h3">
              {t('home.clients.title')}
            </Title>
            <Text size="sm" className={classes.muted}>
              {t('home.clients.text')}
            </Text>
          </Stack>
          <ul className={home.clientList}>
            {CLIENTS.map((name) => (
              <li key={name} className={home.client} lang="en">
                {name}
              </li>
            ))}
          </ul>
        </Stack>
      </Container>
    </section>
  );
}
