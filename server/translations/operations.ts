/**
 * The translation calls' decisions (translation-editor §4–§7; domain/translation.ts TRANSLATION_CALLS): who may
 * read a validation (the item-view decision, item password included), who may change it (signed in, may view,
 * the translate_content permission on the item's subscription), which paths exist (the file's model), what is
 * locked (isNavGroupLocked: a complete nav group, or a version that is not the item's latest), and the pushes
 * on /item/<itemId>. Every change runs in one transaction (a batch of segment saves: one statement): a refusal stores
 * nothing.
 */
import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS } from '../roles.ts';
import { PERMISSION_TRANSLATE_CONTENT } from '../../domain/roles.ts';
import {
  COMMAND_APPROVE,
  isNavGroupLocked,
  isUnsupportedStorylineVersion,
  parsePathKey,
  pathKey,
  TRANSLATION_MESSAGES,
  type CommandsBody,
  type CommandsResponse,
  type GetSegmentsBody,
  type GetSegmentsResponse,
  type ProgressBody,
  type ProgressDetail,
  type ResetSegmentBody,
  type SegmentState,
  type TranslationPushes,
  type TranslationRefusal,
  type TranslationStackEntry,
  type TranslationStackResponse,
  type PreviousValidationResponse,
  type ValidationResponse,
} from '../../domain/translation.ts';
import { courseUpdates } from '../../domain/translationDiff.ts';
import { deserializeSegmentText, editProblem, fromBase64, normalizeSegmentText, segmentTextProblem, serializeSegmentText } from '../../domain/translationEdits.ts';
import type { Segment } from '../../domain/translationModel.ts';
import { userAccess } from '../content/access.ts';
import { Refusal } from '../content/common.ts';
import { findViewable } from '../content/itemView.ts';
import { loadSnapshot } from '../content/repository.ts';
import { versionsOf } from '../content/versionRepository.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow, UserRow, ValidationChangeRow, ValidationRow } from '../db/schema.ts';
import type { Realtime } from '../realtime.ts';
import { changesByPath, peopleIn, profilesOf, subscriptionOfItem, toChange, toProgress, type LoadedFile, type ModelCache } from './store.ts';

/** Who calls: the signed-in account (bearer), or nobody (anonymous), with the item password header. */
export interface TranslationCaller {
  account: UserRow | null;
  password: string | null;
}

/** A refusal with the protocol's code (the `error` field) and a sentence for people. */
export class TranslationError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TranslationRefusal,
    message: string,
  ) {
    super(message);
  }
}

export const TRANSLATION_REFUSALS = {
  notFound: 'No such item, version or translation, or you may not see it.',
  unauthenticated: 'Sign in to change translations.',
  passwordNeeded: 'This item is protected by a password.',
  accessDenied: 'You do not have access to this item.',
  forbidden: 'You do not have permission to translate content on this subscription.',
  segmentNotFound: 'This segment is not part of the translation (it may have been removed).',
  locked: 'This segment is locked: its group is complete, or this is not the latest version.',
  notANavGroup: 'This path is not a slide or lesson of the translation.',
  badValue: 'The new value is not valid base64 text of this segment type.',
  empty: 'The new value is empty or holds only markup.',
  notStack: 'This item is not part of a translation stack.',
} as const;

/** The identity anonymous callers get for the item-view decision (as the review-request service uses). */
const ANONYMOUS_IDENTITY = 'anon|';

const nowIso = () => new Date().toISOString();

/** The context the calls run in. */
export interface TranslationContext {
  db: Db;
  realtime: Realtime;
  models: ModelCache;
  logError: (error: unknown, where: string) => void;
  /** Told after every stored change to a validation (the translation memory drops its indexes). */
  onValidationWrite?: () => void;
}

/** What every call on a validation id settles first. */
export interface ValidationScope {
  validation: ValidationRow;
  item: ItemRow;
  loaded: LoadedFile;
  /** 1-based position of the validation's version among the item's versions. */
  versionNumber: number;
  isLatest: boolean;
}

