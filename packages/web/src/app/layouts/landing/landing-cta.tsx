import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { useAuthModal } from '../../../features/auth';
import { ACCENT } from './accent';
import classes from './landing.module.css';

export function LandingCta() {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  return (
    <section className={`${classes.section} ${classes.cta}`} aria-labelledby="cta-title">
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title id="cta-title" order={2}>
            {t('landing.cta.title')}
          </Title>
          <Text size="lg">{t('landing.cta.text')}</Text>
          <Button
            size="lg"
            variant="white"
            color={ACCENT}
            onClick={() => open('register')}
            data-testid="cta-register"
          >
            {t('landing.cta.button')}
          </Button>
        </Stack>
      </Container>
    </section>
  );
}
