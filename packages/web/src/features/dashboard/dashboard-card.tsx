import { Anchor, Card, Group, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface DashboardCardProps {
  /** `<testId>` on the card, `<testId>-title` on its heading */
  testId: string;
  title: string;
  icon: ReactNode;
  color?: string;
  /** A link in the header ("All nodes"). */
  link?: { to: string; label: string };
  children: ReactNode;
}

/** One card of the overview: icon, title, an optional link, and its content (skeleton, error, empty or data). */
export function DashboardCard({ testId, title, icon, color = 'brand', link, children }: DashboardCardProps) {
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      h="100%"
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <Stack gap="sm" h="100%">
        {/* The link moves under the title when both do not fit on one line (English at 390 px), never squeezing it. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
              {icon}
            </ThemeIcon>
            <Title order={2} size="h5" fw={600} id={`${testId}-title`}>
              {title}
            </Title>
          </Group>
          {link && (
            <Anchor
              component={Link}
              to={link.to}
              size="sm"
              ml="auto"
              style={{ whiteSpace: 'nowrap' }}
              data-testid={`${testId}-link`}
            >
              {link.label}
            </Anchor>
          )}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * Lines of grey while a card's call is under way, in the rhythm of what replaces them (a 32 px figure, then lines
 * of small text), so the cards below do not move when the data arrives.
 */
export function CardSkeleton({ lines = 2, height = 38 }: { lines?: number; height?: number }) {
  return (
    <Stack gap="sm" data-testid="card-skeleton" aria-hidden>
      <Skeleton height={height} width="60%" />
      {Array.from({ length: lines - 1 }, (_, i) => (
        <Skeleton key={i} height={12} my={5} width={`${80 - i * 15}%`} />
      ))}
    </Stack>
  );
}
