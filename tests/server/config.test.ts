import { describe, expect, it } from 'vitest';
import {
  checkReconnectPolicy,
  downtimeFromEnv,
  EnvConfigError,
  linkEnvName,
  linkUrlsFromEnv,
  loopbackAlias,
  outboxDeliveryFromEnv,
  reconnectPolicyFromEnv,
  runtimeConfig,
  serviceEnvName,
  serviceUrlsFromEnv,
} from '../../server/config.ts';

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

describe('link URL overrides', () => {
  it('names each variable LINK_<NAME>_URL and reads only those set, without a trailing slash', () => {
    expect(linkEnvName('marketing')).toBe('LINK_MARKETING_URL');
    expect(linkEnvName('subscriptions')).toBe('LINK_SUBSCRIPTIONS_URL');
    expect(linkUrlsFromEnv({ LINK_MARKETING_URL: 'https://www.example.com/', LINK_SUPPORT_URL: '  ', SERVICE_CDN_URL: 'x' })).toEqual({
      marketing: 'https://www.example.com',
    });
  });

  it('puts overrides in /config.json links and keeps the stand-ins for the rest', () => {
    const config = runtimeConfig('http://localhost:3000', 'http://localhost:3000/oidc', { linkUrls: { marketing: 'https://www.example.com' } });
    expect(config.links.marketing).toBe('https://www.example.com');
    expect(config.links.support).toBe('http://localhost:3000/external/support');
    expect(config.session.indicatorCookie).toBe('review_session');
    expect(config.socket.reconnect).toBeNull();
  });
});

describe('OUTBOX_DELIVERY_MS', () => {
  it('sets how often the outbox is delivered when given, keeps the 15 s default when not, and names the variable when wrong', () => {
    expect(outboxDeliveryFromEnv({})).toBeUndefined();
    expect(outboxDeliveryFromEnv({ OUTBOX_DELIVERY_MS: ' 1000 ' })).toBe(1000);
    expect(() => outboxDeliveryFromEnv({ OUTBOX_DELIVERY_MS: '50' })).toThrow('OUTBOX_DELIVERY_MS must be a whole number of milliseconds, at least 100, got "50".');
    expect(() => outboxDeliveryFromEnv({ OUTBOX_DELIVERY_MS: '1.5' })).toThrow(EnvConfigError);
    expect(() => outboxDeliveryFromEnv({ OUTBOX_DELIVERY_MS: 'soon' })).toThrow('OUTBOX_DELIVERY_MS');
  });
});

