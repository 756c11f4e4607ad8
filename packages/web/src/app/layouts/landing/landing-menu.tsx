import { ActionIcon, Anchor, Burger, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandGithub } from '@tabler/icons-react';
import { useRef } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { SOURCE_REPOSITORY_URL } from '@portal/contract';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { ThemeToggle } from '../../../components/theme-toggle';
import { useAuthModal } from '../../../features/auth';
import { ACCENT } from './accent';
import { LANDING_SECTIONS } from './sections';
import home from './landing-home.module.css';

/**
 * The top bar's menu below the `md` breakpoint, where the section links do not fit: a burger opening a drawer with
 * the sections, sign-in and register, theme, language and the source link. The drawer is a dialog (focus trapped,
 * Escape closes, focus returns to the burger); a section link closes it, then scrolls to its section.
 */
export function LandingMenu() {
  const { t } = useTranslation();
  const { open: openAuth } = useAuthModal();
  const [opened, { open, close }] = useDisclosure(false);
  // The section to go to once the drawer has closed (the drawer locks scrolling while open).
  const target = useRef<string | null>(null);

  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    target.current = id;
    close();
  };
  const afterClose = () => {
    const id = target.current;
    target.current = null;
    if (!id) return;
    window.history.pushState(window.history.state, '', `#${id}`);
    const section = document.getElementById(id);
    if (!section) return;
    section.scrollIntoView();
    // Screen readers and the next Tab continue from the section, not from the burger.
    if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
    section.focus({ preventScroll: true });
  };
  const auth = (mode: 'login' | 'register') => {
    close();
    openAuth(mode);
  };

  return (
    <>
      <Burger
        opened={opened}
        onClick={opened ? close : open}
        hiddenFrom="md"
        size="sm"
        aria-label={t('home.menu.open')}
        aria-expanded={opened}
        aria-haspopup="dialog"
        data-testid="landing-menu-button"
      />
      <Drawer
        opened={opened}
        onClose={close}
        onExitTransitionEnd={afterClose}
        position="right"
        size="xs"
        title={t('home.menu.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="landing-menu"
      >
        <Stack gap="lg">
          <Stack component="nav" gap={4} aria-label={t('landing.navLabel')}>
            {LANDING_SECTIONS.map(({ id, labelKey }) => (
              <Anchor
                key={id}
                href={`#${id}`}
                onClick={(event) => goTo(event, id)}
                className={home.menuLink}
                data-testid={`menu-${id}`}
              >
                {t(labelKey)}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="sm">
            <Button variant="default" onClick={() => auth('login')} data-testid="menu-login">
              {t('auth.login')}
            </Button>
            <Button color={ACCENT} onClick={() => auth('register')} data-testid="menu-register">
              {t('auth.register')}
            </Button>
          </Stack>
          <Divider />
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('home.menu.language')}</Text>
            <LanguageSwitcher />
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('home.menu.theme')}</Text>
            <ThemeToggle />
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('landing.sourceCode')}</Text>
            <ActionIcon
              component="a"
              href={SOURCE_REPOSITORY_URL}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
              aria-label={t('landing.footer.github')}
            >
              <IconBrandGithub size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
