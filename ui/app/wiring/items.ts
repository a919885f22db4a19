import { fromPromise } from 'xstate';
import { CONTENT_REQUEST_TIMEOUT_MS, emitRequest } from '../../../adapters/content.ts';
import { itemMachine } from '../../../machines/items/itemMachine.ts';
import { itemNotificationsMachine } from '../../../machines/items/itemNotificationsMachine.ts';
import { itemStackMachine, type ItemStackSubject } from '../../../machines/items/itemStackMachine.ts';
import type { AppSystem } from '../../system.tsx';
import { reportError, subjectTeller, type Adapters, type Running } from './common.ts';

/**
 * The item view (review-and-content §4, §7) over the item client; the per-item notification level over the user's
 * socket (item.subscriptionFind / item.subscriptionUpsert, domain/comments.ts); the stack of a member item.
 */
export function itemsActors(a: Adapters) {
  const { items, translationClient, connectedUserSocket } = a;
  const item = itemMachine.provide({
    actors: {
      fetchItem: fromPromise(({ input }) => items.request('item.get', input)),
      restoreVersion: fromPromise(({ input }) => items.request('item.restoreVersion', input)),
      deleteVersion: fromPromise(({ input }) => items.request('item.deleteVersionByKey', input)),
      listBackups: fromPromise(({ input }) => items.backups(input.itemId)),
      fetchBackupUrl: fromPromise(({ input }) => items.backupDownloadUrl(input.backupId)),
      presignDownload: fromPromise(({ input }) => items.request('item.presignDownload', input)),
    },
    actions: { reportError, startDownload: (_, params) => a.download(params.url, params.fileName) },
  });
  const itemNotifications = itemNotificationsMachine.provide({
    actors: {
      // The bell may be opened before the item view's held-back connection is up: these wait for it.
      findSubscription: fromPromise(async ({ input }) => emitRequest(await connectedUserSocket(CONTENT_REQUEST_TIMEOUT_MS), 'item.subscriptionFind', input, CONTENT_REQUEST_TIMEOUT_MS)),
      upsertSubscription: fromPromise(async ({ input }) => emitRequest(await connectedUserSocket(CONTENT_REQUEST_TIMEOUT_MS), 'item.subscriptionUpsert', input, CONTENT_REQUEST_TIMEOUT_MS)),
    },
    actions: { reportError },
  });
  // The stack of the member item open in the item view (its title and sidebar): the same stack call as the translate tab.
  const itemStack = itemStackMachine.provide({
    actors: { fetchItemStack: fromPromise(({ input }) => translationClient.stack(input)) },
    actions: { reportError },
  });
  return { item, itemNotifications, itemStack };
}

/**
 * The item view of a translation stack's member (review and translate tabs) shows the stack's title and sidebar:
 * the loaded item opens the item-stack actor, anything else closes it.
 */
export function connectItemStack({ actor, observe }: Running) {
  const itemRef = actor('item');
  const itemStackRef = actor('itemStack');
  const tellItemStack = subjectTeller<ItemStackSubject>((subject) => {
    if (subject) itemStackRef.send({ type: 'itemStack.open', ...subject });
    else itemStackRef.send({ type: 'itemStack.close' });
  });
  const tellItemStackAboutItem = (snapshot: ReturnType<AppSystem['item']['getSnapshot']>) => {
    const { item: detail, password, route } = snapshot.context;
    tellItemStack(snapshot.matches({ open: 'fetchSuccess' }) && detail?.showItemStacksSidebar === true && route?.tab !== 'feedback' ? { itemId: detail.id, pass: password } : null);
  };
  tellItemStackAboutItem(itemRef.getSnapshot());
  observe(itemRef, () => tellItemStackAboutItem(itemRef.getSnapshot()));
}
