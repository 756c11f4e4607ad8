import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../../../features/auth';
import { ACCENT } from './accent';
import classes from './landing.module.css';

const STATS = ['users', 'countries', 'nodes', 'uptime'] as const;

export function LandingHero() {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <Stack align="center" ta="center" gap="lg">
          <Badge variant="light" size="lg" className={classes.accentBadge}>
            {t('landing.hero.badge')}
          </Badge>
          <Title id="hero-title" order={1} className={classes.heroTitle} maw={800}>
            {t('landing.hero.title')}
          </Title>
          <Text size="lg" className={classes.muted} maw={640}>
            {t('landing.hero.subtitle')}
          </Text>
          <Group justify="center">
            <Button size="lg" color={ACCENT} onClick={() => open('register')} data-testid="hero-start">
              {t('landing.hero.start')}
            </Button>
            <Button size="lg" variant="default" component="a" href="#pricing" data-testid="hero-pricing">
              {t('landing.hero.viewPricing')}
            </Button>
          </Group>
          <SimpleGrid
            component="ul"
            cols={{ base: 2, sm: 4 }}
            spacing="xl"
            mt="xl"
            w="100%"
            maw={800}
            className={classes.stats}
            data-testid="hero-stats"
          >
            {STATS.map((key) => (
              <Text key={key} component="li" fw={700} size="lg">
                {t(`landing.stats.${key}`)}
              </Text>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </section>
  );
}
