import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ResultPanelProps {
  icon: ReactNode;
  color: string;
  title: string;
  message?: ReactNode;
  /** Buttons under the message. */
  actions?: ReactNode;
  testId?: string;
  state?: string;
}

/** The outcome of a public one-step page (verification, third-party return, a broken link). */
export function ResultPanel({ icon, color, title, message, actions, testId, state }: ResultPanelProps) {
  return (
    <Paper withBorder shadow="sm" p="xl" maw={480} mx="auto" mt="xl" data-testid={testId} data-state={state}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        {message && <Text c="dimmed">{message}</Text>}
        {actions && (
          <Group justify="center" mt="sm">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
