import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];

/** Arrays and objects in the context up to this size of JSON are keyed by it; larger ones by a hash of it. */
const SMALL_JSON_CHARS = 400;
/** Lists longer than this are keyed by their length and LIST_ENDS items at either end. */
const LONG_LIST = 32;
const LIST_ENDS = 4;

/** The state nodes a snapshot makes active, compound and parallel ones included, in document order. */
export const activeStateNodes = (snapshot: AnyMachineSnapshot): AnyStateNode[] => (snapshot as unknown as { _nodes?: AnyStateNode[] })._nodes ?? [];

/**
 * How the search tells snapshots apart, and what novelty pruning counts. The key: the status, the state value, the
 * children's ids and every context entry (numbers kept; arrays and objects by their JSON when short, else a hash of
 * it; long lists by their length and their ends). The facts: each active leaf state, the status, the children, the
 * input, and each context entry, a record's members one by one and a list's length (up to a few) and items. Paths are
 * bounded by depth and the search by its budgets, so numbers that grow do not make it run on.
 */
function stateFacts(snapshot: AnyMachineSnapshot, inputIndex: number): string[] {
  // Each active leaf state (the regions of a parallel state one by one), the status, the children, the input.
  const leaves = activeStateNodes(snapshot).filter((node) => node.type === 'atomic' || node.type === 'final');
  return [`input:${inputIndex}`, `status:${snapshot.status}`, `children:${Object.keys(snapshot.children ?? {}).sort().join(',')}`, ...leaves.map((node) => `state:${node.id}`)];
}

function listFacts(name: string, list: unknown[], out: string[]): void {
  out.push(`${name}.length=${Math.min(list.length, LIST_ENDS)}`);
  const items = list.length > LONG_LIST ? [...list.slice(0, LIST_ENDS), ...list.slice(-LIST_ENDS)] : list;
  for (const item of items) out.push(`${name}∋${item === null || typeof item !== 'object' ? JSON.stringify(item) : objectKey(item)}`);
}

/** A context entry holding an object, as its key fact and its novelty facts (none: the key fact is its only one). */
function objectEntry(key: string, value: object): { fact: string; facts: string[] | null } {
  const fact = `${key}=${objectKey(value)}`;
  let facts: string[] | null = null;
  // A record in the context (a region's own state kept in one entry): its members are the facts, one by one. A
  // list (a queue that grows): its length up to a few, and each item it holds, so that a longer queue of the same
  // items is nothing new.
  if (Object.getPrototypeOf(value) === Object.prototype) {
    facts = [];
    for (const [inner, member] of Object.entries(value as Record<string, unknown>)) {
      if (member === undefined || typeof member === 'function') continue;
      if (Array.isArray(member)) listFacts(`${key}.${inner}`, member, facts);
      else facts.push(`${key}.${inner}=${member === null || typeof member !== 'object' ? JSON.stringify(member) : objectKey(member)}`);
    }
  } else if (Array.isArray(value)) listFacts(key, value, (facts = []));
  return { fact, facts };
}

/** Pairs of small non-negative numbers, as bits (a triangular index): `add` says whether the pair was new. */
export class PairSet {
  private bits = new Uint32Array(1024);

  add(a: number, b: number): boolean {
    const [high, low] = a > b ? [a, b] : [b, a];
    const index = (high * (high - 1)) / 2 + low;
    const word = index >>> 5;
    if (word >= this.bits.length) {
      let size = this.bits.length;
      while (size <= word) size *= 2;
      const grown = new Uint32Array(size);
      grown.set(this.bits);
      this.bits = grown;
    }
    const mask = 1 << (index & 31);
    if (this.bits[word]! & mask) return false;
    this.bits[word]! |= mask;
    return true;
  }
}

/** Objects are immutable and shared between snapshots: each one's key is worked out once. */
const objectKeys = new WeakMap<object, string>();

/**
 * An object's key: its JSON when that is short, else a hash of it, built from its members' keys (each worked out once
 * per object, so a large context that changes in one place costs only the path to that place).
 */
function objectKey(value: object, open: Set<object> = new Set()): string {
  const known = objectKeys.get(value);
  if (known !== undefined) return known;
  if ('xstate$$type' in value || typeof (value as { send?: unknown }).send === 'function') return `"@${String((value as { id?: unknown }).id)}"`;
  if (open.has(value)) return '"[cycle]"';
  open.add(value);
  const member = (inner: unknown): string => {
    if (inner === null || inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') return 'null';
    if (typeof inner === 'bigint') return `"${inner}"`;
    return typeof inner === 'object' ? objectKey(inner, open) : JSON.stringify(inner);
  };
  let text: string;
  if (value instanceof Map) text = `M[${[...value.entries()].map(([k, v]) => `${member(k)}:${member(v)}`).join(',')}]`;
  else if (value instanceof Set) text = `S[${[...value].map(member).join(',')}]`;
  else if (Array.isArray(value)) {
    // A long list (hits of a search, rows) by its length and its ends: bounded work for each new list.
    const items = value.length > LONG_LIST ? [...value.slice(0, LIST_ENDS), `…${value.length}`, ...value.slice(-LIST_ENDS)] : value;
    text = `[${items.map(member).join(',')}]`;
  }
  else {
    const parts: string[] = [];
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner === undefined || typeof inner === 'function') continue;
      parts.push(`${JSON.stringify(key)}:${member(inner)}`);
    }
    text = `{${parts.join(',')}}`;
  }
  open.delete(value);
  const key = text.length <= SMALL_JSON_CHARS ? text : `#${hashOf(text)}`;
  objectKeys.set(value, key);
  return key;
}

