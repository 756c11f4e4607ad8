import { Anchor, Card, Group, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';

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
 * Lines of grey while a card's call is under way, in the rhythm of what replaces them (a 32 px figure at line height
 * 1.2, then lines of small text), so the cards below do not move when the data arrives. The figure's line is its
 * exact height (38.4 px, not 38): the text under it then stays where the console's frame painted it, and the
 * browser does not count the page's copy of that text as a new, later largest paint.
 */
export function CardSkeleton({
  lines = 2,
  height = 32 * 1.2,
  gap = 12,
  lineBox = 22,
  bar = false,
}: {
  lines?: number;
  height?: number;
  /** Space between the lines, px (the card's own content's gap). */
  gap?: number;
  /** Each small line's height, px: its grey bar of 12 px centred in it. */
  lineBox?: number;
  /** A last thin bar in place of a progress bar (Mantine's `sm`, 5 px). */
  bar?: boolean;
}) {
  return (
    <Stack gap={gap} data-testid="card-skeleton" aria-hidden>
      <Skeleton height={height} width="60%" />
      {Array.from({ length: lines - 1 }, (_, i) => (
        // A box of the line's height (rounded by the browser as a line of text is), its bar centred in it.
        <div key={i} style={{ height: lineBox, display: 'flex', alignItems: 'center' }}>
          <Skeleton height={12} width={`${80 - i * 15}%`} />
        </div>
      ))}
      {bar && <Skeleton height={5} />}
    </Stack>
  );
}
