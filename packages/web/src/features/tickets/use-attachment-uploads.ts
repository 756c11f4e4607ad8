import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ERRORS, LIMITS, TICKETS } from '@portal/contract';
import type { TicketAttachment } from '@portal/contract';
import { isApiError } from '../../lib/api-error';
import { uploadAttachment } from './api';

export interface PickedFile {
  key: string;
  name: string;
  size: number;
  status: 'uploading' | 'done' | 'error';
  attachment?: TicketAttachment;
  error?: string;
}

let counter = 0;

/**
 * The files of one message: each is uploaded as soon as it is picked, after the same checks the server makes on
 * count and size (5 files, 10 MB each); the server's verdict on the content comes back in the user's language.
 */
export function useAttachmentUploads() {
  const { t } = useTranslation();
  const [items, setItems] = useState<PickedFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<PickedFile>) => {
    setItems((previous) => previous.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const room = Math.max(TICKETS.attachmentsPerMessage - items.length, 0);
      setNotice(
        files.length > room
          ? t('tickets.attachments.tooMany', { count: TICKETS.attachmentsPerMessage })
          : null,
      );
      const added: PickedFile[] = [];
      for (const file of files.slice(0, room)) {
        counter += 1;
        const key = `file-${counter}`;
        const base = { key, name: file.name, size: file.size };
        if (file.size > TICKETS.attachmentMaxBytes) {
          added.push({
            ...base,
            status: 'error',
            error: t('tickets.attachments.tooLarge', { size: LIMITS.ticketAttachmentMaxMb }),
          });
          continue;
        }
        if (file.size === 0) {
          added.push({ ...base, status: 'error', error: t(`errors.${ERRORS.TICKET_ATTACHMENT_EMPTY.code}`) });
          continue;
        }
        added.push({ ...base, status: 'uploading' });
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadAttachment(file, controller.signal)
          .then((attachment) => update(key, { status: 'done', attachment }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(key, {
              status: 'error',
              error: isApiError(error) ? error.message : t('tickets.form.failed'),
            });
          })
          .finally(() => controllers.current.delete(key));
      }
      setItems((previous) => [...previous, ...added]);
    },
    [items.length, t, update],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((previous) => previous.filter((item) => item.key !== key));
    setNotice(null);
  }, []);

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setItems([]);
    setNotice(null);
  }, []);

  const ids = items.flatMap((item) => (item.attachment ? [item.attachment.id] : []));
  const busy = items.some((item) => item.status === 'uploading');
  const failed = items.some((item) => item.status === 'error');
  /** Why the message cannot be sent yet, or null. */
  const blocker = busy
    ? t('tickets.attachments.waitUploads')
    : failed
      ? t('tickets.attachments.removeFailed')
      : null;
  return { items, notice, add, remove, reset, ids, busy, blocker };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
