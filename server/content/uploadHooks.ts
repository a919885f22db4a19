/**
 * What happens to a version when its file arrives (domain/items.ts, the upload sequence steps 4–5; §4
 * version states, backups): the uploads service calls these hooks; each state change is pushed on the
 * item's namespace and to everyone who sees the item.
 *
 * uploading ─PUT stored→ uploaded (progress 1) ─processing→ ready | unpackFailed | invalidVideoFile
 * uploading ─PUT refused or aborted→ uploadFailed
 * A ready Storyline version gets a project backup: created, then ready once its file is stored.
 *
 * Processing is a job on the job table (server/jobs.ts, kind `content.processUpload`, one per version): it runs once
 * across instances, on whichever claims it (usually the one that stored the file, which looks at once), and a job
 * whose instance died mid-way is run again by another once its lease lapses. A run finds the version still
 * `uploaded` or does nothing.
 */
import { randomUUID } from 'node:crypto';
import { productFamily } from '../../domain/folderRoles.ts';
import type { Backup } from '../../domain/items.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs.ts';
import type { ItemVersionRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { loadDetailBase, versionUpdatedPushes, type ItemContext } from './itemView.ts';
import { itemAudience, sendPushesSoon, sendRoomPushesSoon, type Push, type RoomPush } from './pushes.ts';
import { loadSnapshot } from './repository.ts';
import { findVersion, itemVersionOf, orphanedFiles, refreshItemThumbnail, removeFiles, uploadingVersion, type ProcessOutcome } from './versionRepository.ts';

/** The hooks of server/uploads (UploadHooks), plus a way to wait for processing still running. */
export interface VersionHooks {
  expectedSize(key: string): Promise<number | null>;
  stored(key: string, info: { size: number; md5: string }): Promise<void>;
  failed(key: string, reason: string): Promise<void>;
  /** Resolves once every processing run started so far has finished (shutdown, tests). */
  idle(): Promise<void>;
}

type Kind = 'storyline' | 'rise' | 'video';

/** The job kind of processing one stored upload (payload `{ versionId }`, job id `content.processUpload:<versionId>`). */
export const PROCESS_UPLOAD_JOB = 'content.processUpload';

/** How an item's uploads are processed: story zips, Rise zips (seeded only), or videos. */
export function processingKind(product: string): Kind {
  if (productFamily(product) === 'video') return 'video';
  return product === 'rise' ? 'rise' : 'storyline';
}

interface Pushes {
  pushes: Push[];
  roomPushes: RoomPush[];
}

/** The hooks for one context; `pendingPackages` are versions whose package download was asked for early. */
export function createVersionHooks(context: ItemContext, pendingPackages: Set<string>, jobs: JobQueue): VersionHooks {
  const running = new Set<Promise<void>>();
  const send = ({ pushes, roomPushes }: Pushes) => {
    sendPushesSoon(context.realtime, pushes);
    sendRoomPushesSoon(context.realtime, roomPushes);
  };
  const now = () => new Date().toISOString();

  /** Sets a version's state (and more) and builds the pushes, in the caller's transaction. */
  async function changeVersion(trx: Db, version: ItemVersionRow, patch: Partial<ItemVersionRow>): Promise<Pushes> {
    await trx
      .updateTable('item_versions')
      .set({ ...patch, updated_at: now() })
      .where('id', '=', version.id)
      .execute();
    if (patch.state === 'ready') await refreshItemThumbnail(trx, context.files, version.item_id);
    const snapshot = await loadSnapshot(trx);
    const base = await loadDetailBase(trx, context, version.item_id);
    return versionUpdatedPushes(snapshot, base, base.versions.find((v) => v.id === version.id)!, false);
  }

  async function backupPushes(trx: Db, itemId: string, backup: Backup): Promise<Pushes> {
    const item = await trx.selectFrom('items').select(['user_aid', 'folder_id', 'archived_at']).where('id', '=', itemId).executeTakeFirstOrThrow();
    const data = { itemId, backup };
    return {
      pushes: [{ aids: [...itemAudience(await loadSnapshot(trx), item)], event: 'item.backupUpdated', data }],
      roomPushes: [{ itemId, event: 'item.backupUpdated', dataFor: () => data }],
    };
  }

  /**
   * A Storyline project backup (§4 Backups: created, then ready). Its file is the uploaded package itself,
   * already stored under the version's key, so it is ready as soon as it is recorded.
   */
  async function makeBackup(version: ItemVersionRow): Promise<void> {
    const id = randomUUID();
    send(
      await context.db.transaction().execute(async (trx) => {
        await trx.insertInto('backups').values({ id, item_id: version.item_id, version_id: version.id, status: 'created', blob_key: version.package_key, created_at: now() }).execute();
        const { number } = await itemVersionOf(trx, context.files, version);
        return backupPushes(trx, version.item_id, { id, version: number, status: 'created' });
      }),
    );
    send(
      await context.db.transaction().execute(async (trx) => {
        const row = await trx.updateTable('backups').set({ status: 'ready' }).where('id', '=', id).returning('version_id').executeTakeFirst();
        const current = row ? await findVersion(trx, row.version_id) : undefined;
        if (!current) return { pushes: [], roomPushes: [] };
        const { number } = await itemVersionOf(trx, context.files, current);
        return backupPushes(trx, version.item_id, { id, version: number, status: 'ready' });
      }),
    );
  }

  /** Records what processing found, unless the version was deleted meanwhile (then its files go). */
  async function finish(version: ItemVersionRow, outcome: ProcessOutcome): Promise<void> {
    const result = await context.db.transaction().execute(async (trx) => {
      const current = await findVersion(trx, version.id);
      // Finished meanwhile by another run (an instance presumed dead that came back): its outcome stands.
      if (current && current.state !== 'uploaded' && current.state !== 'uploading') return { pushes: null, orphans: null, current: null, item: null };
      if (!current || current.state !== 'uploaded') {
        return { pushes: null, orphans: current ? { keys: [], versionIds: [version.id] } : await orphanedFiles(trx, [version]) };
      }
      const pushes =
        outcome.state === 'ready'
          ? await changeVersion(trx, current, {
              state: 'ready',
              meta_json: JSON.stringify(outcome.meta),
              content_prefix: outcome.contentPrefix,
              player_file: outcome.playerFile,
              thumbnail_key: outcome.thumbnailKey,
              media_url: outcome.mediaUrl,
              poster_url: outcome.posterUrl,
            })
          : await changeVersion(trx, current, { state: outcome.state, failure_reason: outcome.message.slice(0, 2000) });
      const item = await trx.selectFrom('items').select(['product', 'title', 'password_hash']).where('id', '=', current.item_id).executeTakeFirstOrThrow();
      return { pushes, orphans: null, current, item };
    });
    if (result.orphans) {
      await removeFiles(context.files, result.orphans, context.logError);
      return;
    }
    if (!result.pushes) return;
    send(result.pushes!);
    if (outcome.state !== 'ready') return;
    if (result.item!.product === 'storyline') await makeBackup(result.current!);
    if (pendingPackages.delete(version.id)) {
      const { number } = await itemVersionOf(context.db, context.files, result.current!);
      const item = result.item!;
      // Each watcher gets a link of their own: it stops when they lose the item.
      const data = (subject: string) => ({ itemId: version.item_id, version: number, url: context.files.signDownload(version.package_key, `${item.title}.zip`, { subject, itemId: version.item_id, passwordHash: item.password_hash }) });
      setImmediate(() => context.realtime.emitToItemEach(version.item_id, 'item.packageReadyForDownload', (viewer) => data(viewer.id)));
    }
  }

  async function processUpload(version: ItemVersionRow, kind: Kind): Promise<void> {
    let outcome: ProcessOutcome;
    try {
      outcome = kind === 'video' ? await context.files.processVideo(version.package_key, version.id) : await context.files.processPackage(version.package_key, version.id, kind);
    } catch (error) {
      context.logError(error, 'processUpload');
      outcome = { state: kind === 'video' ? 'invalidVideoFile' : 'unpackFailed', message: 'The file could not be processed.' };
    }
    await finish(version, outcome);
  }

  /**
   * Processes a ready package version again (`reprocess: true` in the job's payload: after a fix to processing, say):
   * its meta, player file and thumbnail are replaced and pushed; a failing run leaves the version as it was.
   */
  async function reprocess(version: ItemVersionRow, kind: Kind): Promise<unknown> {
    if (kind === 'video') return { skipped: 'video' };
    const outcome = await context.files.processPackage(version.package_key, version.id, kind);
    if (outcome.state !== 'ready') {
      context.logError(new Error(outcome.message), 'reprocessUpload');
      return { failed: outcome.message };
    }
    const pushes = await context.db.transaction().execute(async (trx) => {
      const current = await findVersion(trx, version.id);
      if (!current || current.state !== 'ready') return null;
      return changeVersion(trx, current, {
        state: 'ready',
        meta_json: JSON.stringify(outcome.meta),
        content_prefix: outcome.contentPrefix,
        player_file: outcome.playerFile,
        thumbnail_key: outcome.thumbnailKey,
      });
    });
    if (pushes) send(pushes);
    return { versionId: version.id, reprocessed: true };
  }

  // The job: the version as stored now (deleted or already processed: nothing to do, unless it is a re-process).
  jobs.handle(PROCESS_UPLOAD_JOB, async (payload) => {
    const { versionId, reprocess: again } = payload as { versionId: string; reprocess?: boolean };
    const version = await findVersion(context.db, versionId);
    const item = version ? await context.db.selectFrom('items').select('product').where('id', '=', version.item_id).executeTakeFirstOrThrow() : null;
    if (version && item && again === true && version.state === 'ready') return reprocess(version, processingKind(item.product));
    if (!version || !item || version.state !== 'uploaded') return { skipped: version?.state ?? 'deleted' };
    const run = processUpload(version, processingKind(item.product));
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
    return { versionId };
  });

  /** Queues processing (the PUT has its answer); `idle` waits for runs of this instance. */
  async function startProcessing(version: ItemVersionRow): Promise<void> {
    await jobs.enqueue(PROCESS_UPLOAD_JOB, { versionId: version.id }, { id: `${PROCESS_UPLOAD_JOB}:${version.id}` });
  }

  return {
    expectedSize: async (key) => (await uploadingVersion(context.db, key))?.size ?? null,

    stored: async (key, { md5 }) => {
      const result = await context.db.transaction().execute(async (trx) => {
        const version = await uploadingVersion(trx, key);
        // Nobody waits for this file (never recorded, deleted, or marked failed): the PUT is refused and its file removed.
        if (!version) return null;
        if (version.md5 !== null && version.md5 !== md5) return { version, mismatch: true as const };
        const pushes = await changeVersion(trx, version, { state: 'uploaded', progress: 1 });
        return { version, pushes, mismatch: false as const };
      });
      if (!result) throw new HttpError(409, 'No upload is waiting for this file: ask for a new upload URL.');
      // The uploads service reports the refusal through `failed`, which marks the version uploadFailed.
      if (result.mismatch) throw new HttpError(400, 'The file is not the one announced for this upload (its MD5 differs).');
      send(result.pushes);
      await startProcessing(result.version);
    },

    failed: async (key) => {
      const pushes = await context.db.transaction().execute(async (trx) => {
        const version = await uploadingVersion(trx, key);
        return version ? changeVersion(trx, version, { state: 'uploadFailed' }) : null;
      });
      if (pushes) send(pushes);
    },

    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
