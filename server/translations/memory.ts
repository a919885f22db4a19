/**
 * The translation memory (translation-editor §3 Translation-memory report, AI suggestion entry): for one
 * team (subscription) and one locale pair, every segment of the team's translated courses (the latest version of
 * each target item) with its plain source, its effective target (the validation change's value when it has one,
 * else the file's target), where it comes from and whether it is validated (an accepted or approved change, or a
 * segment of a complete nav group).
 *
 * Fuzzy look-up: similarity = 1 − normalized Levenshtein distance of the normalized sources (whitespace collapsed,
 * lower case). A small memory (≤ 1,500 distinct sources) is compared one by one. A larger one goes through a
 * character-trigram inverted index over the sources sorted by length (only lengths that can reach the similarity are
 * scanned): an edit destroys at most three of the query's trigrams, so a source within d edits keeps all but 3d of
 * them and one of the query's 3d + 1 rarest trigrams finds it (prefix filtering, exact); when those postings are too
 * many (very repetitive text) the rarest trigrams within a budget rank the candidates and the best-overlapping ones
 * are verified. Every candidate passes the trigram count filter, then fastest-levenshtein `distance`. Indexes are
 * cached per (team, pair) and dropped on any write to validations (commands, progress, reset).
 */
import { distance } from 'fastest-levenshtein';
import type { ProgressDetail } from '../../domain/translation.ts';
import { deserializeSegmentText, plainText } from '../../domain/translationEdits.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow } from '../db/schema.ts';
import { subscriptionOfItem, type ModelCache } from './store.ts';

/** One segment of the memory. */
export interface MemoryEntry {
  /** The plain source, as the course has it. */
  source: string;
  /** The effective target's plain text. */
  translation: string;
  /** An accepted / approved change, or a segment of a complete nav group. */
  validated: boolean;
  itemId: string;
  /** The segment's path key in its file. */
  key: string;
  /** The course's title (its stack's title when it is in one). */
  courseTitle: string;
  /** The target locale. */
  locale: string;
}

/** Text as compared: whitespace runs collapsed, trimmed, lower case. */
export function normalizeMemoryText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** 1 − normalized Levenshtein distance of two texts as compared (1 for two empty texts). */
export function memorySimilarity(a: string, b: string): number {
  const x = normalizeMemoryText(a);
  const y = normalizeMemoryText(b);
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - distance(x, y) / longer;
}

/** Memories of at most this many distinct sources are compared one by one (a small team's memory). */
const SCAN_ALL_BELOW = 1_500;
/** Postings an exact look-up may scan (each one a candidate to verify) before the index ranks candidates instead (see `search`). */
const EXACT_BUDGET = 400;
/** Postings a ranking look-up scans. */
const CANDIDATE_BUDGET = 2_000;
/** Candidates verified per ranking look-up. */
const APPROXIMATE_VERIFY = 16;
/** ... and only those holding at least this share of the rarest trigrams probed. */
const APPROXIMATE_MIN_SHARE = 0.4;

/** Posting lists longer than this get a table of where each length bucket starts. */
const LONG_POSTING = 64;
/** Source lengths per bucket of that table. */
const LENGTH_BUCKET = 8;

/** The padding that gives short texts (and the ends of long ones) trigrams of their own. */
const PAD = '\u0001\u0001';

/** The fuzzy index over a set of entries (immutable once built). */
export class TranslationMemoryIndex {
  readonly size: number;
  /** Distinct normalized sources, by length ascending (so a length window is an id range). */
  private readonly sources: string[] = [];
  private readonly lengths: Int32Array;
  private readonly entriesOf: MemoryEntry[][] = [];
  private readonly trigramIds = new Map<number, number>();
  private readonly postings: Int32Array[] = [];
  private readonly counts: Int32Array;
  private readonly touched: Int32Array;
  /** Per trigram with a long posting list: where each length bucket starts in it. */
  private readonly lengthTables: (Int32Array | null)[] = [];
  /** Each source's trigram codes, ascending. */
  private readonly codesOf: Int32Array[] = [];
  private probeBuffers = { probeList: new Int32Array(64), probeLo: new Int32Array(64), probeHi: new Int32Array(64), probeOrder: new Int32Array(64) };

