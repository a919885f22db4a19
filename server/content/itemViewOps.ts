/**
 * Item-view requests (domain/items.ts ItemRequests; review-and-content §4, §7 "Items": get, create,
 * upload, restore version, delete version by key, presign of a download link, package presign). Every
 * decision is made on the requesting user's tree with the shared domain code; changes run in one
 * transaction and push after the answer.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { itemFolderId } from '../../domain/folderMoves.ts';
import { productFamily } from '../../domain/folderRoles.ts';
import type { ItemAck, ItemAckData, ItemPayload, UploadKind, UploadRef } from '../../domain/items.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow, ItemVersionRow } from '../db/schema.ts';
import { userAccess, type UserAccess } from './access.ts';
import { acceptName, canSeeContent, contentFolderActions, itemFailure, menuOffers, mutateItem, refuse, Refusal, visibleFolder, type Change } from './common.ts';
import { detailFor, findViewable, loadDetailBase, versionCreatedPushes, versionFor, versionUpdatedPushes, type ItemContext } from './itemView.ts';
import { itemDestroyPushes, type RoomPush } from './pushes.ts';
import { findItems, loadSnapshot, newHash } from './repository.ts';
import { appendVersion, FAILED_VERSION_STATES, isKeyUsed, orphanedFiles, refreshItemThumbnail, removeFiles, versionsOf, versionsWithKey } from './versionRepository.ts';

/** §3 Item type per product of an upload. */
const UPLOAD_PRODUCT: Readonly<Record<UploadKind, { product: string; type: string }>> = {
  storyline: { product: 'storyline', type: 'story' },
  video: { product: 'video', type: 'video' },
};

/** An item the user sees where it sits (or owns), outside any stack; else the refusal. */
async function loadOwnView(trx: Db, access: UserAccess, itemId: string): Promise<ItemRow> {
  const [row] = await findItems(trx, [itemId]);
  if (!row || !canSeeContent(access, row)) refuse('notFound');
  if (row.stack_id !== null) refuse('forbidden', undefined, 'This item belongs to a stack: change the stack instead.');
  return row;
}

/** Whether the item takes new versions of this kind (§6 item menu: storyline or video products). */
function acceptsKind(product: string, kind: UploadKind): boolean {
  return kind === 'storyline' ? product === 'storyline' : productFamily(product) === 'video';
}

/** The version at 1-based position `number` among `versions`, or invalidRequest. */
function versionAt(versions: readonly ItemVersionRow[], number: number, upTo = versions.length): ItemVersionRow {
  if (!Number.isInteger(number) || number < 1 || number > upTo) refuse('invalidRequest', undefined, `There is no version ${number} to use here.`);
  return versions[number - 1]!;
}

