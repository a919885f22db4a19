/** Registry entries of the content feature: each machine with its payload cases (charts, path generation, replay read them). */
import { dialogsMachine } from './dialogsMachine.ts';
import { dragMachine } from './dragMachine.ts';
import { folderSettingsMachine } from './folderSettingsMachine.ts';
import { foldersMachine } from './foldersMachine.ts';
import { gridDownloadMachine } from './gridDownloadMachine.ts';
import { gridMachine } from './gridMachine.ts';
import { gridPrefsMachine } from './gridPrefsStore.ts';
import { type RegistryEntry, ITEM, refusal } from '../registryCases.ts';

const folder = (id: number, name: string, parent: number, folderType: 'private' | 'shared' | 'deleted', role: string | null = null) => ({ id, name, parent, folderType, role });

const FOLDERS = [folder(12, 'Onboarding', 0, 'private'), folder(13, 'Old drafts', 0, 'deleted'), folder(20, 'Team library', 0, 'shared', 'owner')];
/** A change the client could not send (offline) or whose answer it lost: kept pending and asked again. */
const lost = (delivery: 'unsent' | 'unanswered') => ({ error: { name: 'ContentRequestError', reason: 'serverError', message: 'The connection dropped.', delivery } });

export const contentEntries: readonly RegistryEntry[] = [
  {
    name: 'folders',
    machine: foldersMachine,
    description: 'The folder list as a projection of events: load, refetch on reconnect, pushes, and optimistic changes sent one at a time with exact rollback and the error dialog; insert time-out 15000 ms; shared-folder permissions and team groups (review-and-content §4, §5, §7).',
    cases: {
      'folder.create': [{ parentId: 'PRIVATE_CONTENT', name: 'Drafts' }, { parentId: 13, name: 'Inside trash' }],
      'folder.rename': [{ id: 12, name: 'Welcome' }],
      'folder.destroy': [{ id: 12 }],
      'folder.restore': [{ id: 13 }],
      'folder.bulkArchive': [{ ids: [12] }],
      'folder.bulkDestroy': [{ ids: [13] }],
      'folder.bulkMove': [{ ids: [12], destination: 20, destinationFolderName: 'Team library' }, { ids: [12], destination: 20, destinationFolderName: 'Team library', confirmed: true }],
      'folder.destroyArchived': [{ id: 13 }],
      'content.push': [
        { push: { name: 'folder.updateHashed', data: { folders: [folder(12, 'Onboarding', 0, 'deleted')] } } },
        { push: { name: 'folder.hardDeleted', data: { ids: [12] } } },
      ],
      'xstate.done.actor.fetchFolders': [{ output: { folders: FOLDERS } }, { output: { folders: 'not a list' } }],
      'xstate.error.actor.fetchFolders': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.refetchFolders': [{ output: { folders: FOLDERS } }, { output: null }],
      'xstate.error.actor.refetchFolders': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.sendFolderChange': [{ output: { folder: folder(31, 'Drafts', 0, 'private'), clientRef: 'c1' } }, { output: { folders: [folder(12, 'Welcome', 0, 'private')] } }],
      'xstate.error.actor.sendFolderChange': [refusal('forbidden', 'Your role does not allow this.'), refusal('notFound', 'No such folder.'), lost('unsent'), lost('unanswered')],
      'content.clientId': [{ clientId: 'c0ffee' }],
    },
  },
  {
    name: 'folderSettings',
    machine: folderSettingsMachine,
    description: "The shared-folder settings: the folder's permission entries (read-only without changePermissions), the team's groups and members on demand, an optimistic save rolled back on refusal (review-and-content §2, §6, §7).",
    cases: {
      'folderSettings.open': [{ folderId: 20 }],
      'folderSettings.save': [{ entries: [{ principalId: 'u-sam', principalType: 'user', role: 'viewer', inherited: false, name: 'Sam Seat', email: 'sam@example.com', avatar: null }] }, {}],
      'folderSettings.addPrincipal': [{ principalType: 'group', principalId: 'g1' }],
      'folderSettings.setRole': [{ principalType: 'group', principalId: 'g1', role: 'viewer' }],
      'folderSettings.removeEntry': [{ principalType: 'group', principalId: 'g1' }],
      'xstate.done.actor.fetchPermissions': [{ output: { entries: [], canChange: true } }, { output: { entries: [], canChange: false } }],
      'xstate.error.actor.fetchPermissions': [refusal('forbidden', 'Your role does not allow this.')],
      'xstate.done.actor.savePermissions': [{ output: { entries: [], canChange: true } }],
      'xstate.error.actor.savePermissions': [refusal('forbidden', 'Your role does not allow this.')],
      'xstate.done.actor.fetchTeam': [{ output: { groups: [{ id: 'g1', name: 'Designers', type: 'group' }], members: [] } }],
      'xstate.error.actor.fetchTeam': [refusal('serverError', 'The service could not be reached.')],
    },
  },
  {
    name: 'grid',
    machine: gridMachine,
    description: 'The item grid: folder and page from the route, search (100 ms debounce, Escape clears), product filter, one page of items with loading/ready/failed/not found, selection, optimistic item changes (stacks over HTTP), live pushes and the page rewrite (review-and-content §2, §4, §5, §7).',
    cases: {
      'grid.open': [{ folderId: 12, page: 1 }, { folderId: 12, page: 2 }],
      'grid.search': [{ text: 'intro' }],
      'grid.filter': [{ product: 'rise' }],
      'grid.select': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.toggleSelect': [{ itemId: 'i1' }],
      'grid.rename': [{ id: 'i1', title: 'Intro course v2' }],
      'grid.duplicate': [{ id: 'i1', title: 'copy of Intro course' }],
      'grid.trash': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.restore': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.destroyForever': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.move': [{ itemIds: ['i1'], folderIds: [], destination: 20, destinationFolderName: 'Team library' }],
      'grid.signedIn': [{ userId: 'u-alex' }],
      'grid.foldersGone': [{ ids: [12] }],
      'content.push': [
        { push: { name: 'item.updateHashed', data: { item: { ...ITEM, title: 'Renamed elsewhere' } } } },
        { push: { name: 'item.refresh', data: { folderId: null } } },
      ],
      'xstate.done.actor.fetchItems': [{ output: { items: [ITEM], count: 1, page: 1 } }, { output: { items: [], count: 20, page: 2 } }, { output: 'not a page' }],
      'xstate.error.actor.fetchItems': [refusal('notFound', 'No such folder.'), refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.refetchItems': [{ output: { items: [ITEM], count: 1, page: 1 } }, { output: null }],
      'xstate.error.actor.refetchItems': [refusal('notFound', 'No such folder.'), refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.sendItemChange': [{ output: { items: [ITEM] } }],
      'xstate.error.actor.sendItemChange': [refusal('forbidden', 'Your role does not allow this.'), lost('unsent')],
      'content.clientId': [{ clientId: 'c0ffee' }],
    },
  },
  {
    name: 'dialogs',
    machine: dialogsMachine,
    description: 'The content dialogs, one at a time: open request then open on the next frame, close after 100 ms; no move dialog without folders; confirm hands the action to grid or folders; refusals show inside; access denied closes to private content (review-and-content §2, §4).',
    cases: {
      'dialogs.open': [
        { dialog: { kind: 'trash', itemIds: ['i1'], folderIds: [], name: 'Intro course' } },
        { dialog: { kind: 'move', itemIds: ['i1'], folderIds: [], name: 'Intro course', hasFolders: true } },
        { dialog: { kind: 'move', itemIds: ['i1'], folderIds: [], name: 'Intro course', hasFolders: false } },
        { dialog: { kind: 'newFolder', parentId: 'PRIVATE_CONTENT' } },
        { dialog: { kind: 'accessDenied' } },
        { dialog: { kind: 'error', operation: 'move', reason: 'forbidden', message: 'Error updating items', retry: { target: 'grid', event: { type: 'grid.trash', itemIds: ['i1'], folderIds: [] } } } },
      ],
      'dialogs.submitName': [{ name: 'Drafts' }, { name: '   ' }],
      'dialogs.chooseDestination': [{ destination: 20, destinationFolderName: 'Team library' }],
      'dialogs.createFolder': [{ parentId: 20, name: 'New' }],
      'dialogs.refused': [{ reason: 'tooDeep' }],
    },
  },
  {
    name: 'drag',
    machine: dragMachine,
    description: 'Drag and drop of items and folders: the 99+ count label, a closed folder hovered 1000 ms opens, a drop moves (or trashes on the trash root) through the grid; archived items cannot be dragged (review-and-content §2, §4, §9).',
    cases: {
      'drag.start': [
        { items: [{ id: 'i1', isArchived: false, archivedAt: null }], folderIds: [] },
        { items: [{ id: 'i2', isArchived: true, archivedAt: '2026-11-20T10:00:00.000Z' }], folderIds: [] },
      ],
      'drag.over': [
        { folderId: 12, isOpen: false },
        { folderId: 20, isOpen: false },
        { folderId: 'SHARED_CONTENT', isOpen: true },
      ],
      'drag.leave': [{ folderId: 12 }],
      'drag.drop': [{ folderId: 20, folderName: 'Team library' }, { folderId: 'DELETED', folderName: null }],
    },
  },
  {
    name: 'gridDownload',
    machine: gridDownloadMachine,
    description:
      "A video's download from the grid's item menu: presigning (a signed link to the latest version; the service checks view permission, video and ready) → the file is saved, or the download-failed toast with the service's words (review-and-content §6 item menu download (video), §8).",
    cases: {
      'gridDownload.video': [{ itemId: 'i-video' }],
      'xstate.done.actor.presignVideo': [{ output: { url: 'http://localhost/blobs/v.mp4?sig=1', fileName: 'Demo.mp4' } }, { output: { url: '' } }],
      'xstate.error.actor.presignVideo': [{ error: { name: 'ContentRequestError', reason: 'invalidRequest', message: 'This version is not ready.' } }],
    },
  },
  {
    name: 'gridPrefs',
    machine: gridPrefsMachine,
    description: "The grid's remembered sidebar width (20 %, 12–40 %) and expanded folders (review-and-content §2, §9): defaults until the stored ones are read.",
    cases: {
      'gridPrefs.loaded': [{ stored: '{"sidebarWidth":30,"expanded":[12]}' }, { stored: 'not json' }, { stored: null }],
      'gridPrefs.resized': [{ width: 55 }, { width: 25 }],
      'gridPrefs.toggled': [{ id: 12, expanded: true }, { id: 12, expanded: false }],
    },
  },
];
