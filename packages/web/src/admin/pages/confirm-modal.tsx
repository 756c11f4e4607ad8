import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('nodes.agentConfig.close') }}
      title={t('nodes.confirm.ok')}
      centered
    >
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
    </Modal>
  );
}
