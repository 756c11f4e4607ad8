import { Button, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPage } from '../../components/empty-page';

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('public.verifyEmail.title')}</Title>
      <EmptyPage
        icon={<IconMailCheck size={32} aria-hidden />}
        title={t('public.verifyEmail.title')}
        description={t('public.verifyEmail.description')}
      >
        <Button component={Link} to="/" variant="light" mt="md">
          {t('common.backHome')}
        </Button>
      </EmptyPage>
    </>
  );
}
