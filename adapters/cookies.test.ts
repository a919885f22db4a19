import { describe, expect, it, vi } from 'vitest';
import { ensureCountryCookie, isSessionIndicatorMissing, readCookie, type CookieJar } from './cookies.ts';

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

describe('cookie session check reading (foundation §4; the session machine runs it every 1 s)', () => {
  it('is missing once the indicator is gone, not while it is there', () => {
    const cookies = jar('review_session=1');
    expect(isSessionIndicatorMissing({ cookieName: 'review_session', cookies })).toBe(false);
    cookies.set('other=1');
    expect(isSessionIndicatorMissing({ cookieName: 'review_session', cookies })).toBe(true);
  });

  it('watches nothing without a configured cookie', () => {
    expect(isSessionIndicatorMissing({ cookieName: null, cookies: jar('') })).toBe(false);
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
