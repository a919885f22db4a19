/**
 * Reading translations back (translation-editor §3, §7): stored change and progress rows as the protocol's
 * ValidationChange and ProgressDetail, the profiles of the people in them, and the parsed model of each stored
 * translation file, cached by file key (a file never changes under its key), so a request on a 20,000-segment
 * course does not parse it again.
 */
import { buildTranslationModel, parseTranslationFile, type TranslationModel } from '../../domain/translationModel.ts';
import type { ProgressDetail, TranslationFile, TranslationProfile, ValidationChange } from '../../domain/translation.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow, ValidationChangeRow, ValidationProgressRow } from '../db/schema.ts';
import { anySubscriptionOf } from '../content/repository.ts';
import type { TranslationCdn } from './cdn.ts';

/** A stored file, parsed and modelled. */
export interface LoadedFile {
  file: TranslationFile;
  model: TranslationModel;
}

/** How many parsed files stay in memory (least recently used ones go first). */
const MODEL_CACHE_SIZE = 32;

/** A small LRU cache of parsed files by key; concurrent loads of one key share the work. */
export function createModelCache(cdn: TranslationCdn) {
  const cache = new Map<string, Promise<LoadedFile | null>>();
  return {
    /** The file's model, or null when nothing is stored under the key. A stored file that does not parse throws. */
    load(key: string): Promise<LoadedFile | null> {
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const loading = (async () => {
        const json = await cdn.read(key);
        if (json === null) return null;
        const file = parseTranslationFile(JSON.parse(json));
        return { file, model: buildTranslationModel(file).model };
      })();
      cache.set(key, loading);
      // A failure is not cached: the next request tries again.
      loading.then((loaded) => (loaded === null ? cache.delete(key) : undefined)).catch(() => cache.delete(key));
      while (cache.size > MODEL_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return loading;
    },
  };
}
export type ModelCache = ReturnType<typeof createModelCache>;

/** A stored change as the protocol has it. */
export function toChange(row: ValidationChangeRow): ValidationChange {
  return {
    validationSegmentId: row.validation_segment_id,
    status: row.status,
    replacement: { newValue: row.new_value, unsavedValue: null },
    forceUpdate: row.force_update === 1,
    proposedBy: row.proposed_by,
    proposedAt: row.proposed_at,
    lastAcceptedDate: row.last_accepted_date,
    lastAcceptedBy: row.last_accepted_by,
    suggestionModel: row.suggestion_model,
  };
}

/** Stored changes keyed by path key. */
export function changesByPath(rows: readonly ValidationChangeRow[]): Record<string, ValidationChange> {
  const out: Record<string, ValidationChange> = {};
  for (const row of rows) out[row.path_key] = toChange(row);
  return out;
}

export function toProgress(row: ValidationProgressRow): ProgressDetail {
  return { userId: row.user_aid, updatedAt: row.updated_at, isCourseUpdate: row.is_course_update === 1 };
}

/** Names of the given accounts by id (unknown ids are left out). */
export async function profilesOf(db: Db, aids: Iterable<string | null>): Promise<Record<string, TranslationProfile>> {
  const wanted = [...new Set([...aids].filter((aid): aid is string => aid !== null && aid !== ''))];
  if (wanted.length === 0) return {};
  const rows = await db.selectFrom('users').select(['aid', 'first_name', 'last_name']).where('aid', 'in', wanted).execute();
  return Object.fromEntries(rows.map((row) => [row.aid, { firstName: row.first_name, lastName: row.last_name }]));
}

/** Everyone a set of changes and progress entries names. */
export function peopleIn(changes: readonly ValidationChangeRow[], progress: readonly ValidationProgressRow[]): string[] {
  const out: string[] = [];
  for (const row of changes) out.push(row.proposed_by, ...(row.last_accepted_by ? [row.last_accepted_by] : []));
  for (const row of progress) out.push(row.user_aid);
  return out;
}

/**
 * The subscription an item's rights (and its team's translation memory) come from: its folder's (a shared folder
 * belongs to its team's subscription), else — private root — the owner's own first subscription.
 */
export async function subscriptionOfItem(db: Db, item: Pick<ItemRow, 'folder_id' | 'user_aid'>): Promise<string | null> {
  if (item.folder_id !== null) {
    const folder = await db.selectFrom('folders').select('subscription_id').where('id', '=', item.folder_id).executeTakeFirst();
    if (folder?.subscription_id) return folder.subscription_id;
  }
  return anySubscriptionOf(db, item.user_aid);
}