describe('socket reconnect policy from the environment', () => {
  const env = (delay?: string, max?: string, attempts?: string) => ({
    REALTIME_RECONNECT_DELAY_MS: delay,
    REALTIME_RECONNECT_DELAY_MAX_MS: max,
    REALTIME_RECONNECT_ATTEMPTS: attempts,
  });
  const refusal = (values: ReturnType<typeof env>) => {
    try {
      reconnectPolicyFromEnv(values);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvConfigError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('is null when none of the three is set (the client keeps the spec policy)', () => {
    expect(reconnectPolicyFromEnv({})).toBeNull();
    expect(reconnectPolicyFromEnv(env('', ' ', ''))).toBeNull();
  });

  it('reads all three as whole numbers', () => {
    expect(reconnectPolicyFromEnv(env('200', '1000', '2'))).toEqual({ delayMs: 200, delayMaxMs: 1000, attempts: 2 });
    expect(reconnectPolicyFromEnv(env(' 0 ', '0', '1'))).toEqual({ delayMs: 0, delayMaxMs: 0, attempts: 1 });
  });

  it('refuses some but not all, naming what is missing', () => {
    expect(refusal(env('200', undefined, '2'))).toBe(
      'REALTIME_RECONNECT_DELAY_MAX_MS missing: set REALTIME_RECONNECT_DELAY_MS, REALTIME_RECONNECT_DELAY_MAX_MS, REALTIME_RECONNECT_ATTEMPTS together, or none of them.',
    );
    expect(refusal(env(undefined, undefined, '2'))).toMatch(/^REALTIME_RECONNECT_DELAY_MS and REALTIME_RECONNECT_DELAY_MAX_MS missing/);
  });

  it('refuses values that are not whole numbers in range, naming the variable', () => {
    expect(refusal(env('abc', '1000', '2'))).toBe('REALTIME_RECONNECT_DELAY_MS must be a whole number, got "abc".');
    expect(refusal(env('200', '1.5', '2'))).toMatch(/^REALTIME_RECONNECT_DELAY_MAX_MS must be a whole number/);
    expect(refusal(env('-1', '1000', '2'))).toMatch(/^REALTIME_RECONNECT_DELAY_MS must be a whole number/);
    expect(refusal(env('200', '1000', '0'))).toMatch(/^REALTIME_RECONNECT_ATTEMPTS must be a whole number, 1 or more/);
    expect(refusal(env('200', '100', '2'))).toBe('REALTIME_RECONNECT_DELAY_MAX_MS (100) must not be less than REALTIME_RECONNECT_DELAY_MS (200).');
    expect(refusal(env('200', '99999999999999999999', '2'))).toMatch(/^REALTIME_RECONNECT_DELAY_MAX_MS must be a whole number of milliseconds/);
  });

  it('checks a policy given in code the same way, naming the option', () => {
    expect(() => checkReconnectPolicy({ delayMs: 10, delayMaxMs: 5, attempts: 1 }, { delayMs: 'a', delayMaxMs: 'b', attempts: 'c' })).toThrow(
      'b (5) must not be less than a (10).',
    );
    expect(checkReconnectPolicy({ delayMs: 10, delayMaxMs: 10, attempts: 3 })).toEqual({ delayMs: 10, delayMaxMs: 10, attempts: 3 });
  });
});

describe('the downtime banner window from the environment', () => {
  it('is null when neither DOWNTIME_STARTS_AT nor DOWNTIME_ENDS_AT is set', () => {
    expect(downtimeFromEnv({})).toBeNull();
    expect(runtimeConfig('http://localhost:3000', 'http://localhost:3000/oidc').downtime).toBeNull();
  });

  it('reads the window, announced from its start unless DOWNTIME_ANNOUNCE_FROM says otherwise, into /config.json', () => {
    const window = downtimeFromEnv({ DOWNTIME_STARTS_AT: '2027-01-26T22:00:00Z', DOWNTIME_ENDS_AT: '2027-01-29T14:00:00Z' });
    expect(window).toEqual({ announceFrom: '2027-01-26T22:00:00Z', startsAt: '2027-01-26T22:00:00Z', endsAt: '2027-01-29T14:00:00Z' });
    expect(downtimeFromEnv({ DOWNTIME_ANNOUNCE_FROM: '2027-01-20T00:00:00Z', DOWNTIME_STARTS_AT: '2027-01-26T22:00:00Z', DOWNTIME_ENDS_AT: '2027-01-29T14:00:00Z' })?.announceFrom).toBe('2027-01-20T00:00:00Z');
    expect(runtimeConfig('http://localhost:3000', 'http://localhost:3000/oidc', { downtime: window }).downtime).toEqual(window);
  });

  it('refuses a half-set, unreadable or backwards window, naming the variables', () => {
    expect(() => downtimeFromEnv({ DOWNTIME_STARTS_AT: '2027-01-26T22:00:00Z' })).toThrow(EnvConfigError);
    expect(() => downtimeFromEnv({ DOWNTIME_STARTS_AT: 'Friday', DOWNTIME_ENDS_AT: '2027-01-29T14:00:00Z' })).toThrow(/DOWNTIME_\*: downtime.startsAt/);
    expect(() => downtimeFromEnv({ DOWNTIME_STARTS_AT: '2027-01-29T14:00:00Z', DOWNTIME_ENDS_AT: '2027-01-26T22:00:00Z' })).toThrow(/startsAt < endsAt/);
  });
});
