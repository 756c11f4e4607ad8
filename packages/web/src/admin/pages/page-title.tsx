import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A console page's h1 with a short line on what it is for, and the page's own actions (buttons) under it. */
export function PageTitle({ title, intro, actions }: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} size="h2" data-testid="admin-page-title">
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" size="sm" maw={720}>
          {intro}
        </Text>
      )}
      {actions && (
        <Group mt="sm" gap="sm">
          {actions}
        </Group>
      )}
    </Stack>
  );
}
