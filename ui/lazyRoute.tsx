import { lazy, type ComponentType } from 'react';

/** A route's component loaded with its chunk: `React.lazy` until the chunk has loaded once, the component itself after. */
export type LazyRoute<P extends object> = ComponentType<P> & {
  /** Loads the chunk now; once it has, the route draws without suspending (no skeleton). */
  preload(): Promise<void>;
};

/**
 * Wraps a chunk's component for route-level code splitting. Drawn inside a `<Suspense>` with a skeleton: the first time,
 * the chunk loads while the skeleton shows; after `preload()` or a first load, it draws at once (which also lets
 * server-side rendering in view tests draw the page itself).
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): LazyRoute<P> {
  let loaded: ComponentType<P> | undefined;
  const once = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => once().then((component) => ({ default: component })));
  const Route = (props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  return Object.assign(Route, { preload: () => once().then(() => undefined) });
}
