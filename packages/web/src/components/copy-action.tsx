import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';

interface CopyActionProps {
  value: string;
  /** What is copied, for the accessible name ("复制收款地址"). */
  label: string;
  testId?: string;
}

/** A small copy button with a tooltip that says "copied" for 1.5 s. */
export function CopyAction({ value, label, testId }: CopyActionProps) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('common.copyLabel', { label })}
            data-testid={testId}
            data-copied={copied ? 'true' : undefined}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
