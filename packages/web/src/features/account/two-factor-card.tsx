import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../lib/router';
import { FormErrorAlert } from '../../components/form-error-alert';
import { currentLocale } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format-date';
import { safeNextPath } from '../../lib/next-path';
import { notify } from '../../lib/notify';
import {
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorRecoveryCodes,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from './api';

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: string; uri: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'confirm'; action: 'disable' | 'regenerate' };

/** The key as authenticator apps show it: groups of four. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Two-factor sign-in on /security: status; enabling (QR code and the key to type, then a current code, then the
 * recovery codes, shown this once with copy and download); turning it off and new recovery codes, each with the
 * password and a current code. With `?next=` (the operators' console sends staff here) a link leads back once on.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const next = safeNextPath(useLocation().search);
  const enabled = status.data?.enabled ?? false;

  const fail = (error: unknown) => setFailure(isApiError(error) ? error.message : t('security.tf.failed'));

  const start = () => {
    setFailure(null);
    setup.mutate(
      {},
      {
        onSuccess: (data) => setStep({ kind: 'setup', secret: data.secret, uri: data.otpauth_uri }),
        onError: fail,
      },
    );
  };

  return (
    <Card withBorder padding="lg" radius="md" data-testid="two-factor-card">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {t('security.twoFactor')}
          </Title>
          {status.data && (
            <Badge variant="light" color={enabled ? 'teal' : 'gray'} data-testid="two-factor-status">
              {enabled ? t('security.tf.on') : t('security.tf.off')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('security.twoFactorText')}
        </Text>
        {status.isPending && <Skeleton h={36} />}
        {status.isError && (
          <Alert color="red" role="alert">
            {status.error.message}
          </Alert>
        )}
        <FormErrorAlert message={failure} testId="two-factor-failure" />

        {step.kind === 'codes' ? (
          <RecoveryCodes
            codes={step.codes}
            next={next}
            onDone={() => {
              setStep({ kind: 'idle' });
              setFailure(null);
            }}
          />
        ) : step.kind === 'setup' ? (
          <Enrolment
            secret={step.secret}
            uri={step.uri}
            onEnabled={(codes) => {
              setFailure(null);
              notify.success(t('security.tf.enabled'));
              setStep({ kind: 'codes', codes });
            }}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        ) : step.kind === 'confirm' ? (
          <PasswordAndCode
            action={step.action}
            onDone={(codes) => {
              setFailure(null);
              if (codes) setStep({ kind: 'codes', codes });
              else {
                notify.success(t('security.tf.disabled'));
                setStep({ kind: 'idle' });
              }
            }}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        ) : status.data && enabled ? (
          <Stack gap="sm">
            <Text size="sm">
              {t('security.tf.since', {
                date: formatDateTime(status.data.enabled_at, currentLocale()),
                count: status.data.recovery_codes_left,
              })}
            </Text>
            {status.data.recovery_codes_left <= 3 && (
              <Alert color="yellow">{t('security.tf.fewCodes')}</Alert>
            )}
            {next && (
              <Button component="a" href={next} data-testid="two-factor-next">
                {t('security.tf.continue')}
              </Button>
            )}
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => setStep({ kind: 'confirm', action: 'regenerate' })}
                data-testid="two-factor-regenerate"
              >
                {t('security.tf.regenerate')}
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={() => setStep({ kind: 'confirm', action: 'disable' })}
                data-testid="two-factor-disable"
              >
                {t('security.tf.disable')}
              </Button>
            </Group>
          </Stack>
        ) : status.data ? (
          <Button
            onClick={start}
            loading={setup.isPending}
            style={{ alignSelf: 'flex-start' }}
            data-testid="two-factor-enable"
          >
            {t('security.twoFactorEnable')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

function Enrolment({
  secret,
  uri,
  onEnabled,
  onCancel,
}: {
  secret: string;
  uri: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useTwoFactorEnable();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ready = /^\d{6}$/.test(code.replace(/\s/g, ''));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setFailure(null);
    enable.mutate(
      { body: { code } },
      {
        onSuccess: (data) => onEnabled(data.recovery_codes),
        onError: (error) => {
          setFailure(isApiError(error) ? error.message : t('security.tf.failed'));
          setCode('');
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('security.tf.setupTitle')}
      data-testid="two-factor-setup"
    >
      <Stack gap="sm">
        <Text size="sm">{t('security.tf.scan')}</Text>
        <Center>
          <Paper withBorder p="sm" bg="white" radius="md">
            <QRCodeSVG
              value={uri}
              size={184}
              marginSize={1}
              role="img"
              aria-label={t('security.tf.qr')}
              data-testid="two-factor-qr"
            />
          </Paper>
        </Center>
        <Text size="sm">{t('security.tf.manual')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code
            data-testid="two-factor-secret"
            data-secret={secret}
            style={{ wordBreak: 'break-all', flex: 1, fontSize: 'var(--mantine-font-size-sm)' }}
          >
            {grouped(secret)}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <FormErrorAlert message={failure} testId="two-factor-setup-error" />
        <TextInput
          label={t('security.tf.codeLabel')}
          description={t('security.tf.codeHint')}
          placeholder="123456"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-testid="two-factor-setup-code"
        />
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending} disabled={!ready} data-testid="two-factor-confirm">
            {t('security.tf.confirm')}
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({
  codes,
  next,
  onDone,
}: {
  codes: string[];
  next: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Stack gap="sm" data-testid="two-factor-codes">
      <Alert color="yellow" title={t('security.tf.codesTitle')}>
        {t('security.tf.codesText')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs">
        {codes.map((code) => (
          <Code key={code} ta="center" fz="sm" data-testid="two-factor-recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('common.copied') : t('security.tf.copyAll')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {t('security.tf.download')}
        </Button>
        <Button onClick={onDone} data-testid="two-factor-codes-done">
          {t('security.tf.saved')}
        </Button>
      </Group>
      {next && (
        <Anchor href={next} size="sm" data-testid="two-factor-next">
          {t('security.tf.continue')}
        </Anchor>
      )}
    </Stack>
  );
}

function PasswordAndCode({
  action,
  onDone,
  onCancel,
}: {
  action: 'disable' | 'regenerate';
  onDone: (codes: string[] | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const disable = useTwoFactorDisable();
  const regenerate = useTwoFactorRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const pending = disable.isPending || regenerate.isPending;
  const ready = password.length > 0 && code.replace(/[\s-]/g, '').length >= 6;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setFailure(null);
    const onError = (error: unknown) => {
      setFailure(isApiError(error) ? error.message : t('security.tf.failed'));
      setCode('');
    };
    if (action === 'disable')
      disable.mutate({ body: { password, code } }, { onSuccess: () => onDone(null), onError });
    else
      regenerate.mutate(
        { body: { password, code } },
        { onSuccess: (data) => onDone(data.recovery_codes), onError },
      );
  };

  const title = action === 'disable' ? t('security.tf.disable') : t('security.tf.regenerate');
  return (
    <form onSubmit={submit} noValidate aria-label={title} data-testid="two-factor-confirm-form">
      <Stack gap="sm">
        <Text size="sm">
          {action === 'disable' ? t('security.tf.disableText') : t('security.tf.regenerateText')}
        </Text>
        <FormErrorAlert message={failure} testId="two-factor-confirm-error" />
        <PasswordInput
          label={t('security.oldPassword')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-testid="two-factor-password"
        />
        <TextInput
          label={t('security.tf.codeOrRecovery')}
          autoComplete="one-time-code"
          maxLength={32}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-testid="two-factor-confirm-code"
        />
        <Group gap="sm">
          <Button
            type="submit"
            color={action === 'disable' ? 'red' : undefined}
            loading={pending}
            disabled={!ready}
            data-testid="two-factor-confirm-submit"
          >
            {title}
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
