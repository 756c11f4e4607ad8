import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LOCALES } from '@portal/contract';
import type { Locale } from '@portal/contract';
import { userAdminApi } from '@portal/contract/admin';
import { translateValidation } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/confirm';
import { notify } from '../../lib/notify';
import { usePhone } from '../../lib/use-phone';
import { ConsoleModal } from '../console-modal';
import { useBulkDisable, useMailSegment, useSegmentPreview } from '../api';
import type { SegmentQuery } from '../api';
import { isoOf } from '../local-time';

/** Disable the selected accounts, with a reason; says how many, and afterwards which were skipped and why. */
export function BulkDisableModal({
  ids,
  onClose,
  onDone,
}: {
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const phone = usePhone();
  const disable = useBulkDisable();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userAdminApi.bulkDisableBody.safeParse({ ids, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    disable.mutate(
      { body: parsed.data },
      {
        onSuccess: (result) => {
          notify.success(
            t('users.bulk.done', { count: result.disabled.length }) +
              (result.skipped.length > 0
                ? ` ${t('users.bulk.skipped', { count: result.skipped.length })}`
                : ''),
          );
          onDone();
        },
      },
    );
  };
  return (
    <ConsoleModal
      opened
      onClose={onClose}
      title={t('users.bulk.title', { count: ids.length })}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate data-testid="bulk-disable-form">
        <Stack gap="sm">
          <Text size="sm">{t('users.bulk.message', { count: ids.length })}</Text>
          <Textarea
            label={t('users.bulk.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(undefined);
            }}
            error={translateValidation(error)}
            maxLength={500}
            autosize
            minRows={2}
            required
            data-testid="bulk-disable-reason"
          />
          {disable.error && !(isApiError(disable.error) && disable.error.code === 40004) && (
            <Alert color="red" role="alert">
              {disable.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending} data-testid="bulk-disable-submit">
              {t('users.bulk.confirm', { count: ids.length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </ConsoleModal>
  );
}

type Choice = 'yes' | 'no' | 'any';
type Texts = Record<Locale, { subject: string; body: string }>;

const EMPTY_TEXTS: Texts = {
  zh_CN: { subject: '', body: '' },
  zh_TW: { subject: '', body: '' },
  en: { subject: '', body: '' },
};

/**
 * Mail a segment of customers: the users list's filters (verified and active customers unless chosen otherwise),
 * the count it reaches now, a subject and plain text per language (empty languages get the default one's), and
 * a confirmation naming the count before it is sent.
 */
/** `onQueued`: after the mailing is planned (the users page then shows the mailings with its progress). */
export function SegmentMailModal({ onClose, onQueued }: { onClose: () => void; onQueued?: () => void }) {
  const { t } = useTranslation('admin');
  const phone = usePhone();
  const send = useMailSegment();
  const [segment, setSegment] = useState({
    verified: 'yes' as Choice,
    disabled: 'no' as Choice,
    subscribed: 'any' as Choice,
    with_balance: 'any' as Choice,
    from: '',
    to: '',
  });
  const [language, setLanguage] = useState<Locale>('zh_CN');
  const [texts, setTexts] = useState<Texts>(EMPTY_TEXTS);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const query: SegmentQuery = {
    verified: segment.verified,
    disabled: segment.disabled,
    subscribed: segment.subscribed,
    with_balance: segment.with_balance,
    registered_from: isoOf(segment.from),
    registered_to: isoOf(segment.to),
  };
  const preview = useSegmentPreview(query, true);
  const recipients = preview.data?.recipients;

  const choice = (key: 'verified' | 'disabled' | 'subscribed' | 'with_balance', label: string) => (
    <NativeSelect
      label={label}
      data={[
        { value: 'yes', label: t('users.yes') },
        { value: 'no', label: t('users.no') },
        { value: 'any', label: t('users.any') },
      ]}
      value={segment[key]}
      onChange={(e) => setSegment({ ...segment, [key]: e.currentTarget.value as Choice })}
      data-testid={`segment-${key}`}
    />
  );
  const setText = (field: 'subject' | 'body', value: string) => {
    setTexts({ ...texts, [language]: { ...texts[language], [field]: value } });
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const given = Object.fromEntries(
      LOCALES.filter((l) => texts[l].subject.trim() !== '' || texts[l].body.trim() !== '').map((l) => [
        l,
        texts[l],
      ]),
    );
    const parsed = userAdminApi.mailSegmentBody.safeParse({ segment: query, texts: given });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, locale, field] = issue.path.map(String);
        next[locale && field ? `${locale}.${field}` : 'texts'] ??= issue.message;
        if (locale && LOCALES.includes(locale as Locale)) setLanguage(locale as Locale);
      }
      setErrors(next);
      return;
    }
    confirmAction({
      title: t('users.mail.confirmTitle'),
      message: t('users.mail.confirmMessage', { count: recipients ?? 0 }),
      confirmLabel: t('users.mail.send'),
      danger: false,
      onConfirm: () =>
        send.mutate(
          { body: parsed.data },
          {
            onSuccess: (done) => {
              notify.success(t('users.mail.queued', { count: done.recipients }));
              (onQueued ?? onClose)();
            },
          },
        ),
    });
  };

  const fieldError = (field: 'subject' | 'body') => translateValidation(errors[`${language}.${field}`]);
  return (
    <ConsoleModal opened onClose={onClose} title={t('users.mail.title')} fullScreen={phone} size="lg">
      <form onSubmit={submit} noValidate data-testid="segment-mail-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('users.mail.intro')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {choice('verified', t('users.verified'))}
            {choice('disabled', t('users.disabled'))}
            {choice('subscribed', t('users.subscribed'))}
            {choice('with_balance', t('users.withBalance'))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={t('users.registeredFrom')}
              value={segment.from}
              onChange={(e) => setSegment({ ...segment, from: e.currentTarget.value })}
            />
            <TextInput
              type="datetime-local"
              label={t('users.registeredTo')}
              value={segment.to}
              onChange={(e) => setSegment({ ...segment, to: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Alert
            color={recipients === 0 ? 'yellow' : 'blue'}
            variant="light"
            role="status"
            data-testid="segment-count"
          >
            {preview.isError
              ? preview.error.message
              : recipients === undefined
                ? t('users.mail.counting')
                : t('users.mail.count', { count: recipients })}
          </Alert>
          <SegmentedControl
            value={language}
            onChange={(value) => setLanguage(value as Locale)}
            data={LOCALES.map((l) => ({ value: l, label: t(`users.mail.languages.${l}`) }))}
            aria-label={t('users.mail.language')}
            fullWidth={phone}
          />
          <Text size="xs" c="dimmed">
            {t('users.mail.languageHint')}
          </Text>
          <TextInput
            label={t('users.mail.subject')}
            value={texts[language].subject}
            onChange={(e) => setText('subject', e.currentTarget.value)}
            error={fieldError('subject')}
            maxLength={userAdminApi.MAIL_SUBJECT_MAX}
            data-testid="segment-subject"
          />
          <Textarea
            label={t('users.mail.body')}
            description={t('users.mail.bodyHint')}
            value={texts[language].body}
            onChange={(e) => setText('body', e.currentTarget.value)}
            error={fieldError('body')}
            maxLength={userAdminApi.MAIL_BODY_MAX}
            autosize
            minRows={6}
            maxRows={14}
            data-testid="segment-body"
          />
          {errors.texts && (
            <Alert color="red" role="alert">
              {t('users.mail.textRequired')}
            </Alert>
          )}
          {send.error && !(isApiError(send.error) && send.error.code === 40004) && (
            <Alert color="red" role="alert">
              {send.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button
              type="submit"
              loading={send.isPending}
              disabled={recipients === 0}
              data-testid="segment-send"
            >
              {t('users.mail.sendTo', { count: recipients ?? 0 })}
            </Button>
          </Group>
        </Stack>
      </form>
    </ConsoleModal>
  );
}
