/**
 * The app's router: the browser's history (or one in memory, for the prerender and the tests), routes matched by
 * path with nested layouts, links, redirects and the URL's parameters. It does what the two apps ask of a router, in
 * about 2 KiB (React Router's declarative router came to some 12 KiB gzipped on every page):
 * - paths are absolute or relative to their parent, with `:name` segments and a final `*`; matched without regard to
 *   case or a trailing slash, the most specific route first (a static segment over a `:name`, both over `*`), as
 *   React Router ranks them;
 * - a navigation renders as a transition in the browser (the page shown stays until the next one is ready), and at
 *   once in memory;
 * - a link is an `<a href>`: a plain click navigates in the app; one with a modifier key, or another target, is the
 *   browser's.
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';

/** Where the app is: the path (under the basename), the query, the fragment and the state a navigation left. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** One per history entry. */
  key: string;
}

/** A route: a path (or `index`, its parent's own path), what it draws, and the routes drawn in its `<Outlet />`. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface NavigateOptions {
  /** In place of the current history entry. */
  replace?: boolean;
  /** Carried with the entry (`useLocation().state`), as far as back and forward. */
  state?: unknown;
}

/** A start of a memory history: a URL, or a location with its state. */
export type InitialEntry = string | Partial<Omit<Location, 'key'>>;

type Listener = (location: Location) => void;

/** A history the router follows: the browser's, or one in memory. */
export interface History {
  readonly location: Location;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  listen(listener: Listener): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `/a/b?x=1#y` in its parts. */
export function parsePath(to: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const rest = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  const search = searchAt < 0 ? '' : rest.slice(searchAt);
  const pathname = searchAt < 0 ? rest : rest.slice(0, searchAt);
  return { pathname: pathname || '/', search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

export function createPath({
  pathname,
  search,
  hash,
}: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return pathname + search + hash;
}

/** The path under `basename`, or null when the URL is not under it. */
function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/' || basename === '') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const rest = pathname.slice(basename.length);
  if (rest !== '' && !rest.startsWith('/')) return null;
  return rest || '/';
}

/** The URL of an app path under `basename` (the basename alone for `/`). */
export function withBasename(to: string, basename: string): string {
  if (basename === '/' || basename === '') return to;
  const base = basename.replace(/\/+$/, '');
  return to === '/' ? base : to.startsWith('/') ? base + to : `${base}/${to}`;
}

/** The browser's history, under `basename`. */
export function createBrowserHistory(basename = '/'): History {
  const listeners = new Set<Listener>();
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    return {
      pathname: stripBasename(pathname, basename) ?? pathname,
      search,
      hash,
      state: entry?.usr ?? null,
      key: entry?.key ?? 'default',
    };
  };
  let location = read();
  const notify = () => {
    location = read();
    for (const listener of listeners) listener(location);
  };
  window.addEventListener('popstate', notify);
  const write = (method: 'pushState' | 'replaceState', to: string, state: unknown) => {
    window.history[method]({ usr: state ?? null, key: newKey() }, '', withBasename(to, basename));
    notify();
  };
  return {
    get location() {
      return location;
    },
    push: (to, state) => write('pushState', to, state),
    replace: (to, state) => write('replaceState', to, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history in memory (the prerender, the tests). */
export function createMemoryHistory(initialEntries: InitialEntry[] = ['/']): History {
  const toLocation = (entry: InitialEntry, state?: unknown): Location =>
    typeof entry === 'string'
      ? { ...parsePath(entry), state: state ?? null, key: newKey() }
      : {
          pathname: entry.pathname ?? '/',
          search: entry.search ?? '',
          hash: entry.hash ?? '',
          state: entry.state ?? null,
          key: newKey(),
        };
  const entries = (initialEntries.length ? initialEntries : ['/']).map((entry) => toLocation(entry));
  let index = entries.length - 1;
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener(entries[index]!);
  };
  return {
    get location() {
      return entries[index]!;
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, toLocation(to, state));
      index += 1;
      notify();
    },
    replace(to, state) {
      entries[index] = toLocation(to, state);
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
  basename: string;
}

const RouterContext = createContext<RouterState | null>(null);

interface RouteState {
  outlet: ReactNode;
  params: Readonly<Record<string, string>>;
}

const RouteContext = createContext<RouteState>({ outlet: null, params: {} });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a route hook outside the router');
  return router;
}

/**
 * The router over a history: it follows the history's location (as a transition with `transitions`) and gives
 * the hooks below where the app is and how to move it.
 */
export function Router({
  history,
  basename = '/',
  transitions = false,
  children,
}: {
  history: History;
  basename?: string;
  transitions?: boolean;
  children?: ReactNode;
}) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    return history.listen((next) => {
      if (transitions) startTransition(() => setLocation(next));
      else setLocation(next);
    });
  }, [history, transitions]);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      // The same place again replaces its entry (a link to the page shown adds no step to go back through).
      const same = createPath(parsePath(to)) === createPath(history.location);
      if (options.replace ?? same) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    [history],
  );
  const value = useMemo(() => ({ location, navigate, basename }), [location, navigate, basename]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router over the browser's history, under `basename`; navigations render as transitions. */
export function BrowserRouter({ basename = '/', children }: { basename?: string; children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory(basename));
  return (
    <Router history={history} basename={basename} transitions>
      {children}
    </Router>
  );
}

/** The router over a history in memory, starting at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: InitialEntry[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/** For the tests: routes over a memory history, with where they are and how to move them from outside React. */
export interface MemoryRouterHandle {
  readonly routes: RouteObject[];
  readonly history: History;
  readonly state: { location: Location };
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
}

export function createMemoryRouter(
  routes: RouteObject[],
  { initialEntries }: { initialEntries?: InitialEntry[] } = {},
): MemoryRouterHandle {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
      return Promise.resolve();
    },
  };
}

