import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

/**
 * The console's dialog: Mantine's Modal, centred, with its close button named in the reader's language (an
 * unnamed icon button is what axe reports as `button-name`). Every console dialog opens through it.
 */
export function ConsoleModal(props: ModalProps) {
  const { t } = useTranslation('admin');
  return <Modal centered closeButtonProps={{ 'aria-label': t('common.close') }} {...props} />;
}
