import { lazy, Suspense, useEffect, useReducer, type ComponentType, type ReactNode } from 'react';
import { loadStrings, type StringsFeature } from './strings.ts';

/** A route's component loaded with its chunk: `React.lazy` until the chunk has loaded once, the component itself after. */
export type LazyRoute<P extends object> = ComponentType<P> & {
  /** Loads the chunk now; once it has, the route draws without suspending (no skeleton). The same function each time. */
  preload(): Promise<void>;
  /** Whether the chunk has loaded (the route draws at once). */
  isLoaded(): boolean;
};

/**
 * Wraps a chunk's component for route-level code splitting; the words of the features it shows (`strings`, every later
 * catalogue unless told) load beside it. Drawn inside a `<Suspense>` with a skeleton: the first time,
 * the chunk loads while the skeleton shows; after `preload()` or a first load, it draws at once (which also lets
 * server-side rendering in view tests draw the page itself).
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>, strings: readonly StringsFeature[] = ['late']): LazyRoute<P> {
  let loaded: ComponentType<P> | undefined;
  const once = () => Promise.all([load(), loadStrings(...strings)]).then(([component]) => (loaded = component));
  const Lazy = lazy(() => once().then((component) => ({ default: component })));
  const Route = (props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  return Object.assign(Route, { preload: () => once().then(() => undefined), isLoaded: () => loaded !== undefined });
}

/** A `React.lazy` page or part whose chunk loads beside its features' words (`strings`, every later catalogue unless told). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props.
export function lazyWithStrings<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, strings: readonly StringsFeature[] = ['late']) {
  return lazy(() => Promise.all([load(), loadStrings(...strings)]).then(([module]) => module));
}

interface FeatureLoad {
  status: 'loading' | 'loaded' | 'failed';
  promise: Promise<void>;
  error?: unknown;
}
const features = new WeakMap<() => Promise<void>, FeatureLoad>();

/** The load of a feature's code (`load`, e.g. the system's `loadFeatures.item`), started on the first ask, kept per `load`. */
function featureLoad(load: () => Promise<void>): FeatureLoad {
  let feature = features.get(load);
  if (!feature) {
    const entry: FeatureLoad = { status: 'loading', promise: Promise.resolve() };
    entry.promise = load().then(
      () => void (entry.status = 'loaded'),
      (error: unknown) => {
        entry.status = 'failed';
        entry.error = error;
      },
    );
    features.set(load, entry);
    feature = entry;
  }
  return feature;
}

/**
 * Draws its children once a feature's code has loaded (`load`, e.g. the system's `loadFeatures.item`): until then it
 * suspends, so the enclosing `<Suspense>` shows the route's skeleton; a failed load goes to the error boundary. No
 * `load` (a system built with the feature running) draws at once.
 */
export function FeatureGate({ load, children }: { load: (() => Promise<void>) | undefined; children: ReactNode }) {
  if (!load) return <>{children}</>;
  const feature = featureLoad(load);
  if (feature.status === 'failed') throw feature.error;
  if (feature.status === 'loading') throw feature.promise;
  return <>{children}</>;
}

/**
 * Whether every load in `loads` has finished (the features' code and parts' chunks: undefined entries count as
 * loaded), without suspending: the caller draws its own skeleton meanwhile and is drawn again once they have; a
 * failed load goes to the error boundary. For a part inside a page that has just appeared: a suspension there would
 * hold the page's whole first commit back (React keeps a newly shown fallback from being replaced within 300 ms).
 */
export function useLoaded(...loads: ReadonlyArray<(() => Promise<void>) | undefined>): boolean {
  const pending = loads.flatMap((load) => (load ? [featureLoad(load)] : [])).filter((feature) => feature.status !== 'loaded');
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const waiting = pending.filter((feature) => feature.status === 'loading');
  useEffect(() => {
    if (waiting.length === 0) return;
    let live = true;
    void Promise.all(waiting.map((feature) => feature.promise)).then(() => live && redraw());
    return () => {
      live = false;
    };
  });
  const failed = pending.find((feature) => feature.status === 'failed');
  if (failed) throw failed.error;
  return pending.length === 0;
}

/**
 * A route whose chunk (`route`) and features' code (`load`) load together, `fallback` (its skeleton) drawn meanwhile,
 * without suspending: the page appears in the update that follows the loads, not in a Suspense retry, which React holds
 * back until 300 ms after the last skeleton appeared (on a cold load, the skeleton has just appeared).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's props.
export function RouteGate({ route, load, fallback, children }: { route: LazyRoute<any>; load: (() => Promise<void>) | undefined; fallback: ReactNode; children: ReactNode }) {
  const ready = useLoaded(load, route.isLoaded() ? undefined : route.preload);
  return <>{ready ? children : fallback}</>;
}

/** A part loaded on first use (a dialog whose code loads with its first open): drawn only while `open`, nothing while its chunk loads. */
export function LazyWhenOpen({ open, children }: { open: boolean; children: ReactNode }) {
  if (!open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
