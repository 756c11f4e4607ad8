import '../theme/mantine.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TOAST } from '@portal/contract';
import { i18n } from '../i18n/i18n';
import { createThemeManager } from '../theme/color-scheme';
import { cssVariablesResolver, theme } from '../theme/theme';

const themeManager = createThemeManager();

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={themeManager}
        defaultColorScheme="auto"
      >
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position={TOAST.position} limit={TOAST.max} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
