import { Button } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from '../../lib/router';
import { EmptyPage } from '../../components/empty-page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      icon={<IconMapPinOff size={32} aria-hidden />}
      title={t('console.notFoundLead')}
      description={t('console.notFoundDescription')}
    >
      <Button component={Link} to="/" variant="light" mt="md">
        {t('console.backToDashboard')}
      </Button>
    </EmptyPage>
  );
}
