import { screen } from '@testing-library/react';
import { Outlet, useLocation } from '../../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_FRAME_ID } from '../../console-frame';
import { i18n } from '../../../i18n/i18n';
import { renderRoutes } from '../../../test/render';
import { PageErrorBoundary } from './page-error-boundary';

function Layout() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
}

function Broken(): never {
  throw new Error('render failed');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(CONSOLE_FRAME_ID)?.remove();
});

describe('a page that fails to render', () => {
  it('says so with a reload button and lifts the console frame; another address shows its page again', async () => {
    const frame = document.createElement('div');
    frame.id = CONSOLE_FRAME_ID;
    document.body.append(frame);
    // One boundary under a layout, as in the console: it shows the next address's page again.
    const { router } = renderRoutes(
      [
        {
          element: <Layout />,
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <p>fine page</p> },
          ],
        },
      ],
      '/broken',
    );
    expect((await screen.findByTestId('page-error')).textContent).toContain(
      'This page could not be shown. Reload to try again.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(frame.hasAttribute('data-dismissed')).toBe(true);
    await router.navigate('/fine');
    expect(await screen.findByText('fine page')).toBeTruthy();
    expect(screen.queryByTestId('page-error')).toBeNull();
  });
});