  /** Memories of at most this many distinct sources are compared with the query one by one (exact, and cheap). */
  private readonly scanAllBelow: number;

  constructor(entries: readonly MemoryEntry[], options: { scanAllBelow?: number } = {}) {
    this.scanAllBelow = options.scanAllBelow ?? SCAN_ALL_BELOW;
    this.size = entries.length;
    const bySource = new Map<string, MemoryEntry[]>();
    for (const entry of entries) {
      const normalized = normalizeMemoryText(entry.source);
      if (normalized === '' || entry.translation.trim() === '') continue;
      const list = bySource.get(normalized);
      if (list) list.push(entry);
      else bySource.set(normalized, [entry]);
    }
    const ordered = [...bySource.keys()].sort((a, b) => a.length - b.length);
    this.lengths = new Int32Array(ordered.length);
    const lists: number[][] = [];
    ordered.forEach((source, id) => {
      this.sources.push(source);
      this.lengths[id] = source.length;
      this.entriesOf.push(bySource.get(source)!);
      const codes = trigramCodes(source);
      this.codesOf.push(codes);
      for (const trigram of codes) {
        let tid = this.trigramIds.get(trigram);
        if (tid === undefined) {
          tid = lists.length;
          this.trigramIds.set(trigram, tid);
          lists.push([]);
        }
        lists[tid]!.push(id);
      }
    });
    const buckets = Math.floor((ordered.at(-1)?.length ?? 0) / LENGTH_BUCKET) + 2;
    for (const list of lists) {
      const posting = Int32Array.from(list);
      this.postings.push(posting);
      let table: Int32Array | null = null;
      if (posting.length > LONG_POSTING) {
        // table[b]: the first index whose source is at least b·LENGTH_BUCKET long (the last entry: the end).
        table = new Int32Array(buckets + 1).fill(posting.length);
        let next = 0;
        for (let i = 0; i < posting.length; i++) {
          const bucket = Math.floor(this.lengths[posting[i]!]! / LENGTH_BUCKET);
          while (next <= bucket) table[next++] = i;
        }
      }
      this.lengthTables.push(table);
    }
    this.counts = new Int32Array(ordered.length);
    this.touched = new Int32Array(ordered.length);
  }

  /** Scratch space reused by every look-up (look-ups are synchronous: never shared). */
  private buffers(trigrams: number) {
    if (this.probeBuffers.probeList.length < trigrams) {
      const n = trigrams * 2;
      this.probeBuffers = { probeList: new Int32Array(n), probeLo: new Int32Array(n), probeHi: new Int32Array(n), probeOrder: new Int32Array(n) };
    }
    return { ...this.probeBuffers, touched: this.touched, counts: this.counts };
  }

  /** True when no entry has a source and a translation. */
  get isEmpty(): boolean {
    return this.sources.length === 0;
  }

