import { createCommentClient } from '../../../adapters/comments.ts';
import { createContentClient } from '../../../adapters/content.ts';
import { createItemClient } from '../../../adapters/items.ts';
import { createReviewRequestClient } from '../../../adapters/reviewRequests.ts';
import { createShareClient } from '../../../adapters/share.ts';
import { createTranslationClient } from '../../../adapters/translation.ts';
import { createUploadClient } from '../../../adapters/uploads.ts';
import type { Adapters, BaseAdapters } from './common.ts';

const built = new WeakMap<BaseAdapters, Adapters>();

/**
 * The feature clients over the base adapters' connections (the review API, the user's or anonymous reviewer's socket,
 * the CDN), built once when the first feature that needs them loads (createSystem's `loadFeatures`), not at start.
 */
export function featureAdapters(base: BaseAdapters): Adapters {
  let adapters = built.get(base);
  if (!adapters) {
    const { http, cdn, userSocket, connectedUserSocket, itemSocket, connectedItemSocket, signedIn, translationFiles } = base;
    adapters = {
      ...base,
      // A read made while the live connection is still loading waits for it (the grid's first page, on a cold load).
      content: createContentClient({ socket: userSocket, whenSocket: connectedUserSocket, http, report: (message, details) => console.error(message, details) }),
      uploadClient: createUploadClient({ http }),
      // An account reads the item and its comments over HTTP: the page draws them before its live connection is up.
      items: createItemClient({ socket: itemSocket, whenSocket: connectedItemSocket, http, readOverHttp: signedIn }),
      shareClient: createShareClient({ http }),
      commentClient: createCommentClient({ socket: itemSocket, whenSocket: connectedItemSocket, http, readOverHttp: signedIn }),
      reviewRequestClient: createReviewRequestClient({ http }),
      translationClient: createTranslationClient({ http, cdn, files: translationFiles }),
    };
    built.set(base, adapters);
  }
  return adapters;
}
