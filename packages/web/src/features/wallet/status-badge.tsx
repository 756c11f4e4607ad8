import { Badge } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import type { CodeStatus, TopupStatus } from '@portal/contract';
import { CODE_STATUS_COLORS, TOPUP_STATUS_COLORS } from './status';

export function TopupStatusBadge({ status }: { status: TopupStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={TOPUP_STATUS_COLORS[status]} variant="light" data-status={status} style={{ flexShrink: 0 }}>
      {t(`wallet.topupStatus.${status}`)}
    </Badge>
  );
}

export function CodeStatusBadge({ status }: { status: CodeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={CODE_STATUS_COLORS[status]} variant="light" data-status={status} style={{ flexShrink: 0 }}>
      {t(`wallet.codeStatus.${status}`)}
    </Badge>
  );
}