/** Item-view operations for one context; `pendingPackages` remembers package downloads asked for before processing ended. */
export function itemViewOperations(context: ItemContext, pendingPackages: Set<string>) {
  const now = () => new Date().toISOString();

  /**
   * §7 upload URL call: an UploadRef must name a key the upload URL call issues for this kind (its prefix,
   * a random id, a file name) that no version has used yet.
   */
  async function checkUpload(trx: Db, kind: UploadKind, upload: UploadRef): Promise<void> {
    const prefix = kind === 'storyline' ? context.storylineKeyPrefix : context.videoKeyPrefix;
    const rest = upload.key.startsWith(`${prefix}/`) ? upload.key.slice(prefix.length + 1).split('/') : [];
    if (rest.length !== 2 || rest.some((segment) => segment === '' || segment === '.' || segment === '..')) {
      refuse('invalidRequest', undefined, `This upload key was not issued for a ${kind} upload.`);
    }
    if (await isKeyUsed(trx, upload.key)) refuse('invalidRequest', undefined, 'This upload key was used already: ask for a new upload URL.');
  }

  async function recordUpload(trx: Db, itemId: string, aid: string, upload: UploadRef): Promise<ItemVersionRow> {
    const at = now();
    return appendVersion(trx, {
      item_id: itemId,
      state: 'uploading',
      progress: 0,
      package_key: upload.key,
      files_of_version_id: null,
      md5: upload.md5.toLowerCase(),
      size: upload.size,
      file_name: upload.fileName,
      user_aid: aid,
      content_prefix: null,
      player_file: null,
      thumbnail_key: null,
      media_url: null,
      poster_url: null,
      meta_json: null,
      created_at: at,
      updated_at: at,
    });
  }

  async function touchItem(trx: Db, itemId: string, aid: string): Promise<void> {
    await trx.updateTable('items').set({ updated_at: now(), updated_by_aid: aid, hash: newHash() }).where('id', '=', itemId).execute();
  }

  /** The answer and pushes of a change that added `version` to the item. */
  async function created(trx: Db, access: UserAccess, itemId: string, versionId: string): Promise<Change<ItemAckData<'item.create'>>> {
    const base = await loadDetailBase(trx, context, itemId);
    const version = base.versions.find((v) => v.id === versionId)!;
    const { pushes, roomPushes } = versionCreatedPushes(access.snapshot, base, version);
    return { data: { item: detailFor(base, access), version: versionFor(base, version, access.aid) }, pushes, roomPushes };
  }

  return {
    get: async (aid: string, { id, pass }: ItemPayload<'item.get'>): Promise<ItemAck<ItemAckData<'item.get'>>> => {
      try {
        // The password check (scrypt) runs outside the transaction: it must not hold the database.
        const access = userAccess(await loadSnapshot(context.db), aid);
        await findViewable(context.db, access, id, pass);
        return await context.db.transaction().execute(async (trx) => {
          const fresh = userAccess(await loadSnapshot(trx), aid);
          const row = await trx.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
          if (!row) refuse('notFound');
          return { success: true as const, data: { item: detailFor(await loadDetailBase(trx, context, row.id), fresh) } };
        });
      } catch (error) {
        return itemFailure(context, error, 'item.get');
      }
    },

    create: (aid: string, { title, kind, folderId, upload }: ItemPayload<'item.create'>): Promise<ItemAck<ItemAckData<'item.create'>>> =>
      mutateItem(context, 'item.create', async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        if (folderId !== null) visibleFolder(access, folderId);
        if (!access.tree.get(itemFolderId({ folderId }))?.actions.has('createItem')) refuse('forbidden');
        // Uploads keep their file's name: items of a folder may share a title (no duplicate check).
        const accepted = acceptName(title, {});
        await checkUpload(trx, kind, upload);
        const itemId = randomUUID();
        const at = now();
        await trx
          .insertInto('items')
          .values({
            id: itemId,
            title: accepted,
            ...UPLOAD_PRODUCT[kind],
            user_aid: aid,
            updated_by_aid: aid,
            folder_id: folderId,
            stack_id: null,
            archived_at: null,
            is_private: 0,
            thumbnail_url: null,
            hash: newHash(),
            created_at: at,
            updated_at: at,
            original_user_aid: aid,
          })
          .execute();
        const version = await recordUpload(trx, itemId, aid, upload);
        return created(trx, access, itemId, version.id);
      }),

    upload: (aid: string, { itemId, kind, upload }: ItemPayload<'item.upload'>): Promise<ItemAck<ItemAckData<'item.upload'>>> =>
      mutateItem(context, 'item.upload', async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        const row = await loadOwnView(trx, access, itemId);
        if (row.archived_at !== null) refuse('archived');
        if (!acceptsKind(row.product, kind)) refuse('uploadNotAllowed');
        // §6 item menu "upload new version": the owner, or createItem on the item's folder.
        if (!menuOffers(access, row, false, 'uploadNewVersion')) refuse('forbidden');
        await checkUpload(trx, kind, upload);
        const version = await recordUpload(trx, itemId, aid, upload);
        await touchItem(trx, itemId, aid);
        return created(trx, access, itemId, version.id);
      }),

    restoreVersion: (aid: string, { itemId, version }: ItemPayload<'item.restoreVersion'>): Promise<ItemAck<ItemAckData<'item.restoreVersion'>>> =>
      mutateItem(context, 'item.restoreVersion', async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        const row = await loadOwnView(trx, access, itemId);
        // §6 "restore version needs folder restore or ownership": a viewer only views.
        if (row.user_aid !== aid && !contentFolderActions(access, row).has('restoreItem')) refuse('forbidden');
        if (row.archived_at !== null) refuse('archived');
        const versions = await versionsOf(trx, itemId);
        // §4 "Restoring is not offered for the latest version": 1 … n-1.
        const source = versionAt(versions, version, versions.length - 1);
        if (source.state !== 'ready') refuse('invalidRequest', undefined, 'Only a ready version can be restored.');
        const at = now();
        const copy = await appendVersion(trx, {
          item_id: itemId,
          state: 'ready',
          progress: 1,
          package_key: source.package_key,
          // The unpacked folder is shared, not copied.
          files_of_version_id: source.files_of_version_id ?? source.id,
          md5: source.md5,
          size: source.size,
          file_name: source.file_name,
          user_aid: aid,
          content_prefix: source.content_prefix,
          player_file: source.player_file,
          thumbnail_key: source.thumbnail_key,
          media_url: source.media_url,
          poster_url: source.poster_url,
          meta_json: source.meta_json,
          created_at: at,
          updated_at: at,
        });
        await touchItem(trx, itemId, aid);
        await refreshItemThumbnail(trx, context.files, itemId);
        const change = await created(trx, access, itemId, copy.id);
        return { ...change, data: { item: change.data.item } };
      }),

    deleteVersionByKey: (aid: string, { itemId, key }: ItemPayload<'item.deleteVersionByKey'>): Promise<ItemAck<ItemAckData<'item.deleteVersionByKey'>>> =>
      mutateItem(context, 'item.deleteVersionByKey', async (trx): Promise<Change<ItemAckData<'item.deleteVersionByKey'>>> => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const row = await loadOwnView(trx, access, itemId);
        const candidates = await versionsWithKey(trx, itemId, key);
        // Copies share a key and are ready; the one a cancel means is the version still in progress or failed.
        const target = candidates.find((v) => v.state !== 'ready') ?? candidates[0];
        if (!target) refuse('notFound', undefined, 'This item has no version with that key.');
        if (target.user_aid !== aid && row.user_aid !== aid) refuse('forbidden');
        if (target.state === 'ready') refuse('versionReady');
        const base = await loadDetailBase(trx, context, itemId);
        const wire = base.versions.find((v) => v.id === target.id)!;
        await trx.deleteFrom('item_versions').where('id', '=', target.id).execute();
        const remaining = await versionsOf(trx, itemId);
        const gone: RoomPush = { itemId, event: 'item.versionUpdated', dataFor: () => ({ itemId, version: wire, deleted: true }) };

        if (remaining.length === 0) {
          // §4: the item is destroyed when no versions remain.
          await trx.deleteFrom('items').where('id', '=', itemId).execute();
          const orphans = await orphanedFiles(trx, [target]);
          pendingPackages.delete(target.id);
          return {
            data: { item: null },
            pushes: [itemDestroyPushes(snapshot, row)],
            roomPushes: [gone],
            afterCommit: () => removeFiles(context.files, orphans, context.logError),
          };
        }
        const orphans = await orphanedFiles(trx, [target]);
        pendingPackages.delete(target.id);
        await touchItem(trx, itemId, aid);
        await refreshItemThumbnail(trx, context.files, itemId);
        const after = await loadDetailBase(trx, context, itemId);
        const { pushes, roomPushes } = versionUpdatedPushes(snapshot, after, wire, true);
        return { data: { item: detailFor(after, access) }, pushes, roomPushes, afterCommit: () => removeFiles(context.files, orphans, context.logError) };
      }),

    markUploadFailed: (aid: string, { itemId, key }: ItemPayload<'item.markUploadFailed'>): Promise<ItemAck<ItemAckData<'item.markUploadFailed'>>> =>
      mutateItem(context, 'item.markUploadFailed', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        await loadOwnView(trx, access, itemId);
        const [target] = await versionsWithKey(trx, itemId, key);
        if (!target) refuse('notFound', undefined, 'This item has no version with that key.');
        if (target.user_aid !== aid) refuse('forbidden', undefined, 'Only the uploader can mark an upload as failed.');
        // An upload that finished meanwhile stays as it is: the answer shows its real state.
        if (target.state !== 'uploading') return { data: { item: detailFor(await loadDetailBase(trx, context, itemId), access) }, pushes: [] };
        await trx.updateTable('item_versions').set({ state: 'uploadFailed', updated_at: now() }).where('id', '=', target.id).execute();
        const base = await loadDetailBase(trx, context, itemId);
        const { pushes, roomPushes } = versionUpdatedPushes(snapshot, base, base.versions.find((v) => v.id === target.id)!, false);
        return { data: { item: detailFor(base, access) }, pushes, roomPushes };
      }),

    presignDownload: async (aid: string, { itemId, version }: ItemPayload<'item.presignDownload'>): Promise<ItemAck<ItemAckData<'item.presignDownload'>>> => {
      try {
        const access = userAccess(await loadSnapshot(context.db), aid);
        const { row } = await findViewable(context.db, access, itemId, null);
        if (productFamily(row.product) !== 'video') refuse('invalidRequest', undefined, 'Only videos are downloaded this way.');
        // §6 item menu "download (video)": the owner, or those whose folder role views items (not a public link or a named viewer).
        const offered = row.user_aid === access.aid || (canSeeContent(access, row) && menuOffers(access, row, false, 'download'));
        if (!offered) refuse('forbidden', undefined, 'Only the owner and people with access to its folder can download this video.');
        const target = versionAt(await versionsOf(context.db, itemId), version);
        if (target.state !== 'ready') refuse('invalidRequest', undefined, 'This version is not ready.');
        const fileName = `${row.title}${path.extname(target.file_name)}`;
        return { success: true, data: { url: context.files.signDownload(target.package_key, fileName, { subject: aid, itemId, passwordHash: row.password_hash }), fileName } };
      } catch (error) {
        return itemFailure(context, error, 'item.presignDownload');
      }
    },

    packagePresign: async (aid: string, { itemId, version }: ItemPayload<'item.packagePresign'>): Promise<ItemAck<ItemAckData<'item.packagePresign'>>> => {
      try {
        const { row } = await findViewable(context.db, userAccess(await loadSnapshot(context.db), aid), itemId, null);
        if (productFamily(row.product) === 'video') refuse('invalidRequest', undefined, 'Videos are downloaded with item.presignDownload.');
        const target = versionAt(await versionsOf(context.db, itemId), version);
        if (FAILED_VERSION_STATES.has(target.state)) refuse('invalidRequest', undefined, 'This version has no package to download.');
        if (target.state !== 'ready') {
          // Pushed when processing ends (uploadHooks.ts).
          pendingPackages.add(target.id);
          return { success: true, data: { url: null } };
        }
        const link = (subject: string) => context.files.signDownload(target.package_key, `${row.title}.zip`, { subject, itemId, passwordHash: row.password_hash });
        // Each watcher gets a link of their own: it stops when they lose the item.
        setImmediate(() => context.realtime.emitToItemEach(itemId, 'item.packageReadyForDownload', (viewer) => ({ itemId, version, url: link(viewer.id) })));
        return { success: true, data: { url: link(aid) } };
      } catch (error) {
        return itemFailure(context, error, 'item.packagePresign');
      }
    },
  };
}

export type ItemViewOperations = ReturnType<typeof itemViewOperations>;

/** Who may watch /item/<itemId>: the same rules as item.get, as the connect_error message of a refusal. */
export async function itemNamespaceAccess(context: ItemContext, itemId: string, identity: string, password: string | null): Promise<'ok' | 'password_failed' | 'access_denied' | 'not_found'> {
  try {
    await findViewable(context.db, userAccess(await loadSnapshot(context.db), identity), itemId, password);
    return 'ok';
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    if (error.reason === 'passwordFailed') return 'password_failed';
    if (error.reason === 'accessDenied') return 'access_denied';
    return 'not_found';
  }
}
