import { Manager } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canRetryReconnect, emptyMessageMemory, isValidMessageData, reconnectDelayMs, rememberMessage, SOCKET_RECONNECT_ATTEMPTS } from './realtime.ts';
import type { MessageMemory } from './realtime.ts';

describe('socket message data (foundation §5: "socket message data must be an object or undefined")', () => {
  it.each([
    ['an object', { itemId: 'i1' }, true],
    ['an empty object', {}, true],
    ['undefined', undefined, true],
    ['null', null, false],
    ['an array', [{ itemId: 'i1' }], false],
    ['a string', 'refresh', false],
    ['a number', 42, false],
    ['a boolean', true, false],
  ])('%s → %s', (_case, data, valid) => {
    expect(isValidMessageData(data)).toBe(valid);
  });
});

describe('message de-duplication (foundation §5: "A message id already handled in the last 10 s is ignored")', () => {
  /** Runs a sequence of [id, ms] arrivals and returns which were duplicates. */
  const run = (arrivals: Array<[string | null, number]>): boolean[] => {
    let memory: MessageMemory = emptyMessageMemory();
    return arrivals.map(([id, ms]) => {
      const result = rememberMessage(memory, id, ms);
      memory = result.state;
      return result.duplicate;
    });
  };

  it.each([
    ['a new id is handled', [['m1', 0]], [false]],
    ['the same id 5 s later is ignored', [['m1', 0], ['m1', 5_000]], [false, true]],
    ['the same id 9.999 s later is ignored', [['m1', 0], ['m1', 9_999]], [false, true]],
    ['the same id 10 s later is handled again', [['m1', 0], ['m1', 10_000]], [false, false]],
    ['a duplicate does not extend the window', [['m1', 0], ['m1', 6_000], ['m1', 12_000]], [false, true, false]],
    ['different ids are independent', [['m1', 0], ['m2', 1_000], ['m1', 2_000], ['m2', 2_000]], [false, false, true, true]],
    ['no id: never a duplicate', [[null, 0], [null, 1]], [false, false]],
    ['an id such as __proto__ is remembered like any other', [['__proto__', 0], ['__proto__', 1]], [false, true]],
  ] as Array<[string, Array<[string | null, number]>, boolean[]]>)('%s', (_case, arrivals, duplicates) => {
    expect(run(arrivals)).toEqual(duplicates);
  });

  it('forgets ids older than 10 s and leaves the old memory untouched', () => {
    const first = rememberMessage(emptyMessageMemory(), 'm1', 0).state;
    const second = rememberMessage(first, 'm2', 10_500).state;
    expect(Object.keys(second.handledAtMs)).toEqual(['m2']);
    expect(Object.keys(first.handledAtMs)).toEqual(['m1']);
  });

  it('is plain JSON data (it sits in machine context and the event log)', () => {
    const memory = rememberMessage(emptyMessageMemory(), 'm1', 7).state;
    expect(JSON.parse(JSON.stringify(memory))).toEqual({ handledAtMs: { m1: 7 } });
  });
});

describe('reconnect delay (foundation §9: "delay 5 s up to 60 s, randomisation 0.9, 6 attempts")', () => {
  it.each([
    // attempt, random, delay: base·2^attempt, minus floor(r·0.9·ms) when floor(r·10) is even, plus when odd, capped at 60 s
    [0, 0, 5_000],
    [1, 0, 10_000],
    [2, 0, 20_000],
    [3, 0, 40_000],
    [4, 0, 60_000],
    [5, 0, 60_000],
    [0, 0.05, 4_775], // floor(0.5) = 0, even: 5000 − floor(0.05·0.9·5000 = 225)
    [0, 0.15, 5_675], // floor(1.5) = 1, odd: 5000 + 675
    [0, 0.99, 9_455], // floor(9.9) = 9, odd: 5000 + floor(4455)
    [0, 0.85, 1_175], // floor(8.5) = 8, even: 5000 − 3825
    [2, 0.5, 29_000], // floor(5) = 5, odd: 20000 + 9000
    [3, 0.25, 31_000], // floor(2.5) = 2, even: 40000 − 9000
    [3, 0.35, 52_600], // floor(3.5) = 3, odd: 40000 + 12600
    [3, 0.95, 60_000], // floor(9.5) = 9, odd: 40000 + 34200, capped
  ])('attempt %i, random %f → %i ms', (attempt, random, delay) => {
    expect(reconnectDelayMs(attempt, random)).toBe(delay);
  });

  afterEach(() => vi.restoreAllMocks());

  it.each([0, 0.05, 0.15, 0.5, 0.77, 0.999])('matches socket.io-client\'s own backoff for 6 attempts, random %f', (random) => {
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const manager = new Manager('http://localhost:1', { autoConnect: false, reconnectionDelay: 5_000, reconnectionDelayMax: 60_000, randomizationFactor: 0.9 });
    const backoff = (manager as unknown as { backoff: { duration(): number } }).backoff;
    const theirs = Array.from({ length: SOCKET_RECONNECT_ATTEMPTS }, () => backoff.duration());
    const ours = Array.from({ length: SOCKET_RECONNECT_ATTEMPTS }, (_, attempt) => reconnectDelayMs(attempt, random));
    expect(ours).toEqual(theirs);
  });

  it.each([
    [0, true],
    [5, true],
    [6, false],
    [7, false],
  ])('after %i failed attempts another is allowed: %s', (made, allowed) => {
    expect(canRetryReconnect(made)).toBe(allowed);
  });
});
