import { Badge, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { useAuthModal } from '../../../features/auth';
import { ACCENT } from './accent';
import home from './landing-home.module.css';
import classes from './landing.module.css';
import { LandingPreview } from './landing-preview';

const STATS = ['users', 'countries', 'nodes', 'uptime'] as const;

export function LandingHero() {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <div className={home.heroGrid}>
          <Stack gap="lg" className={home.heroText}>
            <Badge variant="light" size="lg" className={classes.accentBadge}>
              {t('landing.hero.badge')}
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle} maw={640}>
              {t('landing.hero.title')}
            </Title>
            <Text size="lg" className={classes.muted} maw={640}>
              {t('landing.hero.subtitle')}
            </Text>
            <Group className={home.heroButtons}>
              <Button size="lg" color={ACCENT} onClick={() => open('register')} data-testid="hero-start">
                {t('landing.hero.start')}
              </Button>
              <Button size="lg" variant="default" component="a" href="#pricing" data-testid="hero-pricing">
                {t('landing.hero.viewPricing')}
              </Button>
            </Group>
            <SimpleGrid
              component="ul"
              cols={2}
              spacing="sm"
              verticalSpacing="xs"
              mt="sm"
              w="100%"
              maw={480}
              className={classes.stats}
              data-testid="hero-stats"
            >
              {STATS.map((key) => (
                <Text key={key} component="li" fw={600} size="sm" className={classes.muted}>
                  {t(`landing.stats.${key}`)}
                </Text>
              ))}
            </SimpleGrid>
          </Stack>
          <LandingPreview />
        </div>
      </Container>
    </section>
  );
}
