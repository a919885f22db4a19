import { describe, expect, it } from 'vitest';
import { canChangeSharing, draftFrom, hasUnsavedShareChanges, isRemovablePerson, parseEmailList, reviewLinkFor, shareRequestOf, sharePersonOf, type SharePerson } from './sharing.ts';

const person = (email: string, reasons: SharePerson['reasons']): SharePerson => ({ id: email, name: email, email, avatars: { micro: null }, reasons, role: 0 });

describe('sharing', () => {
  it('names a person by first and last name, else by e-mail', () => {
    expect(sharePersonOf({ userId: 'u', profile: { firstName: 'Tara', lastName: 'Team', email: 't@x.io', links: { micro: null } }, reasons: ['owner'], role: 2 }).name).toBe('Tara Team');
    expect(sharePersonOf({ userId: 'u', profile: { firstName: '', lastName: '', email: 't@x.io', links: { micro: null } }, reasons: ['explicit'], role: 0 }).name).toBe('t@x.io');
  });

  it('lets only explicit-only people be removed', () => {
    expect(isRemovablePerson(person('a@x.io', ['explicit']))).toBe(true);
    expect(isRemovablePerson(person('a@x.io', ['explicit', 'team-folder-user']))).toBe(false);
    expect(isRemovablePerson(person('a@x.io', ['owner']))).toBe(false);
  });

  it('needs edit-metadata or ownership to change sharing', () => {
    expect(canChangeSharing({ isOwner: true, actions: [] })).toBe(true);
    expect(canChangeSharing({ isOwner: false, actions: ['viewItem', 'editItemMetadata'] })).toBe(true);
    expect(canChangeSharing({ isOwner: false, actions: ['viewItem'] })).toBe(false);
  });

  it('builds the review link', () => {
    expect(reviewLinkFor('http://localhost:3000/', 'item 1')).toBe('http://localhost:3000/review/content/item%201/review');
  });

  it('parses a pasted list into e-mails, skipping duplicates and naming the malformed', () => {
    const parsed = parseEmailList('Tara <TARA.team@example.com>; sam@example.com, sam@example.com nope "ian@example.com"', ['ian@example.com']);
    expect(parsed.emails).toEqual(['tara.team@example.com', 'sam@example.com']);
    expect(parsed.invalid).toEqual(['Tara', 'nope']);
    expect(parsed.duplicates).toEqual(['sam@example.com', 'ian@example.com']);
  });

  it('knows unsaved changes and what a draft saves as', () => {
    const saved = draftFrom({ isPrivate: false, allowAnonComments: true, hasPassword: true }, [person('a@x.io', ['explicit'])]);
    expect(hasUnsavedShareChanges(saved, saved)).toBe(false);
    expect(shareRequestOf(saved)).toEqual({ mode: 'public', body: { allowAnonComments: true } });
    expect(hasUnsavedShareChanges(saved, { ...saved, password: 'new' })).toBe(true);
    expect(shareRequestOf({ ...saved, passwordEnabled: false })).toEqual({ mode: 'public', body: { allowAnonComments: true, password: null } });
    const priv = { ...saved, mode: 'private' as const, explicitEmails: ['b@x.io', 'a@x.io'] };
    expect(hasUnsavedShareChanges(saved, priv)).toBe(true);
    expect(hasUnsavedShareChanges({ ...priv, explicitEmails: ['a@x.io', 'b@x.io'] }, priv)).toBe(false);
    expect(shareRequestOf(priv)).toEqual({ mode: 'private', body: { explicitPermissions: [{ email: 'b@x.io' }, { email: 'a@x.io' }] } });
  });
});
