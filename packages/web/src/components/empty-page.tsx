import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyPageProps {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}

/** The state of a page whose content arrives with a later feature: icon, title, one line on what appears here. */
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
