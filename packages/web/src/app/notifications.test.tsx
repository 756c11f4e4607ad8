import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from '../lib/query';
import { notificationsLoaded, notify } from '../lib/notify';

describe('toasts', () => {
  it('load with the first one: what is shown before they are in place appears, in order', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    expect(notificationsLoaded()).toBe(false);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    const id = notify.loading('Saving…');
    notify.success('Saved first');
    notify.update(id, 'success', 'Saved second');
    expect(await screen.findByText('Saved first')).toBeTruthy();
    expect(await screen.findByText('Saved second')).toBeTruthy();
    expect(screen.queryByText('Saving…')).toBeNull();
    expect(notificationsLoaded()).toBe(true);
  });
});
