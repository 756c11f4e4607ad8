import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" mih={200}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
