import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveConnectionGate } from './liveConnectionGate.ts';

/** Whether `ready` has settled once pending promise callbacks have run. */
async function isOpen(gate: ReturnType<typeof liveConnectionGate>): Promise<boolean> {
  let open = false;
  void gate.ready().then(() => (open = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return open;
}

describe('live connection gate', () => {
  afterEach(() => vi.unstubAllGlobals());

  // A page still loading: its first load is not over until told.
  const loadingPage = () => {
    vi.stubGlobal('window', { addEventListener: () => {} });
    vi.stubGlobal('document', { readyState: 'loading' });
  };

  it('holds the connection back on the dashboard and the item view’s review tab, not on other pages', async () => {
    loadingPage();
    for (const pathname of ['/', '/review/content/item-1/review', '/review/content/item-1']) {
      const gate = liveConnectionGate({ pathname });
      expect(gate.deferred).toBe(true);
      expect(await isOpen(gate)).toBe(false);
    }
    for (const pathname of ['/review', '/review/content/item-1/translate', '/review/content/item-1/feedback']) {
      const gate = liveConnectionGate({ pathname });
      expect(gate.deferred).toBe(false);
      expect(await isOpen(gate)).toBe(true);
    }
  });

  it('lets it load at the user’s first key or pointer, or when told to', async () => {
    loadingPage();
    const target = new EventTarget();
    const byIntent = liveConnectionGate({ pathname: '/review/content/item-1/review' }, target);
    target.dispatchEvent(new Event('pointerdown'));
    expect(await isOpen(byIntent)).toBe(true);
    const told = liveConnectionGate({ pathname: '/review/content/item-1/review' }, new EventTarget());
    told.open();
    expect(await isOpen(told)).toBe(true);
  });

  it('opens at once where there is no browser page', async () => {
    expect(await isOpen(liveConnectionGate(null))).toBe(true);
  });
});
