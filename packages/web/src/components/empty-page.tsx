import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyPageProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}

/** A page (or list) with nothing to show: icon, title, one line on why or what to do, and actions as children. */
export function EmptyPage({ icon, title, description, children }: EmptyPageProps) {
  return (
    <EmptyState
      mt="xl"
      size="lg"
      variant="light"
      icon={icon}
      title={title}
      description={description}
      data-testid="empty-state"
    >
      {children}
    </EmptyState>
  );
}
