/**
 * The one toast helper (product rules §9): success 2 s, error and info 4 s, loading until updated or hidden.
 * Mantine's notifications load with the first toast, not with every page: the calls made before they are in place
 * wait in order, and `NotificationsHost` (app/providers.tsx) mounts the container once they are.
 */
import type { notifications as NotificationsApi } from '@mantine/notifications';
import { TOAST } from '@portal/contract';
import { i18n } from '../i18n/i18n';

type Api = typeof NotificationsApi;

let api: Api | null = null;
let loading: Promise<Api> | null = null;
const waiting: ((api: Api) => void)[] = [];
const loadedListeners = new Set<() => void>();

/** Loads the notifications (once) and runs what waited for them. */
export function loadNotifications(): Promise<Api> {
  loading ??= import('@mantine/notifications').then((m) => {
    api = m.notifications;
    for (const listener of loadedListeners) listener();
    for (const op of waiting.splice(0)) op(m.notifications);
    return m.notifications;
  });
  return loading;
}

/** Whether the notifications are loaded, and a way to hear when they are (the host mounts their container then). */
export function notificationsLoaded(): boolean {
  return api !== null;
}
export function onNotificationsLoaded(listener: () => void): () => void {
  loadedListeners.add(listener);
  return () => {
    loadedListeners.delete(listener);
  };
}

function run(op: (api: Api) => void): void {
  if (api) op(api);
  else {
    waiting.push(op);
    void loadNotifications();
  }
}

/** The toast's close button, named in the language in use (Mantine's has no accessible name of its own). */
const closeButton = () => ({ closeButtonProps: { 'aria-label': i18n.t('common.close') } });

let counter = 0;
function nextId(): string {
  counter += 1;
  return `toast-${counter}`;
}

export const notify = {
  success(message: string, title?: string): string {
    const id = nextId();
    run((n) => n.show({ id, message, title, color: 'teal', autoClose: TOAST.successMs, ...closeButton() }));
    return id;
  },
  error(message: string, title?: string): string {
    const id = nextId();
    run((n) => n.show({ id, message, title, color: 'red', autoClose: TOAST.errorMs, ...closeButton() }));
    return id;
  },
  info(message: string, title?: string): string {
    const id = nextId();
    run((n) => n.show({ id, message, title, color: 'blue', autoClose: TOAST.otherMs, ...closeButton() }));
    return id;
  },
  /** Stays until `update` or `hide` is called with the returned id. */
  loading(message: string, title?: string): string {
    const id = nextId();
    run((n) => n.show({ id, message, title, loading: true, autoClose: false, withCloseButton: false }));
    return id;
  },
  update(id: string, kind: 'success' | 'error' | 'info', message: string): void {
    const color = kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'blue';
    const autoClose = kind === 'success' ? TOAST.successMs : kind === 'error' ? TOAST.errorMs : TOAST.otherMs;
    run((n) =>
      n.update({ id, message, color, loading: false, autoClose, withCloseButton: true, ...closeButton() }),
    );
  },
  hide(id: string): void {
    run((n) => n.hide(id));
  },
};
