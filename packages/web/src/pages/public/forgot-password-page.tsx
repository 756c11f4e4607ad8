import { Button, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPage } from '../../components/empty-page';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('public.forgotPassword.title')}</Title>
      <EmptyPage
        icon={<IconKey size={32} aria-hidden />}
        title={t('public.forgotPassword.title')}
        description={t('public.forgotPassword.description')}
      >
        <Button component={Link} to="/" variant="light" mt="md">
          {t('common.backHome')}
        </Button>
      </EmptyPage>
    </>
  );
}
