import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" mih={200}>
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
