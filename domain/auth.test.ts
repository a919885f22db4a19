import { describe, expect, it } from 'vitest';
import { anonymousEmailError, anonymousUserFor, callbackHints, greetingName, needsRefreshNow, safeReturnPath, tokenRefreshDelayMs } from './auth.ts';

describe('return path after sign-in (foundation §2 /auth-callback)', () => {
  it.each([
    ['/review', '/review'],
    ['/review/folder/12?page=2', '/review/folder/12?page=2'],
    ['/', '/'],
    ['', '/'],
    [undefined, '/'],
    [42, '/'],
    ['review', '/'],
    ['//evil.example.com', '/'],
    ['/\\evil.example.com', '/'],
    ['https://evil.example.com/', '/'],
    ['/auth-callback?code=x', '/'],
    ['/signin', '/'],
    ['/x\u0000y', '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

describe('token refresh timing (foundation §4: 60 s before expiry; at start when under 60 s; half-life for tokens under 2 min)', () => {
  it.each([
    [3600, 3_540_000, false],
    [300, 240_000, false],
    [120, 60_000, false],
    [100, 50_000, false],
    [61, 30_500, false],
    [60, 30_000, false],
    [59, 29_500, true],
    [20, 10_000, true],
    [0, 0, true],
    [-5, 0, true],
  ])('expires in %i s → refresh after %i ms, now: %s', (expiresIn, delay, now) => {
    expect(tokenRefreshDelayMs(expiresIn)).toBe(delay);
    expect(needsRefreshNow(expiresIn)).toBe(now);
  });
});

describe('anonymous reviewer e-mail (≤ 100 characters, valid e-mail)', () => {
  it.each([
    ['reviewer@example.com', null],
    ['  reviewer@example.com ', null],
    ['', 'Enter your e-mail address.'],
    ['not-an-email', 'Enter a valid e-mail address.'],
    [`${'a'.repeat(88)}@example.com`, null],
    [`${'a'.repeat(89)}@example.com`, 'Use at most 100 characters.'],
  ])('%j → %j', (email, error) => {
    expect(anonymousEmailError(email)).toBe(error);
  });

  it('lower-cases the e-mail and prefixes the id with anon|', () => {
    expect(anonymousUserFor('Rev@Example.COM')).toEqual({ id: 'anon|rev@example.com', email: 'rev@example.com', displayName: 'rev@example.com' });
  });
});

describe('greeting name', () => {
  it('uses the first name, else the e-mail local part', () => {
    expect(greetingName({ firstName: 'Alex', email: 'alex.admin@example.com' })).toBe('Alex');
    expect(greetingName({ firstName: '  ', email: 'nora@example.com' })).toBe('nora');
  });
});

describe('sign-in return address hints (product_tour, type_hint)', () => {
  it.each([
    ['http://localhost/auth-callback?code=c&state=s&product_tour=true&type_hint=storyline', { productTour: 'true', typeHint: 'storyline' }],
    ['http://localhost/auth-callback?code=c&state=s', { productTour: null, typeHint: null }],
    ['/auth-callback?type_hint=rise', { productTour: null, typeHint: 'rise' }],
    [`/auth-callback?type_hint=${'x'.repeat(201)}`, { productTour: null, typeHint: null }],
  ])('%s', (url, hints) => {
    expect(callbackHints(url)).toEqual(hints);
  });
});
