import { Badge } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { NodeStatus } from '@portal/contract';
import { NODE_STATUS_COLORS } from './status';

export function NodeStatusBadge({ status }: { status: NodeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={NODE_STATUS_COLORS[status]}
      variant="light"
      data-status={status}
      data-testid="node-status"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {t(`nodes.status.${status}`)}
    </Badge>
  );
}
