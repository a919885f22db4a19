import { fromPromise } from 'xstate';
import { newClientId, runItemCalls } from '../../../adapters/content.ts';
import type { ClientIdEvent } from '../../../machines/content/contentEvents.ts';
import { folderSettingsMachine } from '../../../machines/content/folderSettingsMachine.ts';
import { foldersMachine } from '../../../machines/content/foldersMachine.ts';
import { gridDownloadMachine } from '../../../machines/content/gridDownloadMachine.ts';
import { gridMachine } from '../../../machines/content/gridMachine.ts';
import { reportError, type Adapters, type Running } from './common.ts';

/** Where the grid's preferences are kept (review-and-content §9: the key is not named). */
const GRID_PREFS_STORAGE_KEY = 'review.gridPrefs';

/** The content area (review-and-content §7): folders, shared-folder settings, the grid and its video downloads over the content client. */
export function contentActors(a: Adapters) {
  const { content, items } = a;
  const folders = foldersMachine.provide({
    actors: {
      fetchFolders: fromPromise(() => content.request('folder.fetch', {})),
      // A change is sent only while connected and heard dropping (adapters/content.ts `asChange`): the actor keeps it
      // pending and asks again, with its change id, when the answer is lost.
      sendFolderChange: fromPromise(({ input }) => content.request(input.name, input.payload as never, { asChange: true, timeoutMs: null })),
    },
    actions: { reportError },
  });
  const folderSettings = folderSettingsMachine.provide({
    actors: {
      fetchPermissions: fromPromise(({ input }) => content.request('folder.getPermissions', input)),
      savePermissions: fromPromise(({ input }) => content.request('folder.setPermissions', input)),
      fetchTeam: fromPromise(() => content.request('team.fetchGroups', {})),
    },
    actions: { reportError },
  });
  const grid = gridMachine.provide({
    actors: {
      fetchItems: fromPromise(async ({ input, signal }) => {
        const page = await content.request('item.fetch', input);
        // The bench measures from here to the cards on screen (performance mark 'grid:cards' in the grid view).
        // An answer the grid stopped waiting for (another page was asked for meanwhile) is never shown: no mark.
        if (!signal.aborted) performance.mark('grid:data', { detail: { folderId: input.folderId, page: page.page } });
        return page;
      }),
      sendItemChange: fromPromise(({ input }) => runItemCalls(content, input.calls, { asChange: true, timeoutMs: null })),
    },
    actions: { reportError },
  });
  // A video's download from the grid's item menu: the item's latest version (item.get), then its signed link.
  const gridDownload = gridDownloadMachine.provide({
    actors: {
      presignVideo: fromPromise(async ({ input }) => {
        const { item: detail } = await items.request('item.get', { id: input.itemId, pass: null, protectedLinksFlagEnabled: true });
        return items.request('item.presignDownload', { itemId: input.itemId, version: detail.versions.at(-1)?.number ?? 0 });
      }),
    },
    actions: { reportError, startDownload: (_, params) => a.download(params.url, params.fileName) },
  });
  return { folders, folderSettings, grid, gridDownload };
}

/**
 * Once the system runs: this page's client id (the folder and item changes it names are done once by the service,
 * review-and-content §4), and the grid's remembered sidebar width and expanded folders (§2: read once, written on change).
 */
export function connectContent({ actor, observe, storage }: Running) {
  const contentClientId: ClientIdEvent = { type: 'content.clientId', clientId: newClientId() };
  actor('folders').send(contentClientId);
  actor('grid').send(contentClientId);
  const gridPrefs = actor('gridPrefs');
  gridPrefs.send({ type: 'gridPrefs.loaded', stored: storage.get(GRID_PREFS_STORAGE_KEY) });
  let storedPrefs = gridPrefs.getSnapshot().context;
  observe(gridPrefs, () => {
    const snapshot = gridPrefs.getSnapshot();
    if (snapshot.context === storedPrefs) return;
    storedPrefs = snapshot.context;
    storage.set(GRID_PREFS_STORAGE_KEY, JSON.stringify(snapshot.context));
  });
}
