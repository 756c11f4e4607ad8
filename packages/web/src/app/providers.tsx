import '../theme/mantine.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { TOAST } from '@portal/contract';
import { notificationsLoaded, onNotificationsLoaded } from '../lib/notify';
import { createThemeManager } from '../theme/color-scheme';
import { cssVariablesResolver, theme } from '../theme/theme';

const themeManager = createThemeManager();

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** The toasts' container, mounted once the first toast has loaded the notifications (lib/notify.ts). */
function NotificationsHost() {
  const loaded = useSyncExternalStore(onNotificationsLoaded, notificationsLoaded, () => false);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position={TOAST.position} limit={TOAST.max} />
    </Suspense>
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={themeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <NotificationsHost />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
