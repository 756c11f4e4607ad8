import { Button, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPage } from '../../components/empty-page';

export default function AuthCallbackPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('public.authCallback.title')}</Title>
      <EmptyPage
        icon={<IconPlugConnected size={32} aria-hidden />}
        title={t('public.authCallback.title')}
        description={t('public.authCallback.description')}
      >
        <Button component={Link} to="/" variant="light" mt="md">
          {t('common.backHome')}
        </Button>
      </EmptyPage>
    </>
  );
}