/** Draws a memory router's routes (createMemoryRouter). */
export function RouterProvider({ router }: { router: MemoryRouterHandle }) {
  return (
    <Router history={router.history}>
      <Routes routes={router.routes} />
    </Router>
  );
}

interface Branch {
  /** Segments of the whole path (`['support', ':ticketId']`). */
  segments: string[];
  /** The routes from the outermost to the one matched. */
  routes: RouteObject[];
  score: number;
}

const joinSegments = (parent: string[], path: string | undefined): string[] => {
  if (path === undefined) return parent;
  const own = path.split('/').filter(Boolean);
  return path.startsWith('/') ? own : [...parent, ...own];
};

/** React Router's ranking: static segments over `:name` over `*`, an index route over its parent's. */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return score;
}

function branchesOf(routes: RouteObject[], parent: string[] = [], chain: RouteObject[] = []): Branch[] {
  const branches: Branch[] = [];
  for (const route of routes) {
    const segments = joinSegments(parent, route.path);
    const routesHere = [...chain, route];
    if (route.children?.length) branches.push(...branchesOf(route.children, segments, routesHere));
    // A layout without a path matches only through its children.
    if (route.path !== undefined || route.index)
      branches.push({ segments, routes: routesHere, score: scoreOf(segments, route.index === true) });
  }
  return branches;
}

/** The routes a path draws and its parameters, or null when none matches. */
export function matchRoutes(
  routes: RouteObject[],
  pathname: string,
): { routes: RouteObject[]; params: Record<string, string> } | null {
  const parts = pathname.split('/').filter(Boolean);
  const branches = branchesOf(routes)
    .map((branch, order) => ({ branch, order }))
    .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order);
  for (const { branch } of branches) {
    const params = matchSegments(branch.segments, parts);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}

function matchSegments(segments: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null;
  }
  return segments.length === parts.length ? params : null;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** What `routes` draw at the current location: the matched routes nested, each in its parent's `<Outlet />`. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { location } = useRouter();
  const match = useMemo(() => matchRoutes(routes, location.pathname), [routes, location.pathname]);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ outlet, params: match.params }}>
        {route.element === undefined ? outlet : route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Where a layout route draws its matched child. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The matched path's `:name` parameters (decoded). */
export function useParams<K extends string = string>(): Readonly<Partial<Record<K, string>>> {
  return useContext(RouteContext).params as Readonly<Partial<Record<K, string>>>;
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

/** The query's parameters, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      const search = new URLSearchParams(value).toString();
      navigate(location.pathname + (search ? `?${search}` : ''), options);
    },
    [location.pathname, navigate, params],
  );
  return [params, set];
}

/** A redirect as the route is drawn. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export type LinkProps = { to: string } & NavigateOptions & Omit<ComponentPropsWithRef<'a'>, 'href'>;

/** A link within the app: its URL in `href`, so it opens in a new tab or is copied like any other. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { navigate, basename } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (target && target !== '_self') return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={withBasename(to, basename)} target={target} onClick={follow} />;
}
