import { modals } from '@mantine/modals';
import { i18n } from '../i18n/i18n';

interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  /** Red confirm button for actions that end something (revoke, unbind). */
  danger?: boolean;
  onConfirm: () => void;
}

/** The one confirmation dialog: named by its title, OK button `confirm-ok`, Cancel closes. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  danger = true,
  onConfirm,
}: ConfirmOptions): void {
  modals.openConfirmModal({
    title,
    centered: true,
    children: message,
    labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
    confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-ok' },
    cancelProps: { 'data-testid': 'confirm-cancel' },
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    onConfirm,
  });
}
