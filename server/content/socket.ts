/**
 * The content requests on /user/<aid> (domain/content.ts ContentRequests): each payload checked against
 * its schema (invalidRequest otherwise), then handed to its operation; whatever escapes becomes a
 * serverError ack and a log line, never a crash.
 */
import { CONTENT_REQUEST_NAMES, type Ack, type ContentAckData, type ContentPayload, type ContentRequestName } from '../../domain/content.ts';
import type { Realtime } from '../realtime.ts';
import { answerChecked, registerRequests } from '../socketRequests.ts';
import { failure, type ContentContext } from './common.ts';
import { folderOperations } from './folderOps.ts';
import { itemOperations } from './itemOps.ts';
import { checkPayload } from './validation.ts';

type Handlers = { [K in ContentRequestName]: (aid: string, payload: ContentPayload<K>) => Promise<Ack<ContentAckData<K>>> };

/** One handler per request name. */
export function contentHandlers(context: ContentContext): Handlers {
  const folders = folderOperations(context);
  const items = itemOperations(context);
  return {
    'folder.fetch': (aid) => folders.fetch(aid),
    'folder.find': folders.find,
    'folder.insert': folders.insert,
    'folder.update': folders.update,
    'folder.destroy': folders.destroy,
    'folder.restore': folders.restore,
    'folder.bulkArchive': folders.bulkArchive,
    'folder.bulkDestroy': folders.bulkDestroy,
    'folder.bulkMove': folders.bulkMove,
    'folder.destroyArchivedFolder': folders.destroyArchivedFolder,
    'folder.destroyArchivedItems': (aid, payload) => folders.destroyArchivedItems(aid, payload ?? {}),
    'folder.getPermissions': folders.getPermissions,
    'folder.setPermissions': folders.setPermissions,
    'team.fetchGroups': (aid) => folders.fetchGroups(aid),
    'item.fetch': items.fetch,
    'item.update': items.update,
    'item.duplicate': items.duplicate,
    'item.bulkArchive': items.bulkArchive,
    'item.bulkDestroy': items.bulkDestroy,
    'item.bulkMove': items.bulkMove,
  };
}

/** Validates, then runs one request; never rejects. */
export async function answerContentRequest<K extends ContentRequestName>(context: ContentContext, handlers: Handlers, event: K, aid: string, payload: unknown): Promise<Ack<ContentAckData<K>>> {
  return answerChecked(
    () => checkPayload(event, payload),
    (value) => handlers[event](aid, value),
    (error) => failure(context, error, event),
  );
}

/** Registers every content request on the user namespace. */
export function registerContentRequests(realtime: Realtime, context: ContentContext): void {
  const handlers = contentHandlers(context);
  registerRequests(realtime, CONTENT_REQUEST_NAMES, [], (event, aid, payload) => answerContentRequest(context, handlers, event, aid, payload));
}
