import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { ensureCountryCookie, readCookie, watchSessionIndicator, type CookieJar } from './cookies.ts';

function jar(initial = ''): CookieJar & { written: string[]; set(value: string): void } {
  let header = initial;
  const written: string[] = [];
  return {
    written,
    read: () => header,
    write: (cookie) => void written.push(cookie),
    set: (value) => void (header = value),
  };
}

describe('readCookie', () => {
  it.each([
    ['a=1; review_session=1; b=2', 'review_session', '1'],
    ['review_session=yes', 'review_session', 'yes'],
    ['a=1; b=2', 'review_session', null],
    ['', 'review_session', null],
    ['xreview_session=1', 'review_session', null],
    ['country=U%53A', 'country', 'USA'],
    ['country=%E0%A4%A', 'country', '%E0%A4%A'],
  ])('%j → %s = %j', (header, name, value) => {
    expect(readCookie(header, name)).toBe(value);
  });
});

describe('cookie session check (foundation §4: every 1 s)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function watch(cookieName: string | null, cookies: CookieJar) {
    const seen: string[] = [];
    const parent = createMachine({
      invoke: { src: watchSessionIndicator({ cookieName, cookies }) },
      on: { '*': { actions: ({ event }) => seen.push(event.type) } },
    });
    const actor = createActor(parent).start();
    return { seen, actor };
  }

  it('reports once, within a second of the indicator disappearing', () => {
    const cookies = jar('review_session=1');
    const { seen, actor } = watch('review_session', cookies);
    vi.advanceTimersByTime(5_000);
    expect(seen).toEqual([]);
    cookies.set('other=1');
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual(['session.indicatorMissing']);
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual(['session.indicatorMissing']);
    actor.stop();
  });

  it('reports at once when the indicator is already missing', () => {
    const { seen } = watch('review_session', jar(''));
    expect(seen).toEqual(['session.indicatorMissing']);
  });

  it('watches nothing without a configured cookie', () => {
    const { seen } = watch(null, jar(''));
    vi.advanceTimersByTime(10_000);
    expect(seen).toEqual([]);
  });
});

describe('country cookie (foundation §7, §9: 6 months, secure)', () => {
  it('stores the three-letter country for six months, secure', async () => {
    const cookies = jar();
    await ensureCountryCookie({ cookies, lookup: async () => ({ threeCharCountry: 'FRA' }), log: () => {} });
    expect(cookies.written).toHaveLength(1);
    expect(cookies.written[0]).toMatch(/^country=FRA; Max-Age=(\d+);.*Secure/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookies.written[0]!)![1]);
    expect(maxAge / 86_400).toBeGreaterThanOrEqual(181);
    expect(maxAge / 86_400).toBeLessThanOrEqual(184);
  });

  it('does not ask again when the cookie exists', async () => {
    const lookup = vi.fn(async () => ({ threeCharCountry: 'FRA' }));
    await ensureCountryCookie({ cookies: jar('country=USA'), lookup, log: () => {} });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('logs a failed lookup or a malformed answer and stores nothing', async () => {
    const log = vi.fn();
    const cookies = jar();
    await ensureCountryCookie({ cookies, lookup: async () => Promise.reject(new Error('offline')), log });
    await ensureCountryCookie({ cookies, lookup: async () => ({ threeCharCountry: '<script>' }), log });
    expect(cookies.written).toEqual([]);
    expect(log.mock.calls.map((c) => c[0])).toEqual(['Geolocation lookup failed: offline', 'Geolocation answered without a three-letter country: "<script>"']);
  });
});