/** A 64-bit FNV-1a hash of a string, in hex (two 32-bit halves with different offsets). */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193 + 2);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}


/** A context entry's numbers: its key fact's, and its novelty facts'. */
interface NumberedEntry {
  entry: number;
  facts: number[];
}

/**
 * The key and the numbered facts of snapshots, for one search: facts are numbered as they are first met, a context
 * entry's numbers are worked out once per name and value (an object by identity: objects in a context are immutable
 * and shared between snapshots, so a step that assigns one entry costs that entry only), a context's once per context
 * object, a state's once per state value, status and children.
 */
export class SnapshotFacts {
  private readonly factNumbers = new Map<string, number>();
  private readonly objectEntries = new WeakMap<object, Map<string, NumberedEntry>>();
  private readonly primitiveEntries = new Map<string, Map<unknown, NumberedEntry>>();
  private readonly contexts = new WeakMap<object, NumberedContext>();
  /** Contexts' entry numbers by a hash of them, each with its number. */
  private readonly contextKeys = new Map<number, { entries: number[]; key: number }[]>();
  private contextCount = 0;
  private readonly ownKeys = new Map<string, number>();
  private readonly states = new Map<string, number[]>();

  /**
   * The snapshot's key (equal keys: the search takes the snapshots for one) and the numbers of its facts. With the
   * snapshot it was stepped from, the context entries it kept (the same value) are not looked up again.
   */
  describe(snapshot: AnyMachineSnapshot, inputIndex: number, from?: AnyMachineSnapshot): { key: string; ids: number[] } {
    const own = `${snapshot.status}:${JSON.stringify(snapshot.value)}\u0001${Object.keys(snapshot.children ?? {}).sort().join(',')}`;
    let ownKey = this.ownKeys.get(own);
    if (ownKey === undefined) this.ownKeys.set(own, (ownKey = this.ownKeys.size));
    const context = this.context((snapshot.context ?? {}) as Record<string, unknown>, from?.context as Record<string, unknown> | undefined);
    const stateKey = `${inputIndex}:${ownKey}`;
    let stateIds = this.states.get(stateKey);
    if (!stateIds) this.states.set(stateKey, (stateIds = stateFacts(snapshot, inputIndex).map(this.numberOf)));
    return { key: `${stateKey}:${context.key}`, ids: stateIds.concat(context.ids) };
  }

  private readonly numberOf = (fact: string): number => {
    let id = this.factNumbers.get(fact);
    if (id === undefined) this.factNumbers.set(fact, (id = this.factNumbers.size));
    return id;
  };

  private context(context: Record<string, unknown>, from: Record<string, unknown> | undefined): NumberedContext {
    const known = this.contexts.get(context);
    if (known) return known;
    const before = from && this.contexts.get(from);
    const names: string[] = [];
    const numbered: NumberedEntry[] = [];
    const entries: number[] = [];
    const ids: number[] = [];
    let hash = 0x811c9dc5;
    for (const name of Object.keys(context)) {
      const value = context[name];
      if (value === undefined || typeof value === 'function') continue;
      const index = names.length;
      const kept = before && before.names[index] === name && from![name] === value ? before.numbered[index]! : this.entry(name, value);
      names.push(name);
      numbered.push(kept);
      entries.push(kept.entry);
      hash = Math.imul(hash ^ kept.entry, 0x01000193);
      for (const id of kept.facts) ids.push(id);
    }
    let sameHash = this.contextKeys.get(hash);
    if (!sameHash) this.contextKeys.set(hash, (sameHash = []));
    let key = sameHash.find((known) => sameNumbers(known.entries, entries))?.key;
    if (key === undefined) sameHash.push({ entries, key: (key = this.contextCount++) });
    const result = { key, ids, names, numbered };
    this.contexts.set(context, result);
    return result;
  }

  private entry(name: string, value: unknown): NumberedEntry {
    const isObject = value !== null && typeof value === 'object';
    let byValue: Map<unknown, NumberedEntry> | undefined;
    if (isObject) {
      byValue = this.objectEntries.get(value);
      if (!byValue) this.objectEntries.set(value, (byValue = new Map()));
    } else {
      byValue = this.primitiveEntries.get(name);
      if (!byValue) this.primitiveEntries.set(name, (byValue = new Map()));
    }
    const key = isObject ? name : value;
    const known = byValue.get(key);
    if (known) return known;
    const { fact, facts } = isObject ? objectEntry(name, value) : { fact: `${name}=${JSON.stringify(value)}`, facts: null };
    const entry = this.numberOf(fact);
    const result = { entry, facts: facts ? facts.map(this.numberOf) : [entry] };
    byValue.set(key, result);
    return result;
  }
}

/** A context's number (equal entries, equal numbers), its facts' numbers, and its entries by name in order. */
interface NumberedContext {
  key: number;
  ids: number[];
  names: string[];
  numbered: NumberedEntry[];
}

function sameNumbers(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
