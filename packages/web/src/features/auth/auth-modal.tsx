import { Modal, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { AuthPanel } from './auth-panel';
import type { AuthMode } from './auth-panel';

interface AuthModalContextValue {
  open: (mode: AuthMode) => void;
}

const AuthModalContext = createContext<AuthModalContextValue>({ open: () => undefined });

export function useAuthModal(): AuthModalContextValue {
  return useContext(AuthModalContext);
}

/** The login/register modal of the landing page (size md). */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AuthMode>('login');
  const [opened, setOpened] = useState(false);
  // After registering, the done step has its own heading: the modal drops "Create account".
  const [registered, setRegistered] = useState(false);
  const open = useCallback((next: AuthMode) => {
    setMode(next);
    setRegistered(false);
    setOpened(true);
  }, []);
  const changeMode = (next: AuthMode) => {
    setRegistered(false);
    setMode(next);
  };
  const value = useMemo(() => ({ open }), [open]);
  const close = () => setOpened(false);

  return (
    <AuthModalContext.Provider value={value}>
      {children}
      <Modal
        opened={opened}
        onClose={close}
        size="md"
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
        title={
          mode === 'register' && registered ? null : (
            <div>
              <Text fw={700} size="lg" component="span" display="block">
                {mode === 'login' ? t('auth.loginTitle') : t('auth.registerTitle')}
              </Text>
              <Text c="dimmed" size="sm" component="span" display="block">
                {mode === 'login' ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}
              </Text>
            </div>
          )
        }
        data-testid="auth-modal"
      >
        <AuthPanel
          mode={mode}
          onModeChange={changeMode}
          onClose={close}
          withHeading={false}
          onRegistered={() => setRegistered(true)}
        />
      </Modal>
    </AuthModalContext.Provider>
  );
}