/** Translation operations for one context. */
export function translationOperations(context: TranslationContext) {
  const { db } = context;

  /** The item-view decision (same as item.get): notFound → 404, a password needed or wrong → 403 unauthorized, else 403 forbidden. */
  async function viewItem(caller: TranslationCaller, itemId: string): Promise<ItemRow> {
    const access = userAccess(await loadSnapshot(db), caller.account?.aid ?? ANONYMOUS_IDENTITY);
    try {
      return (await findViewable(db, access, itemId, caller.password)).row;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error.reason === 'passwordFailed') throw new TranslationError(403, 'unauthorized', TRANSLATION_REFUSALS.passwordNeeded);
      if (error.reason === 'accessDenied') throw new TranslationError(403, 'forbidden', TRANSLATION_REFUSALS.accessDenied);
      throw new TranslationError(404, 'notFound', TRANSLATION_REFUSALS.notFound);
    }
  }

  /** The subscription an item's rights come from (see subscriptionOfItem). */
  function subscriptionOf(item: ItemRow): Promise<string | null> {
    return subscriptionOfItem(db, item);
  }

  /** §6: the translate-content permission on the item's subscription (the permissions of the roles held there). */
  async function canTranslate(aid: string, item: ItemRow): Promise<boolean> {
    const subscriptionId = await subscriptionOf(item);
    if (subscriptionId === null) return false;
    const roles = await db.selectFrom('subscription_roles').select('role').where('user_aid', '=', aid).where('subscription_id', '=', subscriptionId).execute();
    return roles.some((r) => ROLE_PERMISSIONS[r.role]?.includes(PERMISSION_TRANSLATE_CONTENT) ?? false);
  }

  async function loadFile(key: string): Promise<LoadedFile> {
    const loaded = await context.models.load(key);
    if (!loaded) throw new TranslationError(404, 'notFound', TRANSLATION_REFUSALS.notFound);
    return loaded;
  }

  /** The validation, its item (viewable by the caller) and file, and where its version stands. */
  async function scopeOf(caller: TranslationCaller, validationId: string): Promise<ValidationScope> {
    const validation = await db.selectFrom('validations').selectAll().where('id', '=', validationId).executeTakeFirst();
    if (!validation) throw new TranslationError(404, 'notFound', TRANSLATION_REFUSALS.notFound);
    const item = await viewItem(caller, validation.item_id);
    const versions = await versionsOf(db, item.id);
    const index = versions.findIndex((v) => v.id === validation.version_id);
    if (index < 0) throw new TranslationError(404, 'notFound', TRANSLATION_REFUSALS.notFound);
    return { validation, item, loaded: await loadFile(validation.file_key), versionNumber: index + 1, isLatest: index === versions.length - 1 };
  }

  /** A change of the validation: signed in (401), may view (403/404), may translate (403). */
  async function editScope(caller: TranslationCaller, validationId: string): Promise<ValidationScope & { account: UserRow }> {
    const account = caller.account;
    if (!account) throw new TranslationError(401, 'unauthenticated', TRANSLATION_REFUSALS.unauthenticated);
    const scope = await scopeOf(caller, validationId);
    if (!(await canTranslate(account.aid, scope.item))) throw new TranslationError(403, 'forbidden', TRANSLATION_REFUSALS.forbidden);
    return { ...scope, account };
  }

  function segmentAt(scope: ValidationScope, key: string): Segment {
    const path = parsePathKey(key);
    const segment = path ? scope.loaded.model.segmentsByKey.get(pathKey(path)) : undefined;
    if (!segment) throw new TranslationError(400, 'segmentNotFound', TRANSLATION_REFUSALS.segmentNotFound);
    return segment;
  }

  async function progressOf(trx: Db, validationId: string): Promise<Record<string, ProgressDetail>> {
    const rows = await trx.selectFrom('validation_progress').selectAll().where('validation_id', '=', validationId).execute();
    return Object.fromEntries(rows.map((row) => [row.path_key, toProgress(row)]));
  }

  function push<K extends keyof TranslationPushes>(itemId: string, event: K, data: TranslationPushes[K]): void {
    context.realtime.emitToItem(itemId, event, { ...data });
  }

  /** The segment keys of one nav group. */
  function keysOfNavGroup(loaded: LoadedFile, navKey: string): string[] {
    return loaded.model.segments.filter((segment) => segment.navKey === navKey).map((segment) => segment.key);
  }

  function navGroupAt(scope: ValidationScope, key: string): string {
    const path = parsePathKey(key);
    const group = path ? scope.loaded.model.groups.get(pathKey(path)) : undefined;
    if (!group?.isNav) throw new TranslationError(400, 'notANavGroup', TRANSLATION_REFUSALS.notANavGroup);
    return group.key;
  }

  /** The validation of a target item version (made on first read): view rights, then 404 for what is not a target version with a file. */
  async function validationOf(caller: TranslationCaller, itemId: string, versionId: string, targetLocale: string): Promise<{ item: ItemRow; validation: ValidationRow }> {
    const item = await viewItem(caller, itemId);
    const locale = targetLocale.toLowerCase();
    const member = await db.selectFrom('translation_items').select(['locale', 'role']).where('item_id', '=', item.id).executeTakeFirst();
    const file = await db.selectFrom('translation_files').select('file_key').where('item_id', '=', item.id).where('version_id', '=', versionId).executeTakeFirst();
    const version = await db.selectFrom('item_versions').select('id').where('item_id', '=', item.id).where('id', '=', versionId).executeTakeFirst();
    if (!member || member.role !== 'target' || member.locale !== locale || !file || !version) throw new TranslationError(404, 'notFound', TRANSLATION_REFUSALS.notFound);
    await db
      .insertInto('validations')
      .values({ id: randomUUID(), item_id: item.id, version_id: versionId, target_locale: locale, file_key: file.file_key, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['item_id', 'version_id']).doNothing())
      .execute();
    const validation = await db.selectFrom('validations').selectAll().where('item_id', '=', item.id).where('version_id', '=', versionId).executeTakeFirstOrThrow();
    return { item, validation };
  }

  const written = () => context.onValidationWrite?.();

  return {
    /**
     * GET validation/{itemId}/{versionId}/{targetLocale}: the validation (made on first read) with its changes and
     * progress, and the course updates of its file: shown from version 2 on when there are any.
     */
    validation: async (caller: TranslationCaller, itemId: string, versionId: string, targetLocale: string): Promise<ValidationResponse> => {
      const { validation } = await validationOf(caller, itemId, versionId, targetLocale);
      const changes = await db.selectFrom('validation_changes').selectAll().where('validation_id', '=', validation.id).execute();
      const progress = await db.selectFrom('validation_progress').selectAll().where('validation_id', '=', validation.id).execute();
      const { file } = await loadFile(validation.file_key);
      const updates = courseUpdates(file);
      return {
        validationId: validation.id,
        translationFilePath: validation.file_key,
        paths: changesByPath(changes),
        progressDetails: Object.fromEntries(progress.map((row) => [row.path_key, toProgress(row)])),
        updates,
        profiles: await profilesOf(db, peopleIn(changes, progress)),
        showCourseUpdates: file.version > 1 && Object.keys(updates).length > 0,
      };
    },

    /** GET diff/{itemId}/{previousVersionId}/{targetLocale}: an earlier version's validation, for the version diff. */
    previousValidation: async (caller: TranslationCaller, itemId: string, versionId: string, targetLocale: string): Promise<PreviousValidationResponse> => {
      const { item, validation } = await validationOf(caller, itemId, versionId, targetLocale);
      const versions = await versionsOf(db, item.id);
      const index = versions.findIndex((v) => v.id === versionId);
      const changes = await db.selectFrom('validation_changes').selectAll().where('validation_id', '=', validation.id).execute();
      return {
        validationId: validation.id,
        translationFilePath: validation.file_key,
        paths: changesByPath(changes),
        versionNumber: index + 1,
        versionCreatedAt: versions[index]!.created_at,
      };
    },

    /** POST commands/{validationId}: one batch of segment updates, all or nothing. */
    commands: async (caller: TranslationCaller, validationId: string, body: CommandsBody): Promise<CommandsResponse> => {
      const scope = await editScope(caller, validationId);
      const { validation, loaded, account } = scope;
      const now = nowIso();
      const rows = new Map<string, ValidationChangeRow>();
      // One transaction: the lock check (a complete nav group) and the write see the same progress. Every change is
      // checked before anything is written and the batch is one statement returning its rows, so a segment's row is
      // locked only from that statement to the commit: saves of one segment from many editors (and instances) queue
      // for the shortest time.
      const stored = await db.transaction().execute(async (trx) => {
        const progress = await progressOf(trx, validation.id);
        for (const change of body.changes) {
          const segment = segmentAt(scope, change.path);
          if (change.command === COMMAND_APPROVE) throw new TranslationError(400, 'approvalsNotImplemented', TRANSLATION_MESSAGES.approvals);
          if (isNavGroupLocked(segment.navKey, progress, scope.isLatest)) throw new TranslationError(409, 'locked', TRANSLATION_REFUSALS.locked);
          if (isUnsupportedStorylineVersion(loaded.file)) throw new TranslationError(409, 'unsupportedVersion', TRANSLATION_MESSAGES.oldStoryline);
          let text: string;
          try {
            text = fromBase64(change.data.newValue);
          } catch {
            throw new TranslationError(400, 'invalidRequest', TRANSLATION_REFUSALS.badValue);
          }
          const decoded = deserializeSegmentText(text, segment.textType);
          if (decoded === null) throw new TranslationError(400, 'invalidRequest', TRANSLATION_REFUSALS.badValue);
          const unstorable = segmentTextProblem(decoded, segment.textType);
          if (unstorable) throw new TranslationError(400, 'invalidRequest', unstorable);
          const value = normalizeSegmentText(decoded);
          if (editProblem({ newValue: value, originalTarget: segment.originalTarget, savedValue: null, textType: segment.textType, forceUpdate: true }) === 'empty') {
            throw new TranslationError(400, 'invalidRequest', TRANSLATION_REFUSALS.empty);
          }
          const distance = Math.min(1, Math.max(0, change.data.normalizedLevenshteinDistance));
          rows.set(segment.key, {
            validation_id: validation.id,
            path_key: segment.key,
            validation_segment_id: segment.validationSegmentId,
            new_value: serializeSegmentText(value),
            status: 'pending',
            proposed_by: account.aid,
            proposed_at: now,
            last_accepted_date: null,
            last_accepted_by: null,
            force_update: 0,
            suggestion_model: change.suggestionModel ?? null,
            normalized_distance: distance,
            is_course_update: change.isCourseUpdate ? 1 : 0,
          });
        }
        const values = [...rows.values()];
        return values.length === 0
            ? []
            : trx
                .insertInto('validation_changes')
                .values(values)
                .onConflict((oc) =>
                  oc.columns(['validation_id', 'path_key']).doUpdateSet((eb) => ({
                    new_value: eb.ref('excluded.new_value'),
                    status: 'pending',
                    proposed_by: eb.ref('excluded.proposed_by'),
                    proposed_at: eb.ref('excluded.proposed_at'),
                    suggestion_model: eb.ref('excluded.suggestion_model'),
                    normalized_distance: eb.ref('excluded.normalized_distance'),
                    is_course_update: eb.ref('excluded.is_course_update'),
                  })),
                )
                .returningAll()
                .execute();
      });
      if (stored.length > 0) written();
      if (stored.length > 0) {
        // The item's id stands for the spec's "itemIdHash": this service has no separate hash of an item id.
        push(scope.item.id, 'updateSegments', {
          itemIdHash: scope.item.id,
          itemId: scope.item.id,
          validationId: validation.id,
          version: scope.versionNumber,
          validationSegmentIds: stored.map((row) => row.validation_segment_id),
          by: account.aid,
        });
      }
      return { success: true, paths: changesByPath(stored) };
    },

    /** PUT progress: the nav group is complete; its pending changes are accepted. Already complete: nothing changes. */
    completeGroup: async (caller: TranslationCaller, validationId: string, body: ProgressBody): Promise<void> => {
      const scope = await editScope(caller, validationId);
      const navKey = navGroupAt(scope, body.path);
      if (!scope.isLatest) throw new TranslationError(409, 'locked', TRANSLATION_REFUSALS.locked);
      const now = nowIso();
      const aid = scope.account.aid;
      const result = await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('validation_progress').select('path_key').where('validation_id', '=', validationId).where('path_key', '=', navKey).executeTakeFirst();
        if (existing) return null;
        const row = { validation_id: validationId, path_key: navKey, user_aid: aid, updated_at: now, is_course_update: body.isCourseUpdate ? 1 : 0 };
        await trx.insertInto('validation_progress').values(row).execute();
        const keys = keysOfNavGroup(scope.loaded, navKey);
        let changed: ValidationChangeRow[] = [];
        if (keys.length > 0) {
          const pending = trx.selectFrom('validation_changes').select('path_key').where('validation_id', '=', validationId).where('path_key', 'in', keys).where('status', '=', 'pending');
          const pendingKeys = (await pending.execute()).map((r) => r.path_key);
          if (pendingKeys.length > 0) {
            await trx.updateTable('validation_changes').set({ status: 'accepted', last_accepted_date: now, last_accepted_by: aid }).where('validation_id', '=', validationId).where('path_key', 'in', pendingKeys).execute();
            changed = await trx.selectFrom('validation_changes').selectAll().where('validation_id', '=', validationId).where('path_key', 'in', pendingKeys).execute();
          }
        }
        return { progress: toProgress({ ...row, is_course_update: row.is_course_update }), changed };
      });
      if (!result) return;
      written();
      push(scope.item.id, 'groupComplete', {
        itemId: scope.item.id,
        validationId,
        path: navKey,
        progress: result.progress,
        changes: changesByPath(result.changed),
        profiles: await profilesOf(db, [aid, ...result.changed.map((row) => row.proposed_by)]),
      });
    },

    /** DELETE progress: the nav group is reopened; its accepted changes are pending again. Not complete: nothing changes. */
    reopenGroup: async (caller: TranslationCaller, validationId: string, body: ProgressBody): Promise<void> => {
      const scope = await editScope(caller, validationId);
      const navKey = navGroupAt(scope, body.path);
      if (!scope.isLatest) throw new TranslationError(409, 'locked', TRANSLATION_REFUSALS.locked);
      const changed = await db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('validation_progress').where('validation_id', '=', validationId).where('path_key', '=', navKey).executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return null;
        const keys = keysOfNavGroup(scope.loaded, navKey);
        if (keys.length === 0) return [];
        const accepted = await trx.selectFrom('validation_changes').select('path_key').where('validation_id', '=', validationId).where('path_key', 'in', keys).where('status', '!=', 'pending').execute();
        const acceptedKeys = accepted.map((r) => r.path_key);
        if (acceptedKeys.length === 0) return [];
        await trx.updateTable('validation_changes').set({ status: 'pending' }).where('validation_id', '=', validationId).where('path_key', 'in', acceptedKeys).execute();
        return trx.selectFrom('validation_changes').selectAll().where('validation_id', '=', validationId).where('path_key', 'in', acceptedKeys).execute();
      });
      if (!changed) return;
      written();
      push(scope.item.id, 'deleteProgress', { itemId: scope.item.id, validationId, path: navKey, changes: changesByPath(changed), by: scope.account.aid });
    },

    /** PUT segment/{validationId}/reset: the segment's change is removed (its imported target shows again). */
    resetSegment: async (caller: TranslationCaller, validationId: string, body: ResetSegmentBody): Promise<void> => {
      const scope = await editScope(caller, validationId);
      const segment = segmentAt(scope, body.path);
      const removed = await db.transaction().execute(async (trx) => {
        if (isNavGroupLocked(segment.navKey, await progressOf(trx, validationId), scope.isLatest)) throw new TranslationError(409, 'locked', TRANSLATION_REFUSALS.locked);
        const result = await trx.deleteFrom('validation_changes').where('validation_id', '=', validationId).where('path_key', '=', segment.key).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
      if (!removed) return;
      written();
      push(scope.item.id, 'resetSegment', { itemId: scope.item.id, validationId, path: segment.key, validationSegmentId: segment.validationSegmentId, by: scope.account.aid });
    },

    /**
     * POST get-segments: the current change of each segment id, in every validation whose item the caller may view
     * (or only `validationId`'s). A segment id is looked up among the stored changes first, then in the files of
     * the validations (a segment without a change: change null). Unknown ids are left out.
     */
    getSegments: async (caller: TranslationCaller, body: GetSegmentsBody): Promise<GetSegmentsResponse> => {
      const ids = [...new Set(body.validationSegmentIds)];
      if (ids.length === 0) return { data: [] };
      let validations = db.selectFrom('validations').selectAll();
      if (body.validationId !== undefined) validations = validations.where('id', '=', body.validationId);
      const rows = await validations.orderBy('created_at').execute();
      const viewable = new Map<string, boolean>();
      const mayView = async (itemId: string) => {
        let ok = viewable.get(itemId);
        if (ok === undefined) {
          ok = await viewItem(caller, itemId).then(
            () => true,
            (error: unknown) => {
              if (error instanceof TranslationError) return false;
              throw error;
            },
          );
          viewable.set(itemId, ok);
        }
        return ok;
      };
      const data: SegmentState[] = [];
      for (const validation of rows) {
        if (!(await mayView(validation.item_id))) continue;
        const loaded = await context.models.load(validation.file_key).catch((error: unknown) => {
          context.logError(error, 'translations.getSegments');
          return null;
        });
        if (!loaded) continue;
        const found = ids.filter((id) => loaded.model.keysBySegmentId.has(id));
        if (found.length === 0) continue;
        const changes = await db.selectFrom('validation_changes').selectAll().where('validation_id', '=', validation.id).where('validation_segment_id', 'in', found).execute();
        const byId = new Map(changes.map((row) => [row.validation_segment_id, row]));
        for (const id of found) {
          const change = byId.get(id);
          data.push({ validationSegmentId: id, validationId: validation.id, path: loaded.model.keysBySegmentId.get(id)!, change: change ? toChange(change) : null });
        }
      }
      return { data };
    },

    /** The access decisions, for the tools' calls (memory reports, suggestions). */
    access: { scopeOf, editScope, subscriptionOf },

    /** GET stack/{itemId}: the translation stack of a viewable item: its title, the source first, then targets by locale, with progress. */
    stack: async (caller: TranslationCaller, itemId: string): Promise<TranslationStackResponse> => {
      const item = await viewItem(caller, itemId);
      const member = await db.selectFrom('translation_items').select('stack_id').where('item_id', '=', item.id).executeTakeFirst();
      if (!member) throw new TranslationError(404, 'notFound', TRANSLATION_REFUSALS.notStack);
      const members = await db
        .selectFrom('translation_items')
        .innerJoin('items', 'items.id', 'translation_items.item_id')
        .select(['items.id', 'items.title', 'translation_items.locale', 'translation_items.role'])
        .where('translation_items.stack_id', '=', member.stack_id)
        .where('items.archived_at', 'is', null)
        .execute();
      members.sort((a, b) => (a.role === b.role ? a.locale.localeCompare(b.locale) : a.role === 'source' ? -1 : 1));
      const entries: TranslationStackEntry[] = [];
      for (const row of members) entries.push({ itemId: row.id, title: row.title, locale: row.locale, role: row.role, progress: row.role === 'source' ? null : await latestProgress(row.id) });
      const stack = await db.selectFrom('item_stacks').select('title').where('id', '=', member.stack_id).executeTakeFirst();
      return { stackId: member.stack_id, title: stack?.title ?? '', sourceLocale: members.find((m) => m.role === 'source')?.locale ?? '', entries };
    },
  };

  /** Complete nav groups over all of the latest version's file (0 complete before anyone opened it); null without a file. */
  async function latestProgress(itemId: string): Promise<{ complete: number; total: number } | null> {
    const latest = (await versionsOf(db, itemId)).at(-1);
    if (!latest) return null;
    const file = await db.selectFrom('translation_files').select('file_key').where('item_id', '=', itemId).where('version_id', '=', latest.id).executeTakeFirst();
    if (!file) return null;
    const loaded = await context.models.load(file.file_key).catch((error: unknown) => {
      context.logError(error, 'translations.stack');
      return null;
    });
    if (!loaded) return null;
    const validation = await db.selectFrom('validations').select('id').where('item_id', '=', itemId).where('version_id', '=', latest.id).executeTakeFirst();
    const done = validation ? await db.selectFrom('validation_progress').select('path_key').where('validation_id', '=', validation.id).execute() : [];
    const navKeys = new Set(loaded.model.navKeys);
    return { complete: done.filter((row) => navKeys.has(row.path_key)).length, total: navKeys.size };
  }
}

export type TranslationOperations = ReturnType<typeof translationOperations>;
