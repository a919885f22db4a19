/**
 * LMS export of video items (review-and-content §2 LMS export dialog, §3 Scorm export input, §5, §6 export to LMS, §9
 * targets): the `lms.export` socket request on /user/<aid> (domain/lmsExport.ts). Checks the input strictly (never
 * coerced), decides who may export (folder exportToLms or ownership, a video item, a ready version), builds the
 * package, stores it, answers, then pushes `item.packageReadyForDownload` with a signed, expiring link to the one who
 * asked.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { SchemaObject } from 'ajv';
import { SIGNED_URL_TTL_MS } from '../../../domain/constants.ts';
import { productFamily } from '../../../domain/folderRoles.ts';
import type { ItemAck } from '../../../domain/items.ts';
import { checkLmsTitle, clampCompletePercent, LMS_EXPORT_REQUEST, LMS_TARGETS, lmsPackageFileName, type LmsExportRequests } from '../../../domain/lmsExport.ts';
import { userAccess } from '../../content/access.ts';
import { itemFailure, menuOffers, refuse } from '../../content/common.ts';
import { findViewable, type ItemContext } from '../../content/itemView.ts';
import { loadSnapshot } from '../../content/repository.ts';
import { versionsOf } from '../../content/versionRepository.ts';
import type { JobQueue } from '../../jobs.ts';
import { answerChecked, registerRequests } from '../../socketRequests.ts';
import { payloadChecker, strictObject } from '../../validation.ts';
import { removeFileAfter } from '../fileExpiry.ts';
import { buildLmsPackage } from './package.ts';

type Payload = LmsExportRequests['lms.export']['payload'];
type Data = LmsExportRequests['lms.export']['data'];

export interface LmsExportContext extends ItemContext {
  /** The bytes of a stored blob (server/uploads `readBlob`). */
  readBlob(key: string): Promise<Uint8Array>;
  /** The dashboard's address: the xAPI activity id is the item's review link there. */
  publicUrl(): string;
  /** The service's job queue: the stored package is removed by a job once its link expires. */
  jobs: JobQueue;
}

/** Where packages are stored (blob keys); each is removed once its link has expired. */
export const LMS_PACKAGE_KEY_PREFIX = 'review/lms-exports';

const checkPayload = payloadChecker({
  [LMS_EXPORT_REQUEST]: strictObject({
    itemId: { type: 'string', minLength: 1, maxLength: 100 },
    // Any number: §5 clamps it to 0–100. A string is refused, never read as a number.
    completePercent: { type: 'number' },
    key: { type: 'string', minLength: 1, maxLength: 1024 },
    target: { type: 'string', enum: [...LMS_TARGETS] },
    // Long enough to say "too long" in our own words below.
    title: { type: 'string', maxLength: 4096 },
  }) as SchemaObject,
});

/** A video's file extension for the package (`.webm`, `.mp4` …); anything odd becomes `.mp4`. */
function videoExtension(fileName: string): string {
  const extension = path.extname(fileName).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(extension) ? extension : '.mp4';
}

export function lmsExportOperation(context: LmsExportContext) {
  return async (aid: string, payload: Payload): Promise<ItemAck<Data>> => {
    try {
      if (!Number.isFinite(payload.completePercent)) refuse('invalidRequest', undefined, 'The completion percent must be a number from 0 to 100.');
      const title = checkLmsTitle(payload.title);
      if (!title.ok) refuse('invalidRequest', undefined, title.message);
      const access = userAccess(await loadSnapshot(context.db), aid);
      const { row } = await findViewable(context.db, access, payload.itemId, null);
      // §6 "export-to-LMS needs folder permission or ownership and a video item" (the item menu's entry).
      if (productFamily(row.product) !== 'video') refuse('invalidRequest', undefined, 'Only video items can be exported to an LMS.');
      if (!menuOffers(access, row, false, 'exportToLms')) refuse('forbidden', undefined, 'Only the owner and people whose folder role allows export to LMS can export this video.');
      const versions = await versionsOf(context.db, row.id);
      const index = versions.findIndex((version) => version.package_key === payload.key);
      const version = versions[index];
      if (!version) refuse('invalidRequest', undefined, 'This item has no version with that key.');
      if (version.state !== 'ready') refuse('invalidRequest', undefined, 'This version is not ready yet.');

      const exportId = randomUUID();
      const bytes = await buildLmsPackage({
        target: payload.target,
        title: title.title,
        completePercent: clampCompletePercent(payload.completePercent),
        identifier: `lms-${exportId}`,
        activityId: `${context.publicUrl()}/review/content/${encodeURIComponent(row.id)}/review`,
        video: { bytes: await context.readBlob(version.package_key), extension: videoExtension(version.file_name) },
      });
      const key = `${LMS_PACKAGE_KEY_PREFIX}/${exportId}.zip`;
      await context.files.putBlob(key, bytes);
      // Kept as long as its link works, then removed (by whichever instance runs the job).
      await removeFileAfter(context.jobs, key, Date.now() + SIGNED_URL_TTL_MS);
      const url = context.files.signDownload(key, lmsPackageFileName(title.title, payload.target));
      const number = index + 1;
      setImmediate(() => context.realtime.emitToUser(aid, 'item.packageReadyForDownload', { itemId: row.id, version: number, url }));
      return { success: true, data: { version: number } };
    } catch (error) {
      return itemFailure(context, error, LMS_EXPORT_REQUEST);
    }
  };
}

/** Registers `lms.export` on /user/<aid> (an account is needed; §6). */
export function registerLmsExport(context: LmsExportContext): void {
  const exportPackage = lmsExportOperation(context);
  registerRequests(context.realtime, [LMS_EXPORT_REQUEST], [], (event, aid, payload) =>
    answerChecked(
      () => checkPayload(event, payload) as { ok: true; value: Payload } | { ok: false; message: string },
      (value) => exportPackage(aid, value),
      (error) => itemFailure(context, error, event),
    ),
  );
}
