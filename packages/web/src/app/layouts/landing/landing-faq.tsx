import { Accordion, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import home from './landing-home.module.css';
import classes from './landing.module.css';

export const FAQ = ['what', 'clients', 'payment', 'refund', 'devices', 'support'] as const;

/** Six short answers, consistent with docs/product-rules.md and the terms, as an accordion (one open at a time). */
export function LandingFaq() {
  const { t } = useTranslation();
  return (
    <section id="faq" className={`${home.faq} ${classes.alt}`} aria-labelledby="faq-title">
      <Container size="md">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title id="faq-title" order={2}>
            {t('home.faq.title')}
          </Title>
          <Text className={classes.muted}>{t('home.faq.subtitle')}</Text>
        </Stack>
        <Accordion variant="separated" radius="md" order={3} data-testid="landing-faq">
          {FAQ.map((key) => (
            <Accordion.Item key={key} value={key} data-testid={`faq-${key}`}>
              <Accordion.Control>{t(`home.faq.${key}.q`)}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" className={classes.muted}>
                  {t(`home.faq.${key}.a`)}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </section>
  );
}
