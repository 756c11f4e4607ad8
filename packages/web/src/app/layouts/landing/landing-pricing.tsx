import {
  Badge,
  Button,
  Card,
  Container,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../../../features/auth';
import classes from './landing.module.css';

/** Static plans of spec §1; a later issue loads the real packages. */
const PLANS = [
  { key: 'basic', popular: false },
  { key: 'pro', popular: true },
  { key: 'enterprise', popular: false },
] as const;

export function LandingPricing() {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  return (
    <section id="pricing" className={classes.section} aria-labelledby="pricing-title">
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title id="pricing-title" order={2}>
            {t('landing.pricingSection.title')}
          </Title>
          <Text c="dimmed">{t('landing.pricingSection.subtitle')}</Text>
          <Badge color="green" variant="light" size="lg">
            {t('landing.pricingSection.annualSave')}
          </Badge>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLANS.map(({ key, popular }) => (
            <Card
              key={key}
              withBorder
              padding="xl"
              radius="md"
              shadow={popular ? 'md' : undefined}
              style={
                popular ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined
              }
              data-testid={`plan-${key}`}
            >
              <Stack gap="md" h="100%">
                <div>
                  {popular && (
                    <Badge mb="xs" variant="filled">
                      {t('landing.pricingSection.popular')}
                    </Badge>
                  )}
                  <Title order={3}>{t(`landing.pricingSection.${key}.name`)}</Title>
                  <Text c="dimmed" size="sm">
                    {t(`landing.pricingSection.${key}.text`)}
                  </Text>
                </div>
                <List
                  spacing="xs"
                  size="sm"
                  style={{ flex: 1 }}
                  icon={
                    <ThemeIcon size={20} radius="xl" variant="light" color="teal" aria-hidden>
                      <IconCheck size={14} />
                    </ThemeIcon>
                  }
                >
                  <List.Item>{t(`landing.pricingSection.${key}.traffic`)}</List.Item>
                  <List.Item>{t(`landing.pricingSection.${key}.devices`)}</List.Item>
                  <List.Item>{t('landing.pricingSection.allNodes')}</List.Item>
                  <List.Item>{t('landing.pricingSection.support')}</List.Item>
                </List>
                <Button variant={popular ? 'filled' : 'light'} fullWidth onClick={() => open('register')}>
                  {t('landing.pricingSection.choose')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
