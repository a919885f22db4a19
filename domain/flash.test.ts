import { describe, expect, it } from 'vitest';
import { isFlashMessageId, takeFlashFromSearch, withFlash } from './flash.ts';

describe('flash carrier', () => {
  it.each([
    ['?flash=staffOnly', 'staffOnly', true, ''],
    ['flash=signInExpired&returnTo=%2Freview', 'signInExpired', true, 'returnTo=%2Freview'],
    ['?a=1&flash=pageNotFound&b=2', 'pageNotFound', true, 'a=1&b=2'],
    // Hostile or unknown ids are ignored, and still removed from the address.
    ['?flash=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', null, true, ''],
    ['?flash=STAFFONLY', null, true, ''],
    ['?flash=%20staffOnly', null, true, ''],
    ['?flash=toString', null, true, ''],
    ['?flash=__proto__', null, true, ''],
    ['?flash=', null, true, ''],
    ['?flash=staffOnly&flash=pageNotFound', null, true, ''],
    ['?returnTo=%2F', null, false, 'returnTo=%2F'],
    ['', null, false, ''],
  ])('%s → %s', (search, id, carried, rest) => {
    expect(takeFlashFromSearch(search)).toEqual({ id, carried, rest });
  });

  it('knows only its fixed ids', () => {
    expect(isFlashMessageId('staffOnly')).toBe(true);
    expect(isFlashMessageId('hasOwnProperty')).toBe(false);
    expect(isFlashMessageId(1)).toBe(false);
    expect(isFlashMessageId(null)).toBe(false);
  });

  it.each([
    ['/', '/?flash=staffOnly'],
    ['/signin?returnTo=%2F', '/signin?returnTo=%2F&flash=staffOnly'],
    ['/#reachActivated', '/?flash=staffOnly#reachActivated'],
  ])('adds the carrier to %s', (path, expected) => {
    expect(withFlash(path, 'staffOnly')).toBe(expected);
  });
});
