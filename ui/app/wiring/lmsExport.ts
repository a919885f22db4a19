import { fromPromise } from 'xstate';
import { CONTENT_REQUEST_TIMEOUT_MS, emitRequest } from '../../../adapters/content.ts';
import { LMS_EXPORT_REQUEST, type LmsExportRequests } from '../../../domain/lmsExport.ts';
import { lmsExportMachine } from '../../../machines/lmsExport/lmsExportMachine.ts';
import { reportError, type Adapters } from './common.ts';

/** How long the service may take to build a package before the request counts as failed (it packs the whole video). */
const LMS_EXPORT_TIMEOUT_MS = 120_000;

/**
 * The LMS export dialog (review-and-content §2, §3): `lms.export` over the user's connection (domain/lmsExport.ts),
 * the version's key read from the item (item.get, its latest version) when the dialog was opened without one; the
 * package's download saved as a file.
 */
export function lmsExportActors(a: Adapters) {
  const lmsExport = lmsExportMachine.provide({
    actors: {
      requestExport: fromPromise(async ({ input }) => {
        let key = input.versionKey;
        if (key === null) {
          const { item } = await a.items.request('item.get', { id: input.itemId, pass: null, protectedLinksFlagEnabled: true }, { timeoutMs: CONTENT_REQUEST_TIMEOUT_MS });
          key = item.versions.at(-1)?.package.key ?? '';
        }
        const payload: LmsExportRequests['lms.export']['payload'] = { itemId: input.itemId, key, target: input.target, completePercent: input.completePercent, title: input.title };
        return emitRequest<LmsExportRequests['lms.export']['data']>(a.userSocket(), LMS_EXPORT_REQUEST, payload, LMS_EXPORT_TIMEOUT_MS);
      }),
    },
    actions: { reportError, startDownload: (_, params) => a.download(params.url, params.fileName) },
  });
  return { lmsExport };
}
