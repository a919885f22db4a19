/**
 * When a page's first load is over: the page has loaded, no resource has finished for `quietMs`, and the browser then
 * has an idle moment (at most `idleTimeoutMs` later). What the first paint does not need but the user soon will (the
 * comment editor, the dashboard's live connection) starts then, so it never competes with the first load.
 * Resolves at once where there is no browser page (server rendering, Node tools).
 */
export const PAGE_QUIET_MS = 2_000;
const PAGE_QUIET_IDLE_TIMEOUT_MS = 2_000;

export function whenPageQuiet(quietMs: number = PAGE_QUIET_MS, idleTimeoutMs: number = PAGE_QUIET_IDLE_TIMEOUT_MS): Promise<void> {
  if (typeof window === 'undefined' || typeof document === 'undefined' || typeof performance === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
      else setTimeout(resolve, 0);
    };
    const check = () => {
      const lastFinished = performance.getEntriesByType('resource').reduce((latest, entry) => Math.max(latest, (entry as PerformanceResourceTiming).responseEnd), 0);
      const quietFor = performance.now() - lastFinished;
      if (quietFor >= quietMs) whenIdle();
      else setTimeout(check, quietMs - quietFor);
    };
    if (document.readyState === 'complete') check();
    else window.addEventListener('load', check, { once: true });
  });
}
