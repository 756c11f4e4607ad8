import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConsoleModal } from '../console-modal';

/** "Are you sure?" before a write that is hard to undo: the message, Cancel and Confirm. */
export function ConfirmModal({
  opened,
  message,
  danger,
  loading,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  message: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <ConsoleModal opened={opened} onClose={onCancel} title={t('nodes.confirm.ok')} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('nodes.confirm.cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          loading={loading}
          onClick={onConfirm}
          data-testid="confirm-ok"
        >
          {t('nodes.confirm.ok')}
        </Button>
      </Group>
    </ConsoleModal>
  );
}
