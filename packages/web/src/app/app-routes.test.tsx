import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { AppRoutes, navigateOutside } from './app-routes';

const ROUTES = [
  { path: '/', element: <p>home</p> },
  { path: '/login', element: <p>sign in</p> },
];

describe('navigation from outside React', () => {
  it('happens as the routes mount when it was asked before (a call answered first), then at once', async () => {
    // The API client signs a stale session out before the first render.
    navigateOutside('/login');
    const view = render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes routes={ROUTES} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('sign in')).toBeTruthy();
    act(() => navigateOutside('/'));
    expect(await screen.findByText('home')).toBeTruthy();
    view.unmount();
  });
});
