import { describe, expect, it } from 'vitest';
import { redactValue as redact, redactedHash } from './logCodec.ts';
import { REDACTED } from './redaction.ts';

describe('event-log redaction table', () => {
  it('replaces tokens, passwords and codes at any depth', () => {
    const out = redact({
      type: 'xstate.done.actor.completeSignIn',
      output: { tokens: { accessToken: 'secret-a', idToken: 'secret-i', expiresInSeconds: 60 }, password: 'pw', nested: [{ refresh_token: 'r' }] },
    });
    const text = JSON.stringify(out);
    expect(text).not.toMatch(/secret-a|secret-i|"pw"|"r"/);
    expect(out).toMatchObject({ output: { tokens: { accessToken: REDACTED, idToken: REDACTED, expiresInSeconds: 60 }, password: REDACTED } });
  });

  it('redacts the item password wherever it travels (item.get `pass`, socket credentials `itemPassword`)', () => {
    const out = redact({ input: { id: 'i1', pass: 'letmein', protectedLinksFlagEnabled: true }, credentials: { kind: 'token', itemPassword: 'letmein' }, none: { pass: null } });
    expect(JSON.stringify(out)).not.toContain('letmein');
    expect(out).toEqual({ input: { id: 'i1', pass: REDACTED, protectedLinksFlagEnabled: true }, credentials: { kind: 'token', itemPassword: REDACTED }, none: { pass: null } });
  });

  it('redacts codes and state inside URLs but keeps the rest', () => {
    expect(redact({ url: 'http://x/auth-callback?code=abc&state=def&product_tour=1' })).toEqual({
      url: `http://x/auth-callback?code=${REDACTED}&state=${REDACTED}&product_tour=1`,
    });
  });

  it('describes files without their bytes and cuts cycles', () => {
    const file = new File(['hello'], 'course.zip', { type: 'application/zip' });
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(redact({ file })).toEqual({ file: { $blob: { name: 'course.zip', type: 'application/zip', size: 5 } } });
    expect(redact(cyclic)).toEqual({ name: 'a', self: { $cycle: true } });
  });

  it('keeps an error’s own fields (status, reason) for replay, redacting secrets among them', () => {
    const error = Object.assign(new Error('Refused'), { reason: 'forbidden', failedId: 12, token: 'secret-t' });
    expect(redact({ error })).toEqual({ error: { $error: { name: 'Error', message: 'Refused', reason: 'forbidden', failedId: 12, token: REDACTED } } });
  });
});

describe('redactedHash (context hashes of the event log)', () => {
  it('gives equal values equal hashes and different values different ones, at any depth', () => {
    const a = { model: { segments: [{ key: 'a', text: 'Bonjour' }] }, filter: 'all' };
    const b = { filter: 'all', model: { segments: [{ text: 'Bonjour', key: 'a' }] } };
    const c = { model: { segments: [{ key: 'a', text: 'Bonsoir' }] }, filter: 'all' };
    expect(redactedHash(a)).toBe(redactedHash(b));
    expect(redactedHash(a)).not.toBe(redactedHash(c));
  });

  it('ignores secrets, as the redacted log does', () => {
    expect(redactedHash({ user: 'u', accessToken: 'one' })).toBe(redactedHash({ user: 'u', accessToken: 'two' }));
    expect(redactedHash({ user: 'u', accessToken: 'one' })).not.toBe(redactedHash({ user: 'u', accessToken: null }));
  });

  it('reuses an unchanged subtree: a new context sharing it hashes to what a fresh copy does', () => {
    const shared = { segments: Array.from({ length: 100 }, (_, i) => ({ key: String(i), text: `t${i}` })) };
    const before = { model: shared, editing: { value: 'a' } };
    const after = { model: shared, editing: { value: 'ab' } };
    const fresh = { model: structuredClone(shared), editing: { value: 'ab' } };
    expect(redactedHash(before)).not.toBe(redactedHash(after));
    expect(redactedHash(after)).toBe(redactedHash(fresh));
  });
});
