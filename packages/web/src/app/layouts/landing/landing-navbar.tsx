import { ActionIcon, Anchor, Box, Button, Container, Group } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconBrandGithub } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/use-translation';
import { LAYOUT, SOURCE_REPOSITORY_URL } from '@portal/contract';
import { Brand } from '../../../components/brand';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useAuthModal } from '../../../features/auth';
import { ACCENT } from './accent';
import { LandingMenu } from './landing-menu';
import { LANDING_SECTIONS } from './sections';
import classes from './landing.module.css';

export function LandingNavbar() {
  const { t } = useTranslation();
  const [scroll] = useWindowScroll();
  const { open } = useAuthModal();
  const scrolled = scroll.y > LAYOUT.navbarOpaqueScrollPx;

  return (
    <Box
      component="header"
      className={classes.navbar}
      data-scrolled={scrolled || undefined}
      data-testid="landing-navbar"
    >
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor href="#top" underline="never" c="inherit" aria-label={t('common.appName')}>
            <Brand textFrom="sm" />
          </Anchor>
          <Group component="nav" gap="lg" visibleFrom="md" aria-label={t('landing.navLabel')}>
            {LANDING_SECTIONS.map(({ id, labelKey }) => (
              <Anchor key={id} href={`#${id}`} c="inherit" data-testid={`nav-${id}`}>
                {t(labelKey)}
              </Anchor>
            ))}
          </Group>
          <Group gap={6} wrap="nowrap">
            <ThemeToggle />
            <Box visibleFrom="md">
              <LanguageSwitcher />
            </Box>
            <ActionIcon
              visibleFrom="md"
              component="a"
              href={SOURCE_REPOSITORY_URL}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
              aria-label={t('landing.sourceCode')}
              title={t('landing.sourceCode')}
              data-testid="source-link"
            >
              <IconBrandGithub size={18} aria-hidden />
            </ActionIcon>
            <Button size="sm" variant="default" onClick={() => open('login')} data-testid="landing-login">
              {t('auth.login')}
            </Button>
            <Button
              size="sm"
              color={ACCENT}
              onClick={() => open('register')}
              visibleFrom="sm"
              data-testid="landing-register"
            >
              {t('auth.register')}
            </Button>
            <LandingMenu />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
