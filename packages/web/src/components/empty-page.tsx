import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyPageProps {
  icon: ReactNode;
  title: string;
  description: string;
  /**
   * The title is the page's h1: the empty state is all the page holds (a ticket or help document that does not
   * exist, whose header gives only a breadcrumb). Otherwise the page's header holds the h1 and the title is text.
   */
  pageTitle?: boolean;
  children?: ReactNode;
}

/** A page (or list) with nothing to show: icon, title, one line on why or what to do, and actions as children. */
export function EmptyPage({ icon, title, description, pageTitle = false, children }: EmptyPageProps) {
  return (
    <EmptyState mt="xl" size="lg" variant="light" icon={icon} data-testid="empty-state">
      <EmptyState.Title order={pageTitle ? 1 : undefined}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      {children}
    </EmptyState>
  );
}
