import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconCoin,
  IconDevices,
  IconEyeOff,
  IconPlugConnected,
  IconWorld,
  IconClockHour4,
  IconHeadset,
  IconReceiptRefund,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './landing.module.css';

const FEATURES = [
  { key: 'protocols', icon: <IconPlugConnected size={22} /> },
  { key: 'speed', icon: <IconBolt size={22} /> },
  { key: 'global', icon: <IconWorld size={22} /> },
  { key: 'privacy', icon: <IconEyeOff size={22} /> },
  { key: 'devices', icon: <IconDevices size={22} /> },
  { key: 'payment', icon: <IconCoin size={22} /> },
] as const;

const WHY = [
  { key: 'uptime', icon: <IconClockHour4 size={22} /> },
  { key: 'support', icon: <IconHeadset size={22} /> },
  { key: 'refund', icon: <IconReceiptRefund size={22} /> },
  { key: 'users', icon: <IconUsers size={22} /> },
] as const;

function Item({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text className={classes.muted} size="sm">
          {text}
        </Text>
      </Stack>
    </Card>
  );
}

export function LandingFeatures() {
  const { t } = useTranslation();
  return (
    <section id="features" className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title id="features-title" order={2}>
            {t('landing.featuresSection.title')}
          </Title>
          <Text className={classes.muted}>{t('landing.featuresSection.subtitle')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map(({ key, icon }) => (
            <Item
              key={key}
              icon={icon}
              title={t(`landing.featuresSection.${key}.title`)}
              text={t(`landing.featuresSection.${key}.text`)}
            />
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}

export function LandingWhy() {
  const { t } = useTranslation();
  return (
    <section className={`${classes.section} ${classes.alt}`} aria-labelledby="why-title">
      <Container size="lg">
        <Title id="why-title" order={2} ta="center" mb="xl">
          {t('landing.why.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {WHY.map(({ key, icon }) => (
            <Item
              key={key}
              icon={icon}
              title={t(`landing.why.${key}.title`)}
              text={t(`landing.why.${key}.text`)}
            />
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
