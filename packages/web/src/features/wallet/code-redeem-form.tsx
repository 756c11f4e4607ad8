import { Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClipboard } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ERRORS, LIMITS, rechargeCodeSchema } from '@portal/contract';
import { FormErrorAlert } from '../../components/form-error-alert';
import { translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { useRedeemCode } from './api';
import { yuan } from '../../lib/money';

interface Redeemed {
  amount: string;
  balance: string;
  order_no: string;
}

/** The field error of a 40004 answer about the code, if the server sent one. */
function serverFieldError(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const errors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const issue = errors.find(
    (e): e is { field: string; message: string } =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as { message?: unknown }).message === 'string' &&
      String((e as { field?: unknown }).field ?? '').endsWith('code'),
  );
  return issue ? translateValidation(issue.message) : undefined;
}

function RedeemResult({ result, onAgain }: { result: Redeemed; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py="md" data-testid="code-result" maw={520}>
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={32} aria-hidden />
      </ThemeIcon>
      <Title order={3}>{t('wallet.code.successTitle')}</Title>
      <Text fw={600} data-testid="code-result-amount">
        {t('wallet.code.credited', { amount: yuan(result.amount) })}
      </Text>
      <Text data-testid="code-result-balance">
        {t('wallet.code.newBalance', { balance: yuan(result.balance) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('wallet.code.orderNo', { orderNo: result.order_no })}
      </Text>
      <Button variant="light" onClick={onAgain} data-testid="code-again">
        {t('wallet.code.again')}
      </Button>
    </Stack>
  );
}

/** A top-up code: paste or type it, checked locally (RC- prefix, 70 characters) before it is sent. */
export function CodeRedeemForm() {
  const { t } = useTranslation();
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<Redeemed | null>(null);

  const change = (value: string) => {
    setCode(value);
    setFieldError(undefined);
    setFailure(null);
  };

  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText();
      change(text.trim());
    } catch {
      setFieldError(t('wallet.code.pasteFailed'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = rechargeCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFieldError(translateValidation(parsed.error.issues[0]?.message));
      return;
    }
    setFailure(null);
    try {
      const answer = await redeem.mutateAsync({ body: { code: parsed.data } });
      setResult(answer);
      setCode('');
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.VALIDATION.code) {
        const message = serverFieldError(error.data);
        if (message) {
          setFieldError(message);
          return;
        }
      }
      setFailure(isApiError(error) ? error.message : t('wallet.code.failed'));
    }
  };

  if (result) return <RedeemResult result={result} onAgain={() => setResult(null)} />;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('wallet.recharge.tabCode')}>
      <Stack gap="md" maw={620}>
        <FormErrorAlert message={failure} testId="code-error" />
        <TextInput
          label={t('wallet.code.label')}
          description={t('wallet.code.hint')}
          placeholder={t('wallet.code.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={LIMITS.rechargeCodeLength + 20}
          required
          value={code}
          onChange={(event) => change(event.currentTarget.value)}
          error={fieldError}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="code-input"
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconClipboard size={16} aria-hidden />}
            onClick={() => void paste()}
            aria-label={t('wallet.code.pasteLabel')}
            data-testid="code-paste"
          >
            {t('wallet.code.paste')}
          </Button>
          <Button
            type="submit"
            loading={redeem.isPending}
            disabled={!code.trim() || redeem.isPending}
            data-testid="code-redeem"
          >
            {t('wallet.code.redeem')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
