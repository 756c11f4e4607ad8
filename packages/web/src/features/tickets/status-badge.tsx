import { Badge } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { TicketPriority, TicketStatus } from '@portal/contract';
import { PRIORITY_COLORS, STATUS_COLORS } from './format';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      data-testid="ticket-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  const label = t(`tickets.priority.${priority}`);
  return (
    <Badge
      color={PRIORITY_COLORS[priority]}
      variant="outline"
      title={t('tickets.priorityLabel', { priority: label })}
      data-testid="ticket-priority"
      data-priority={priority}
    >
      {label}
    </Badge>
  );
}
