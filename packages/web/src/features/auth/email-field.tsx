import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';

/** The email input of the login, register and forgot-password forms; pass `{...form.bind('email')}`. */
export function EmailField(props: TextInputProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      placeholder={t('auth.emailPlaceholder')}
      type="email"
      autoComplete="email"
      required
      {...props}
    />
  );
}
