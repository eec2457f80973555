import {
  Component,
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  NavigationType,
  useLocation,
  useNavigationType,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { LoadingScreen, RouteError } from './route-guards.component';

/**
 * A route of docs/product/overview.md#routes: a path or a layout, and either an element or a screen fetched
 * when a location first matches it. The app routes with react-router's component API, not its data router,
 * which alone weighed 17 KB of the first page's script (gzip) for loaders and actions the app does not use.
 */
export interface ScreenRoute {
  path?: string;
  element?: ReactNode;
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: ScreenRoute[];
}

/** The screens whose code has arrived, and those on their way (a failed one is asked for again next time). */
const resolvedScreens = new Map<ScreenRoute, ReactElement>();
const pendingScreens = new Map<ScreenRoute, Promise<void>>();

function fetchScreen(route: ScreenRoute): Promise<void> {
  const { lazy: load } = route;
  if (!load || resolvedScreens.has(route)) return Promise.resolve();
  let pending = pendingScreens.get(route);
  if (!pending) {
    pending = load().then(
      ({ Component: Screen }) => {
        resolvedScreens.set(route, <Screen />);
        pendingScreens.delete(route);
      },
      (error: unknown) => {
        pendingScreens.delete(route);
        throw error;
      },
    );
    pendingScreens.set(route, pending);
  }
  return pending;
}

/** A lazy route's screen; rendered only once its code has arrived (`AppRoutes`). */
function ResolvedScreen({ route }: { route: ScreenRoute }) {
  const screen = resolvedScreens.get(route);
  if (!screen) throw new Error('A screen was rendered before its code arrived');
  return screen;
}

/** The app's routes as react-router's, each remembering the route it came from. */
export interface PreparedRoutes {
  routeObjects: RouteObject[];
  origins: Map<RouteObject, ScreenRoute>;
}

export function prepareRoutes(routes: ScreenRoute[]): PreparedRoutes {
  const origins = new Map<RouteObject, ScreenRoute>();
  const convert = (level: ScreenRoute[]): RouteObject[] =>
    level.map((route) => {
      const routeObject: RouteObject = {
        path: route.path,
        element: route.lazy ? <ResolvedScreen route={route} /> : route.element,
        children: route.children && convert(route.children),
      };
      origins.set(routeObject, route);
      return routeObject;
    });
  return { routeObjects: convert(routes), origins };
}

/** The lazy routes a location matches: a layout's and its screen's, fetched side by side. */
function lazyRoutesOf(
  { routeObjects, origins }: PreparedRoutes,
  location: Pick<Location, 'pathname'>,
): ScreenRoute[] {
  return (matchRoutes(routeObjects, location) ?? []).flatMap(({ route }) => {
    const origin = origins.get(route);
    return origin?.lazy ? [origin] : [];
  });
}

/** The code of every screen `location` matches, fetched side by side. */
function fetchScreensAt(routes: PreparedRoutes, location: Pick<Location, 'pathname'>): Promise<unknown> {
  return Promise.all(lazyRoutesOf(routes, location).map(fetchScreen));
}

/**
 * Asks for the code of the screens at `location` before anything renders, as the data router did when it was
 * created: the page's first screen is on its way while the first page's script still runs. A failure is
 * `AppRoutes`'s to show, which asks again.
 */
export function startFetchingScreens(routes: PreparedRoutes, location: Pick<Location, 'pathname'>): void {
  fetchScreensAt(routes, location).catch(() => undefined);
}

/** Where each history entry of this tab was last scrolled to. */
const scrollPositions = new Map<string, number>();

/** What is on screen: a location whose screens' code has arrived, and how the learner got there. */
interface ShownEntry {
  location: Location;
  navigationType: NavigationType;
}

/** A new entry starts at the top; back and forward return to where the entry was left. */
function RestoreScroll({ entry: { location, navigationType } }: { entry: ShownEntry }) {
  const { key, hash } = location;
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const saved = scrollPositions.get(key);
    if (navigationType === NavigationType.Pop && saved !== undefined) window.scrollTo(0, saved);
    else if (!hash) window.scrollTo(0, 0);
    // Followed as it changes: when the next entry's effect runs, the page below is already the next one.
    const remember = () => scrollPositions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, hash, navigationType]);
  return null;
}

/** A render error shows the route error page until the location changes. */
class RouteErrorBoundary extends Component<
  { locationKey: string; children: ReactNode },
  { error: unknown; locationKey: string | null }
> {
  override state: { error: unknown; locationKey: string | null } = { error: null, locationKey: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(
    props: { locationKey: string },
    state: { error: unknown; locationKey: string | null },
  ) {
    if (state.locationKey === null) return { locationKey: props.locationKey };
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * The app's routes. As react-router's data router did, a navigation shows the screen it leaves until the
 * code of every screen it matches has arrived (fetched side by side), and the first one shows the loading
 * screen meanwhile: no Suspense boundary, whose content React holds back until 300 ms after its fallback.
 * A screen whose code fails to load (after a deploy: an old page, new files) shows the route error page.
 */
export function AppRoutes({ routes }: { routes: PreparedRoutes }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const isReady = lazyRoutesOf(routes, location).every((route) => resolvedScreens.has(route));
  const [shown, setShown] = useState<ShownEntry | null>(isReady ? { location, navigationType } : null);
  if (isReady && shown?.location !== location) setShown({ location, navigationType });
  const [failure, setFailure] = useState<{ location: Location; error: unknown } | null>(null);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    fetchScreensAt(routes, location).then(
      () => {
        // A transition, as the router's own updates are: the screen renders in slices, so a phone's main
        // thread is not held for a whole screen at once (docs/product/overview.md#serving-the-client).
        if (isCurrent) startTransition(() => setShown({ location, navigationType }));
      },
      (error: unknown) => {
        console.error(error);
        if (isCurrent) setFailure({ location, error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [routes, location, navigationType, isReady]);
  const element = useRoutes(routes.routeObjects, shown?.location ?? location);
  if (failure?.location === location) return <RouteError />;
  if (!shown) return <LoadingScreen />;
  return (
    <RouteErrorBoundary locationKey={shown.location.key}>
      <RestoreScroll entry={shown} />
      {element}
    </RouteErrorBoundary>
  );
}
