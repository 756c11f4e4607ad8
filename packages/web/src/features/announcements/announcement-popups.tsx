import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../lib/router';
import { STORAGE_KEYS } from '@portal/contract';
import type { Announcement } from '@portal/contract';
import { usePopupCandidates } from './api';
import { AnnouncementDetailModal } from './detail-modal';

/** Popups closed in this browser session (sessionStorage): they do not open again until the next session. */
export function readDismissedPopups(): number[] {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.popupsDismissed) ?? '[]');
    return Array.isArray(raw) ? raw.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

function rememberDismissedPopup(id: number): number[] {
  const ids = [...new Set([...readDismissedPopups(), id])];
  try {
    sessionStorage.setItem(STORAGE_KEYS.popupsDismissed, JSON.stringify(ids));
  } catch {
    // storage unavailable: the popup stays closed for this page's life only
  }
  return ids;
}

/** The popups still to show, in the server's order: popup, unread, not dismissed in this session. */
export function popupQueue(items: readonly Announcement[], dismissed: readonly number[]): Announcement[] {
  return items.filter((a) => a.is_popup && !a.is_read && !dismissed.includes(a.id));
}

/**
 * Popup announcements open by themselves in the console, one at a time in the detail modal: the first unread page
 * (size 10) is checked, and each popup that is closed or marked read makes way for the next. Not shown over an
 * announcement opened by link (/announcements?id=…), and held back while `paused` (the welcome modal is up), so two
 * modals never open on top of each other.
 */
export function AnnouncementPopups({ paused = false }: { paused?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const candidates = usePopupCandidates();
  const [dismissed, setDismissed] = useState<number[]>(readDismissedPopups);
  const queue = popupQueue(candidates.data?.items ?? [], dismissed);
  const current = queue[0];
  const deepLinked = pathname === '/announcements' && new URLSearchParams(search).has('id');
  if (!current || deepLinked || paused) return null;

  const dismiss = (id: number) => setDismissed(rememberDismissedPopup(id));
  return (
    <AnnouncementDetailModal
      key={current.id}
      id={current.id}
      listed={current}
      onClose={() => dismiss(current.id)}
      onRead={dismiss}
      footer={
        queue.length > 1 ? t('announcements.detail.moreImportant', { count: queue.length - 1 }) : undefined
      }
    />
  );
}
