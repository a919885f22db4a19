import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyRoute, RouteGate, useLoaded } from './lazyRoute.tsx';

/** A load the test settles by hand, counting its starts. */
function manualLoad() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } | null = null;
  const load = Object.assign(
    () => {
      load.starts += 1;
      return new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    },
    { starts: 0, resolve: () => settle!.resolve(), reject: (error: unknown) => settle!.reject(error) },
  );
  return load;
}

const Page = () => <main>the page</main>;

describe('RouteGate: a route whose chunk and features load together, its skeleton drawn meanwhile', () => {
  it('draws the skeleton while the features load (without suspending), then the page; the load starts once', async () => {
    const Route = lazyRoute(async () => Page, []);
    await Route.preload();
    const load = manualLoad();
    const draw = () => renderToString(<RouteGate route={Route} load={load} fallback={<p>skeleton</p>}><Route /></RouteGate>);
    expect(draw()).toBe('<p>skeleton</p>');
    expect(draw()).toBe('<p>skeleton</p>');
    load.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(draw()).toBe('<main>the page</main>');
    expect(load.starts).toBe(1);
  });

  it('waits for the route’s own chunk when it has not loaded yet', async () => {
    let release: () => void = () => undefined;
    const chunk = new Promise<void>((resolve) => (release = resolve));
    const Route = lazyRoute(() => chunk.then(() => Page), []);
    const draw = () => renderToString(<RouteGate route={Route} load={undefined} fallback={<p>skeleton</p>}><Route /></RouteGate>);
    expect(draw()).toBe('<p>skeleton</p>');
    release();
    await Route.preload();
    expect(Route.isLoaded()).toBe(true);
    expect(draw()).toBe('<main>the page</main>');
  });

  it('a failed load goes to the error boundary (the render throws its error)', async () => {
    const Route = lazyRoute(async () => Page, []);
    await Route.preload();
    const load = manualLoad();
    const draw = () => renderToString(<RouteGate route={Route} load={load} fallback={<p>skeleton</p>}><Route /></RouteGate>);
    expect(draw()).toBe('<p>skeleton</p>');
    load.reject(new Error('chunk refused'));
    await Promise.resolve();
    await Promise.resolve();
    expect(draw).toThrow('chunk refused');
  });
});

describe('useLoaded', () => {
  it('counts absent loads as loaded, and is true only once every given load has finished', async () => {
    const first = manualLoad();
    const second = manualLoad();
    const Probe = () => <>{useLoaded(first, undefined, second) ? 'ready' : 'waiting'}</>;
    expect(renderToString(<Probe />)).toBe('waiting');
    first.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(renderToString(<Probe />)).toBe('waiting');
    second.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(renderToString(<Probe />)).toBe('ready');
    const None = () => <>{useLoaded(undefined) ? 'ready' : 'waiting'}</>;
    expect(renderToString(<None />)).toBe('ready');
  });
});