  /**
   * The distinct sources at least `minSimilarity` similar to `text`, best first, each with its entries
   * (those `keep` accepts; a source left without entries is dropped).
   */
  search(text: string, minSimilarity: number, keep: (entry: MemoryEntry) => boolean = () => true): { source: string; similarity: number; entries: MemoryEntry[] }[] {
    const query = normalizeMemoryText(text);
    const length = query.length;
    if (length === 0 || this.sources.length === 0) return [];
    const min = Math.max(minSimilarity, 1e-9);
    // A source shorter than length·s or longer than length/s is too far in edits alone.
    const from = lowerBound(this.lengths, Math.ceil(length * min - 1e-9));
    const to = lowerBound(this.lengths, Math.floor(length / min + 1e-9) + 1);
    if (from >= to) return [];
    const maxEdits = Math.floor((1 - min) * this.lengths[to - 1]! + 1e-9);
    const codes = trigramCodes(query);
    if (this.sources.length <= this.scanAllBelow) {
      const all = new Int32Array(to - from);
      for (let id = from; id < to; id++) all[id - from] = id;
      return this.verified(query, codes, all, min, keep);
    }
    // The query's distinct trigrams the index knows, with their postings inside the length window, rarest first.
    const fromBucket = Math.floor(this.lengths[from]! / LENGTH_BUCKET);
    const toBucket = Math.floor(this.lengths[to - 1]! / LENGTH_BUCKET);
    const { probeList, probeLo, probeHi, probeOrder, touched, counts } = this.buffers(codes.length);
    let probes = 0;
    for (let k = 0; k < codes.length; k++) {
      const tid = this.trigramIds.get(codes[k]!);
      if (tid === undefined) continue;
      const list = this.postings[tid]!;
      const table = this.lengthTables[tid];
      // Long lists: the length buckets bound the window (a few more ids than needed, skipped below) without a
      // binary search over memory that is not in cache.
      const lo = table ? table[Math.min(fromBucket, table.length - 1)]! : lowerBound(list, from);
      const hi = table ? table[Math.min(toBucket + 1, table.length - 1)]! : lowerBound(list, to);
      probeList[probes] = tid;
      probeLo[probes] = lo;
      probeHi[probes] = hi;
      // Insertion by size: a few dozen trigrams.
      let at = probes++;
      while (at > 0 && probeHi[probeOrder[at - 1]!]! - probeLo[probeOrder[at - 1]!]! > hi - lo) {
        probeOrder[at] = probeOrder[at - 1]!;
        at--;
      }
      probeOrder[at] = probes - 1;
    }
    // A source within d edits misses at most 3d of the query's trigrams, the unknown ones included: when it cannot
    // miss all of the `needed` rarest known ones, those alone find every true match (prefix filtering).
    const unknown = codes.length - probes;
    const needed = 3 * maxEdits - unknown + 1;
    if (needed <= 0 || probes === 0) return [];
    const sizeOf = (p: number) => probeHi[probeOrder[p]!]! - probeLo[probeOrder[p]!]!;
    let exact = true;
    let used = Math.min(needed, probes);
    let work = 0;
    for (let p = 0; p < used; p++) work += sizeOf(p);
    if (work > EXACT_BUDGET) {
      // Very repetitive memories (tiny vocabularies): the rarest trigrams within a budget rank the candidates, and
      // only the best-overlapping ones are verified.
      exact = false;
      used = 0;
      work = 0;
      while (used < probes && (used === 0 || work + sizeOf(used) <= CANDIDATE_BUDGET)) work += sizeOf(used++);
    }
    let touchedCount = 0;
    let topCount = 0;
    for (let p = 0; p < used; p++) {
      const probe = probeOrder[p]!;
      const list = this.postings[probeList[probe]!]!;
      const hi = probeHi[probe]!;
      for (let i = probeLo[probe]!; i < hi; i++) {
        const id = list[i]!;
        if (id < from || id >= to) continue;
        const count = ++counts[id]!;
        if (count === 1) touched[touchedCount++] = id;
        if (count > topCount) topCount = count;
      }
    }
    let verify: Int32Array = touched.subarray(0, touchedCount);
    if (!exact && touchedCount > APPROXIMATE_VERIFY) {
      // The APPROXIMATE_VERIFY best counts: the cutoff from a histogram of counts, then one pass.
      const perCount = new Int32Array(topCount + 1);
      for (let t = 0; t < touchedCount; t++) perCount[counts[touched[t]!]!]!++;
      let cutoff = topCount;
      let taken = perCount[cutoff]!;
      while (cutoff > 1 && taken < APPROXIMATE_VERIFY) taken += perCount[--cutoff]!;
      let atCutoff = APPROXIMATE_VERIFY - (taken - perCount[cutoff]!);
      let kept = 0;
      // A near match keeps most of the query's rare trigrams: candidates holding few of them are not worth a distance.
      const floor = Math.ceil(used * APPROXIMATE_MIN_SHARE);
      for (let t = 0; t < touchedCount; t++) {
        const id = touched[t]!;
        const count = counts[id]!;
        counts[id] = 0;
        if (count >= floor && (count > cutoff || (count === cutoff && atCutoff-- > 0))) touched[kept++] = id;
      }
      verify = touched.subarray(0, kept);
    } else {
      for (let t = 0; t < touchedCount; t++) counts[touched[t]!] = 0;
    }
    return this.verified(query, codes, verify, min, keep);
  }

