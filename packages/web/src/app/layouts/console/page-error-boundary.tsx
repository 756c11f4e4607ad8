import { Alert, Button, Stack, Text } from '@mantine/core';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { DismissConsoleFrame } from '../../console-frame';

function PageFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" data-testid="page-error">
      <DismissConsoleFrame />
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('common.pageFailed')}</Text>
        <Button size="xs" variant="outline" color="red" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}

interface Props {
  children: ReactNode;
  /** Shows the page again when this changes (another address). */
  resetKey: string;
}

/**
 * A page that throws while rendering (or whose code failed to load) shows a plain message with a reload button in
 * its place, under the layout that still works, rather than a blank screen.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
