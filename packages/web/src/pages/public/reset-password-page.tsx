import { Button, Title } from '@mantine/core';
import { IconLockPassword } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPage } from '../../components/empty-page';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('public.resetPassword.title')}</Title>
      <EmptyPage
        icon={<IconLockPassword size={32} aria-hidden />}
        title={t('public.resetPassword.title')}
        description={t('public.resetPassword.description')}
      >
        <Button component={Link} to="/" variant="light" mt="md">
          {t('common.backHome')}
        </Button>
      </EmptyPage>
    </>
  );
}
