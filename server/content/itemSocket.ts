/**
 * The item-view requests (domain/items.ts ItemRequests) on /user/<aid>, and those an anonymous reviewer
 * may send (ANONYMOUS_ITEM_REQUESTS) on /anon: each payload checked against its schema (invalidRequest
 * otherwise), then handed to its operation; whatever escapes becomes a serverError ack and a log line.
 */
import { ANONYMOUS_ITEM_REQUESTS, ITEM_REQUEST_NAMES, type ItemAck, type ItemAckData, type ItemPayload, type ItemRequestName } from '../../domain/items.ts';
import type { Realtime } from '../realtime.ts';
import { answerChecked, registerRequests } from '../socketRequests.ts';
import { itemFailure, type ContentContext } from './common.ts';
import type { ItemViewOperations } from './itemViewOps.ts';
import { checkItemPayload } from './validation.ts';

type ItemHandlers = { [K in ItemRequestName]: (aid: string, payload: ItemPayload<K>) => Promise<ItemAck<ItemAckData<K>>> };

/** One handler per request name. */
export function itemHandlers(operations: ItemViewOperations): ItemHandlers {
  return {
    'item.get': operations.get,
    'item.create': operations.create,
    'item.upload': operations.upload,
    'item.restoreVersion': operations.restoreVersion,
    'item.deleteVersionByKey': operations.deleteVersionByKey,
    'item.markUploadFailed': operations.markUploadFailed,
    'item.presignDownload': operations.presignDownload,
    'item.packagePresign': operations.packagePresign,
  };
}

/** Validates, then runs one request; never rejects. */
export async function answerItemRequest<K extends ItemRequestName>(context: ContentContext, handlers: ItemHandlers, event: K, aid: string, payload: unknown): Promise<ItemAck<ItemAckData<K>>> {
  return answerChecked(
    () => checkItemPayload(event, payload),
    (value) => handlers[event](aid, value),
    (error) => itemFailure(context, error, event),
  );
}

/** Registers every item-view request on the user namespace, and the anonymous ones on /anon. */
export function registerItemRequests(realtime: Realtime, context: ContentContext, operations: ItemViewOperations): void {
  const handlers = itemHandlers(operations);
  registerRequests(realtime, ITEM_REQUEST_NAMES, ANONYMOUS_ITEM_REQUESTS, (event, aid, payload) => answerItemRequest(context, handlers, event, aid, payload));
}
