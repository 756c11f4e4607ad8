import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  createMemoryRouter,
  Link,
  matchRoutes,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';
import type { RouteObject } from './router';

const at = (name: string) => <div data-testid="at">{name}</div>;

function Params() {
  const params = useParams();
  return <div data-testid="at">{JSON.stringify(params)}</div>;
}

const ROUTES: RouteObject[] = [
  {
    element: (
      <main data-testid="public">
        <Outlet />
      </main>
    ),
    children: [{ path: '/login', element: at('login') }],
  },
  {
    path: '/',
    element: (
      <section data-testid="console">
        <Outlet />
      </section>
    ),
    // The least specific first: the ranking, not the order, decides.
    children: [
      { path: '*', element: at('not found') },
      { path: 'support/:ticketId', element: <Params /> },
      { path: 'support/new', element: at('new ticket') },
      { path: 'support', element: at('support') },
      { index: true, element: at('dashboard') },
    ],
  },
];

const names = (path: string) =>
  matchRoutes(ROUTES, path)?.routes.map((route) => route.path ?? (route.index ? 'index' : 'layout'));

describe('matchRoutes', () => {
  it('ranks a static segment over a parameter over the catch-all, whatever the order', () => {
    expect(names('/support/new')).toEqual(['/', 'support/new']);
    expect(names('/support/12')).toEqual(['/', 'support/:ticketId']);
    expect(names('/support')).toEqual(['/', 'support']);
    expect(names('/nowhere/at/all')).toEqual(['/', '*']);
    expect(matchRoutes(ROUTES, '/nowhere/at/all')?.params).toEqual({ '*': 'nowhere/at/all' });
  });

  it("takes the index route for its parent's path, and a layout without a path only through its children", () => {
    expect(names('/')).toEqual(['/', 'index']);
    expect(names('/login')).toEqual(['layout', '/login']);
  });

  it('matches without regard to case or a trailing slash, and decodes parameters', () => {
    expect(names('/Support/')).toEqual(['/', 'support']);
    expect(matchRoutes(ROUTES, '/support/a%20b')?.params).toEqual({ ticketId: 'a b' });
  });

  it('matches nothing when no route takes the path', () => {
    expect(matchRoutes([{ path: '/a', element: null }], '/b')).toBeNull();
  });
});

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {location.pathname + location.search}|{JSON.stringify(location.state)}
    </output>
  );
}

function App({ routes = ROUTES }: { routes?: RouteObject[] }) {
  return (
    <>
      {useRoutes(routes)}
      <Where />
      <Link to="/support/7" state={{ from: 'list' }}>
        ticket
      </Link>
    </>
  );
}

describe('the router', () => {
  it('draws the nested routes and follows a plain click on a link, with its state', async () => {
    const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: ['/support'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('at').textContent).toBe('support');
    expect(screen.getByTestId('console')).toBeTruthy();

    const link = screen.getByRole('link', { name: 'ticket' });
    expect(link.getAttribute('href')).toBe('/support/7');
    fireEvent.click(link);
    expect(screen.getByTestId('at').textContent).toBe('{"ticketId":"7"}');
    expect(screen.getByTestId('where').textContent).toBe('/support/7|{"from":"list"}');

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/support');
    expect(screen.getByTestId('at').textContent).toBe('support');
  });

  it('leaves a click with a modifier key, or another button, to the browser', () => {
    const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'ticket' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // fireEvent returns false when the default was prevented.
      expect(fireEvent.click(link, init)).toBe(true);
    }
    expect(router.state.location.pathname).toBe('/');
  });

  it('sets the query in place of the current entry or as a new one, from the current parameters', async () => {
    function Filters() {
      const [params, setParams] = useSearchParams();
      const nextPage = () =>
        setParams(
          (current) => {
            current.set('page', '2');
            return current;
          },
          { replace: true },
        );
      return (
        <>
          <div data-testid="at">{params.toString()}</div>
          <button onClick={nextPage}>page 2</button>
          <button onClick={() => setParams({})}>clear</button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/nodes', element: <Filters /> }], {
      initialEntries: ['/nodes?region=asia'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'page 2' }));
    expect(screen.getByTestId('at').textContent).toBe('region=asia&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/nodes');
    // The first setting replaced the entry it started on: one step back is that entry again.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?region=asia&page=2');
  });

  it('redirects as a route is drawn', () => {
    const router = createMemoryRouter(
      [
        { path: '/old', element: <Navigate to="/new" replace /> },
        { path: '/new', element: at('new') },
      ],
      { initialEntries: ['/old'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('at').textContent).toBe('new');
    expect(router.state.location.pathname).toBe('/new');
  });
});

describe('the browser router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('works under its basename: locations without it, links and history entries with it, back and forward', () => {
    window.history.replaceState(null, '', '/panel/users?page=2');
    render(
      <BrowserRouter basename="/panel">
        <App
          routes={[
            { path: '/users', element: at('users') },
            { path: '/support/:ticketId', element: <Params /> },
          ]}
        />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('where').textContent).toBe('/users?page=2|null');
    const link = screen.getByRole('link', { name: 'ticket' });
    expect(link.getAttribute('href')).toBe('/panel/support/7');

    act(() => {
      fireEvent.click(link);
    });
    expect(window.location.pathname).toBe('/panel/support/7');
    expect(screen.getByTestId('where').textContent).toBe('/support/7|{"from":"list"}');

    // Back, as the browser does it: the URL and the entry's state, then popstate.
    act(() => {
      window.history.replaceState(null, '', '/panel/users?page=2');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('at').textContent).toBe('users');
  });
});
