import { describe, expect, it } from 'vitest';
import { LogDecoder, LogEncoder, redactValue as redact, SourcePreparation, unpreparedSourceOf, withLogSource, type PayloadRecord } from './logCodec.ts';
import { redactedHash } from './logHash.ts';
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

describe('values that carry their source text (withLogSource)', () => {
  /** Encodes `value` and decodes it back from the payloads' texts, as a reader of the log does. */
  function roundTrip(value: unknown) {
    const encoded = new LogEncoder().encode(value);
    const payloads = new Map<string, unknown>();
    const collect = (records: PayloadRecord[]) =>
      records.forEach((record) => {
        payloads.set(record.id, JSON.parse(record.text));
        collect(record.children);
      });
    collect(encoded.refs);
    return { encoded, decoded: new LogDecoder(payloads).decode(encoded.value) };
  }

  it('stores the text as it came, once, and reads back exactly what the adapter decoded (keys like "$ref" included)', () => {
    const text = JSON.stringify({ children: [{ id: 's1', source: '<p>Hello</p>', meta: { $ref: 'not a reference' } }], note: 'a=b' });
    const file = withLogSource(JSON.parse(text) as unknown, text);
    const { encoded, decoded } = roundTrip({ type: 'xstate.done.actor.fetchFile', output: file });
    expect(encoded.refs.map((record) => record.text)).toEqual([text]);
    expect(decoded).toEqual({ type: 'xstate.done.actor.fetchFile', output: JSON.parse(text) });
  });

  it('keeps the mark out of sight: the value looks and hashes like any decoded JSON', () => {
    const text = '{"a":[1,2,{"b":"c"}]}';
    const file = withLogSource(JSON.parse(text) as unknown, text);
    expect(Object.keys(file as object)).toEqual(['a']);
    expect(JSON.stringify(file)).toBe(text);
    expect(redactedHash(file)).toBe(redactedHash(JSON.parse(text)));
  });

  it('writes a text spread over lines as one line of the log, with the same value', () => {
    const text = '{\n  "title": "Line one\\nline two",\r\n  "n": [1,\n2]\n}\n';
    const { encoded, decoded } = roundTrip({ output: withLogSource(JSON.parse(text) as unknown, text) });
    expect(encoded.refs[0]!.text).not.toMatch(/[\r\n]/);
    expect(decoded).toEqual({ output: { title: 'Line one\nline two', n: [1, 2] } });
  });

  it('walks and redacts a text that may hold a secret, as any other value', () => {
    const text = JSON.stringify({ course: 'c', nested: { Token: 'secret-t' }, link: 'https://x/?code=abc' });
    const { encoded, decoded } = roundTrip({ output: withLogSource(JSON.parse(text) as unknown, text) });
    expect(JSON.stringify(encoded)).not.toMatch(/secret-t|code=abc/);
    expect(decoded).toEqual({ output: { course: 'c', nested: { Token: REDACTED }, link: `https://x/?code=${REDACTED}` } });
  });

  it('prepares a long source in steps and then writes the payload a direct encoding writes', () => {
    const text = JSON.stringify({ segments: Array.from({ length: 40_000 }, (_, i) => ({ id: `s${i}`, text: `Segment ${i}` })) });
    const direct = new LogEncoder().encode({ output: withLogSource(JSON.parse(text) as unknown, text) });
    const file = withLogSource(JSON.parse(text) as unknown, text);
    expect(unpreparedSourceOf(file)).toBe(text);
    const preparation = new SourcePreparation(file as object, text);
    let steps = 1;
    while (!preparation.step()) steps++;
    expect(steps).toBeGreaterThan(1);
    expect(unpreparedSourceOf(file)).toBeNull();
    const stepped = new LogEncoder().encode({ output: file });
    expect(stepped).toEqual(direct);
  });
});
