import { describe, expect, it } from 'vitest';
import { deliveryTime, notificationFor, type RecipientFacts } from './notifications.ts';

const facts = (over: Partial<RecipientFacts>): RecipientFacts => ({ level: 'mine', isActor: false, isItemOwner: false, isThreadParticipant: false, isMentioned: false, isReply: false, ...over });

describe('who is told', () => {
  it('never tells the author or a muted person', () => {
    expect(notificationFor(facts({ isActor: true, isMentioned: true }))).toBeNull();
    expect(notificationFor(facts({ level: 'mute', isMentioned: true, isItemOwner: true }))).toBeNull();
  });
  it('tells a mentioned person first of all', () => {
    expect(notificationFor(facts({ isMentioned: true, isItemOwner: true }))).toBe('mention');
  });
  it('mine: own items and own threads only', () => {
    expect(notificationFor(facts({}))).toBeNull();
    expect(notificationFor(facts({ isItemOwner: true }))).toBe('comment');
    expect(notificationFor(facts({ isReply: true, isThreadParticipant: true }))).toBe('reply');
  });
  it('all: every comment and reply', () => {
    expect(notificationFor(facts({ level: 'all' }))).toBe('comment');
    expect(notificationFor(facts({ level: 'all', isReply: true }))).toBe('reply');
  });
});

describe('when it goes out', () => {
  it('instant now, hourly at the next full hour', () => {
    expect(deliveryTime('2026-11-21T07:30:00.000Z', 'instant', 'UTC')).toBe('2026-11-21T07:30:00.000Z');
    expect(deliveryTime('2026-11-21T07:30:00.000Z', 'hourly', 'UTC')).toBe('2026-11-21T08:00:00.000Z');
  });
  it('daily at the next 09:00 in the person’s zone', () => {
    expect(deliveryTime('2026-11-21T07:30:00.000Z', 'daily', 'Europe/Berlin')).toBe('2026-11-21T08:00:00.000Z');
    expect(deliveryTime('2026-11-21T10:30:00.000Z', 'daily', 'Europe/Berlin')).toBe('2026-11-22T08:00:00.000Z');
    expect(deliveryTime('2026-11-21T07:30:00.000Z', 'daily', 'America/New_York')).toBe('2026-11-21T14:00:00.000Z');
    // The day summer time starts in Berlin: 09:00 CEST.
    expect(deliveryTime('2026-03-29T00:30:00.000Z', 'daily', 'Europe/Berlin')).toBe('2026-03-29T07:00:00.000Z');
  });
  it('treats an unknown zone as UTC', () => {
    expect(deliveryTime('2026-11-21T07:30:00.000Z', 'daily', 'Not/AZone')).toBe('2026-11-21T09:00:00.000Z');
  });
});
