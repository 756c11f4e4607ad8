/** The one toast helper (product rules §9): success 2 s, error and info 4 s, loading until updated or hidden. */
import { notifications } from '@mantine/notifications';
import { TOAST } from '@portal/contract';

let counter = 0;
function nextId(): string {
  counter += 1;
  return `toast-${counter}`;
}

export const notify = {
  success(message: string, title?: string): string {
    const id = nextId();
    notifications.show({ id, message, title, color: 'teal', autoClose: TOAST.successMs });
    return id;
  },
  error(message: string, title?: string): string {
    const id = nextId();
    notifications.show({ id, message, title, color: 'red', autoClose: TOAST.errorMs });
    return id;
  },
  info(message: string, title?: string): string {
    const id = nextId();
    notifications.show({ id, message, title, color: 'blue', autoClose: TOAST.otherMs });
    return id;
  },
  /** Stays until `update` or `hide` is called with the returned id. */
  loading(message: string, title?: string): string {
    const id = nextId();
    notifications.show({ id, message, title, loading: true, autoClose: false, withCloseButton: false });
    return id;
  },
  update(id: string, kind: 'success' | 'error' | 'info', message: string): void {
    const color = kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'blue';
    const autoClose = kind === 'success' ? TOAST.successMs : kind === 'error' ? TOAST.errorMs : TOAST.otherMs;
    notifications.update({ id, message, color, loading: false, autoClose, withCloseButton: true });
  },
  hide(id: string): void {
    notifications.hide(id);
  },
};
