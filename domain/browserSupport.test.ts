import { describe, expect, it } from 'vitest';
import { browserOf, isSupportedBrowser } from './browserSupport.ts';

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  ie11: 'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
  safari9: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.7 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.7',
  safari8: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
  android41: 'Mozilla/5.0 (Linux; U; Android 4.1.2; en-us; GT-I9300 Build/JZO54K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  android40: 'Mozilla/5.0 (Linux; U; Android 4.0.4; en-us; GT-I9300 Build/IMM76D) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  opera12: 'Opera/9.80 (Windows NT 6.1; U; en) Presto/2.10.229 Version/12.00',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('unsupported-browser check (review-and-content §5: Android 4.1+, Safari 9+, Chrome, Firefox, Edge, IE 11)', () => {
  it.each<[keyof typeof UA, string, boolean]>([
    ['chrome', 'chrome', true],
    ['firefox', 'firefox', true],
    ['edge', 'edge', true],
    ['ie11', 'ie', true],
    ['ie10', 'ie', false],
    ['safari9', 'safari', true],
    ['safari8', 'safari', false],
    ['android41', 'android', true],
    ['android40', 'android', false],
    ['opera12', 'unknown', false],
    ['headless', 'chrome', true],
  ])('%s is %s, supported %j', (key, name, supported) => {
    expect(browserOf(UA[key]).name).toBe(name);
    expect(isSupportedBrowser(UA[key])).toBe(supported);
  });
});
