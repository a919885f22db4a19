import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadStrings, type StringsFeature } from './strings.ts';

/** A route's component loaded with its chunk: `React.lazy` until the chunk has loaded once, the component itself after. */
export type LazyRoute<P extends object> = ComponentType<P> & {
  /** Loads the chunk now; once it has, the route draws without suspending (no skeleton). */
  preload(): Promise<void>;
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
  return Object.assign(Route, { preload: () => once().then(() => undefined) });
}

/** A `React.lazy` page or part whose chunk loads beside its features' words (`strings`, every later catalogue unless told). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a component of any props.
export function lazyWithStrings<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, strings: readonly StringsFeature[] = ['late']) {
  return lazy(() => Promise.all([load(), loadStrings(...strings)]).then(([module]) => module));
}

const features = new WeakMap<() => Promise<void>, { status: 'loading' | 'loaded' | 'failed'; promise: Promise<void>; error?: unknown }>();

/**
 * Draws its children once a feature's code has loaded (`load`, e.g. the system's `loadFeatures.item`): until then it
 * suspends, so the enclosing `<Suspense>` shows the route's skeleton; a failed load goes to the error boundary. No
 * `load` (a system built with the feature running) draws at once.
 */
export function FeatureGate({ load, children }: { load: (() => Promise<void>) | undefined; children: ReactNode }) {
  if (!load) return <>{children}</>;
  let feature = features.get(load);
  if (!feature) {
    const entry: { status: 'loading' | 'loaded' | 'failed'; promise: Promise<void>; error?: unknown } = { status: 'loading', promise: Promise.resolve() };
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
  if (feature.status === 'failed') throw feature.error;
  if (feature.status === 'loading') throw feature.promise;
  return <>{children}</>;
}

/** A part loaded on first use (a dialog whose code loads with its first open): drawn only while `open`, nothing while its chunk loads. */
export function LazyWhenOpen({ open, children }: { open: boolean; children: ReactNode }) {
  if (!open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