  /** The candidates at least `min` similar (count filter, then the distance), best first. */
  private verified(query: string, codes: Int32Array, candidates: Int32Array, min: number, keep: (entry: MemoryEntry) => boolean): { source: string; similarity: number; entries: MemoryEntry[] }[] {
    const length = query.length;
    const found: { source: string; similarity: number; entries: MemoryEntry[] }[] = [];
    for (const id of candidates) {
      const source = this.sources[id]!;
      const longer = Math.max(length, source.length);
      const edits = Math.floor((1 - min) * longer + 1e-9);
      // The count filter on all trigrams (cheap, no allocation) before the distance.
      if (sharedCount(codes, this.codesOf[id]!) < codes.length - 3 * edits) continue;
      const similarity = 1 - distance(query, source) / longer;
      if (similarity + 1e-9 < min) continue;
      const entries = this.entriesOf[id]!.filter(keep);
      if (entries.length > 0) found.push({ source, similarity, entries });
    }
    found.sort((a, b) => b.similarity - a.similarity || a.source.localeCompare(b.source));
    return found;
  }

  /** Every entry (for tests and reports). */
  entries(): MemoryEntry[] {
    return this.entriesOf.flat();
  }
}

/** How many codes two ascending code lists share. */
function sharedCount(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

/**
 * The distinct trigrams of a text (padded), ascending, each coded as one small integer from its three UTF-16 code
 * units: exact below U+0400 (Latin, Greek, Cyrillic), otherwise two trigrams may share a code, which only widens a
 * posting list (a superset of candidates: nothing is lost, verification decides).
 */
function trigramCodes(text: string): Int32Array {
  const padded = `${PAD}${text}${PAD}`;
  const all = new Int32Array(padded.length - 2);
  let a = padded.charCodeAt(0);
  let b = padded.charCodeAt(1);
  for (let i = 2; i < padded.length; i++) {
    const c = padded.charCodeAt(i);
    all[i - 2] = (((((a * 1_024) ^ b) & 0xfffff) * 1_024) ^ c) & 0x3fffffff;
    a = b;
    b = c;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return all.subarray(0, n);
}

/** The first index whose value is ≥ `value` in an ascending array. */
function lowerBound(array: Int32Array, value: number): number {
  let lo = 0;
  let hi = array.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (array[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------------------
// The team's memory from the store

/** Whose memory: a team (subscription; null for a private item without one: its owner's items) and a locale pair. */
export interface MemoryScope {
  subscriptionId: string | null;
  ownerAid: string;
  sourceLocale: string;
  targetLocale: string;
}

/** The title a course goes by: its stack's title when it is in one, else its own. */
export async function courseTitleOf(db: Db, item: Pick<ItemRow, 'title' | 'stack_id'>): Promise<string> {
  if (!item.stack_id) return item.title;
  const stack = await db.selectFrom('item_stacks').select('title').where('id', '=', item.stack_id).executeTakeFirst();
  return stack?.title ?? item.title;
}

/** The memory entries of one team and pair, read from the store (the latest version of every target item). */
export async function loadMemoryEntries(db: Db, models: ModelCache, scope: MemoryScope, logError: (error: unknown, where: string) => void): Promise<MemoryEntry[]> {
  const targetLocale = scope.targetLocale.toLowerCase();
  const members = await db
    .selectFrom('translation_items')
    .innerJoin('items', 'items.id', 'translation_items.item_id')
    .selectAll('items')
    .where('translation_items.role', '=', 'target')
    .where('translation_items.locale', '=', targetLocale)
    .where('items.archived_at', 'is', null)
    .execute();
  const entries: MemoryEntry[] = [];
  for (const item of members) {
    const subscriptionId = await subscriptionOfItem(db, item);
    if (subscriptionId !== scope.subscriptionId || (subscriptionId === null && item.user_aid !== scope.ownerAid)) continue;
    const latest = await db.selectFrom('item_versions').select('id').where('item_id', '=', item.id).orderBy('seq', 'desc').executeTakeFirst();
    if (!latest) continue;
    const file = await db.selectFrom('translation_files').select('file_key').where('item_id', '=', item.id).where('version_id', '=', latest.id).executeTakeFirst();
    if (!file) continue;
    const loaded = await models.load(file.file_key).catch((error: unknown) => {
      logError(error, 'translations.memory');
      return null;
    });
    if (!loaded || loaded.file.sourceLocale.toLowerCase() !== scope.sourceLocale.toLowerCase()) continue;
    const validation = await db.selectFrom('validations').select('id').where('item_id', '=', item.id).where('version_id', '=', latest.id).executeTakeFirst();
    const changes = validation ? await db.selectFrom('validation_changes').select(['path_key', 'new_value', 'status']).where('validation_id', '=', validation.id).execute() : [];
    const progress: Record<string, ProgressDetail> = {};
    if (validation) {
      for (const row of await db.selectFrom('validation_progress').select(['path_key', 'user_aid', 'updated_at']).where('validation_id', '=', validation.id).execute()) {
        progress[row.path_key] = { userId: row.user_aid, updatedAt: row.updated_at, isCourseUpdate: false };
      }
    }
    const changeOf = new Map(changes.map((row) => [row.path_key, row]));
    const courseTitle = await courseTitleOf(db, item);
    for (const segment of loaded.model.segments) {
      const change = changeOf.get(segment.key);
      const value = change ? deserializeSegmentText(change.new_value, segment.textType) : null;
      const translation = value === null ? segment.originalTargetText : plainText(value, segment.textType);
      entries.push({
        source: segment.sourceText,
        translation,
        validated: (change !== undefined && change.status !== 'pending') || Object.prototype.hasOwnProperty.call(progress, segment.navKey),
        itemId: item.id,
        key: segment.key,
        courseTitle,
        locale: targetLocale,
      });
    }
  }
  return entries;
}

/** The cached indexes of every (team, pair), dropped on writes. */
export function createTranslationMemory(options: { db: Db; models: ModelCache; logError: (error: unknown, where: string) => void }) {
  const cache = new Map<string, Promise<TranslationMemoryIndex>>();
  let generation = 0;
  return {
    /** The index of a scope (built on first use, then cached until the next write). */
    index(scope: MemoryScope): Promise<TranslationMemoryIndex> {
      const key = JSON.stringify([scope.subscriptionId ?? `owner:${scope.ownerAid}`, scope.sourceLocale.toLowerCase(), scope.targetLocale.toLowerCase()]);
      const hit = cache.get(key);
      if (hit) return hit;
      const started = generation;
      const building = loadMemoryEntries(options.db, options.models, scope, options.logError).then((entries) => new TranslationMemoryIndex(entries));
      // Cached only if no write happened meanwhile; a failure is never cached.
      if (started === generation) cache.set(key, building);
      const drop = () => {
        if (cache.get(key) === building) cache.delete(key);
      };
      building.then(() => (started !== generation ? drop() : undefined), drop);
      return building;
    },
    /** A validation changed (commands, progress, reset): every index may be stale. */
    invalidate(): void {
      generation++;
      cache.clear();
    },
  };
}
export type TranslationMemory = ReturnType<typeof createTranslationMemory>;
