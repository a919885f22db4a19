import { describe, expect, it } from 'vitest';
import { loopbackAlias, serviceEnvName, serviceUrlsFromEnv } from '../../server/config.ts';

describe('service URL overrides', () => {
  it('names each variable SERVICE_<UPPER_SNAKE>_URL', () => {
    expect(serviceEnvName('productApi')).toBe('SERVICE_PRODUCT_API_URL');
    expect(serviceEnvName('courseImportRoom')).toBe('SERVICE_COURSE_IMPORT_ROOM_URL');
    expect(serviceEnvName('cdn')).toBe('SERVICE_CDN_URL');
  });

  it('reads only the variables that are set, without a trailing slash', () => {
    expect(serviceUrlsFromEnv({ SERVICE_PRODUCT_API_URL: 'https://api.example.com/', SERVICE_CDN_URL: ' ', OTHER: 'x' })).toEqual({
      productApi: 'https://api.example.com',
    });
  });

  it('swaps localhost and 127.0.0.1 and leaves other hosts alone', () => {
    expect(loopbackAlias('http://localhost:3000')).toBe('http://127.0.0.1:3000');
    expect(loopbackAlias('http://127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(loopbackAlias('https://review.example.com')).toBeUndefined();
  });
});
