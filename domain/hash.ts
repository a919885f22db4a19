/** JSON with object keys sorted, so equal values always print the same. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** Two 32-bit FNV-1a passes with different offsets, as 16 hex digits: a cheap, stable fingerprint (not for security). */
export function fnv1a64(text: string): string {
  const state = fnv1a64Start();
  fnv1a64Update(state, text, 0, text.length);
  return fnv1a64Digest(state);
}

/** The state of an fnv1a64 fingerprint taken in parts (a long text hashed a slice at a time). */
export interface Fnv1a64State {
  a: number;
  b: number;
}

/** A fresh fnv1a64 state. */
export function fnv1a64Start(): Fnv1a64State {
  return { a: 0x811c9dc5, b: 0x01000193 ^ 0x5bd1e995 };
}

/** Mixes `text[from, to)` into `state`; slices mixed in order give fnv1a64 of the whole text. */
export function fnv1a64Update(state: Fnv1a64State, text: string, from: number, to: number): void {
  let { a, b } = state;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  state.a = a;
  state.b = b;
}

/** The 16 hex digits of a state. */
export function fnv1a64Digest(state: Fnv1a64State): string {
  return (state.a >>> 0).toString(16).padStart(8, '0') + (state.b >>> 0).toString(16).padStart(8, '0');
}

/** Stable fingerprint of any JSON-like value. */
export function hashValue(value: unknown): string {
  return fnv1a64(stableStringify(value));
}
