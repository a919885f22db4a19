/**
 * The content protocol between the client and the review service for folders, items and item stacks
 * (review-and-content §3, §7): socket events on the user's namespace (/user/<aid>) with acknowledgements,
 * the item-stack HTTP calls, and the server pushes. Both sides import these types; the server validates
 * every payload itself (a payload is untrusted input) and the client never relies on its own checks alone.
 *
 * Wire conventions:
 * - Every request is `socket.emit(event, payload, ack)`; the ack is always an {@link Ack}.
 * - Folder ids are numbers; the virtual folders travel as their string ids (ALL_CONTENT, PRIVATE_CONTENT,
 *   SHARED_CONTENT, DELETED). A folder's `parent` is 0 for a top-level folder.
 * - Items live in a real folder or at the private-content root (`folderId` null). The shared-content root
 *   holds team folders only, never items.
 * - Times are ISO-8601 strings.
 * - Bulk operations are all-or-nothing: the server checks every entry first and changes nothing when one is
 *   refused; the refusal names the entry (`failedId`).
 * - Every push carries `messageId` (added by the realtime layer) and goes to every connected user who can
 *   see the folder concerned (before and after the change, for moves).
 */
import type { FolderMoveRefusal, ItemMoveRefusal, CreateSubfolderRefusal } from './folderMoves.ts';
import type { FolderId, FolderRole } from './folderRoles.ts';
import type { FolderRecord } from './folderTree.ts';
import type { NameRefusal } from './names.ts';
import { productFamily } from './folderRoles.ts';

// ---------------------------------------------------------------------------------------------------------
// Entities on the wire

/** A person as the grid shows them (owner, last updater). */
export interface PersonRef {
  userId: string;
  fullName: string;
  /** Avatar image address, or null (the view draws initials). */
  avatar: string | null;
}

/**
 * An item as the grid needs it (§3 Item; versions and uploads come with the item view). A stack is sent as
 * one entry with `isStack` true: its `id` is the stack id, its `title` the stack title.
 */
export interface ItemRecord {
  id: string;
  title: string;
  /** storyline, engage, presenter, quizmaker, rise, studio, peek, preso, replay, video. */
  product: string;
  type: string | null;
  /** The owner's account id. */
  userId: string;
  owner: PersonRef;
  updatedBy: PersonRef | null;
  updatedAt: string;
  createdAt: string;
  /** A real folder id, or null for the private-content root. */
  folderId: number | null;
  hash: string;
  /** Set when trashed, null otherwise (§3). */
  archivedAt: string | null;
  isArchived: boolean;
  isStack: boolean;
  /** Items in a stack (stacks only; 0 otherwise). */
  stackSize: number;
  /**
   * Where a stack opens (translation-editor §2 "A stack entry links to its source course review page or to the first
   * target-locale translate page"): that member item, and whether it is the source course. Stacks only; absent or
   * null otherwise (and for a stack whose members are all gone).
   */
  stackEntry?: { itemId: string; sourceCourse: boolean } | null;
  /**
   * An item inside a stack (only search results list them, so that a stack's members are reachable on their own):
   * it opens like any item, and is changed through its stack (no item menu, no drag). Absent otherwise.
   */
  inStack?: boolean;
  /** Thumbnail address (width 720 is asked of the image service), or null for the product placeholder. */
  thumbnailUrl: string | null;
  isPrivate: boolean;
  /**
   * The latest version's state as the card shows it (domain/items.ts; `uploaded` shows as processing), null
   * without versions (stacks). Optional so that older records without it still read.
   */
  versionState?: VersionDisplayState | null;
}

/** §4 version states as stored (the item-view protocol is in domain/items.ts). */
export type VersionState = 'uploading' | 'ready' | 'uploaded' | 'uploadFailed' | 'transcodeFailed' | 'invalidVideoFile' | 'unpackFailed';
export const VERSION_STATES: readonly VersionState[] = ['uploading', 'ready', 'uploaded', 'uploadFailed', 'transcodeFailed', 'invalidVideoFile', 'unpackFailed'];
/** What a view shows: `uploaded` is shown as processing (§4 "plus processing (display)"). */
export type VersionDisplayState = Exclude<VersionState, 'uploaded'> | 'processing';

/** A team member (§3 Team member) as the shared-folder settings list them. */
export interface TeamMember {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  avatars: { small: string | null };
  type: 'user';
  role: 'editor';
}

/** A team group (§3 Group). */
export interface TeamGroup {
  id: string;
  name: string;
  type: 'group';
}

/** A permission entry with what the settings dialog shows of its principal. */
export interface FolderPermissionView {
  principalId: string;
  principalType: 'user' | 'group';
  role: FolderRole;
  inherited: boolean;
  /** Full name of a user or the group's name. */
  name: string;
  /** E-mail of a user; null for a group. */
  email: string | null;
  avatar: string | null;
}

/** An item stack (§3 "Item stack (server)": stackIds, title, toFolderId), as GET /item-stacks/{id} returns it. */
export interface ItemStackRecord {
  id: string;
  title: string;
  folderId: number | null;
  userId: string;
  archivedAt: string | null;
  itemIds: string[];
  hash: string;
}

// ---------------------------------------------------------------------------------------------------------
// Acknowledgements

/**
 * Why the server refused a request. The domain's own refusals (name, move, depth) keep their names so the
 * client shows the same message it would have shown had it caught the case itself.
 * - `invalidRequest`: the payload is malformed (wrong types, missing fields, over-long strings),
 * - `notFound`: the folder, item or stack does not exist or is not visible to this user,
 * - `forbidden`: the user's role lacks the action,
 * - `serverError`: anything else (logged on the server).
 */
export type ContentRefusal =
  | 'invalidRequest'
  | 'notFound'
  | 'forbidden'
  | 'serverError'
  | NameRefusal
  | FolderMoveRefusal
  | ItemMoveRefusal
  | CreateSubfolderRefusal;

export type Ack<T> = { success: true; data: T } | { success: false; reason: ContentRefusal; message: string; failedId?: string | number };

// ---------------------------------------------------------------------------------------------------------
// Grid filters

/** §1 product filter options: All Formats, Storyline, Rise, Studio, Video. */
export type ProductFilter = 'all' | 'storyline' | 'rise' | 'studio' | 'video';
export const PRODUCT_FILTERS: readonly ProductFilter[] = ['all', 'storyline', 'rise', 'studio', 'video'];

export function isProductFilter(value: unknown): value is ProductFilter {
  return typeof value === 'string' && (PRODUCT_FILTERS as readonly string[]).includes(value);
}

/** Whether an item's product passes the filter: Storyline covers the slide family, Video the video family. */
export function productMatchesFilter(product: unknown, filter: ProductFilter): boolean {
  if (filter === 'all') return true;
  const family = productFamily(product);
  if (filter === 'storyline') return family === 'slide';
  return family === filter;
}

// ---------------------------------------------------------------------------------------------------------
// Socket requests: event name → payload and ack data

/** Longest change id the service accepts. */
export const CHANGE_ID_MAX_LENGTH = 100;

/**
 * What every change request may carry: `changeId`, an id the client made for this change (unique per person; letters,
 * digits, `.`, `-`, `_`, ≤ 100). The service does a named change once: a repeat of the same id (the client lost the
 * first answer and asks again) is answered from the first, so a create never makes a second folder or copy, and a
 * rename, move or trash already done is confirmed rather than refused.
 */
export interface Named {
  changeId?: string;
}

export interface ContentRequests {
  // Folders (§7 "Folders")
  /** Every folder the user can see, live and soft-deleted (type deleted), each with the user's role. */
  'folder.fetch': { payload: Record<string, never>; data: { folders: FolderRecord[] } };
  /** One folder by id (deep links); notFound when missing or not visible. */
  'folder.find': { payload: { id: number }; data: { folder: FolderRecord } };
  /**
   * A new folder. `parentId` PRIVATE_CONTENT or SHARED_CONTENT makes a top-level private or shared folder;
   * a real id a subfolder of the parent's type. `clientRef` echoes back for matching the optimistic entry.
   * A repeat with the same `changeId` answers with the folder the first made (as it is now), never a second one.
   */
  'folder.insert': { payload: { name: string; parentId: FolderId; clientRef: string } & Named; data: { folder: FolderRecord; clientRef: string } };
  /** Rename. */
  'folder.update': { payload: { id: number; name: string } & Named; data: { folder: FolderRecord } };
  /** Soft delete one folder: it and its subfolders become type deleted (§4). */
  'folder.destroy': { payload: { id: number } & Named; data: { folders: FolderRecord[] } };
  /** Restore a soft-deleted folder with its subfolders; into its old parent when that is live, else its area's root. */
  'folder.restore': { payload: { id: number } & Named; data: { folders: FolderRecord[] } };
  'folder.bulkArchive': { payload: { ids: number[] } & Named; data: { folders: FolderRecord[] } };
  /** Hard delete several trashed folders (with their items). */
  'folder.bulkDestroy': { payload: { ids: number[] } & Named; data: { ids: number[] } };
  /** Move folders under `destination` (a real id, PRIVATE_CONTENT, SHARED_CONTENT; DELETED trashes them). */
  'folder.bulkMove': { payload: { ids: number[]; destination: FolderId } & Named; data: { folders: FolderRecord[] } };
  /** Hard delete one trashed folder. */
  'folder.destroyArchivedFolder': { payload: { id: number } & Named; data: { ids: number[] } };
  /** Empty trash: every trashed folder the user may hard delete and every archived item the user owns. */
  'folder.destroyArchivedItems': { payload: Named; data: { folderIds: number[]; itemIds: string[] } };
  'folder.getPermissions': { payload: { id: number }; data: { entries: FolderPermissionView[]; canChange: boolean } };
  /** Replace the folder's own (not inherited) entries; needs changePermissions. */
  'folder.setPermissions': {
    payload: { id: number; entries: { principalId: string; principalType: 'user' | 'group'; role: FolderRole }[] };
    data: { entries: FolderPermissionView[]; canChange: boolean };
  };
  /** The team's groups and members for the shared-folder settings. */
  'team.fetchGroups': { payload: Record<string, never>; data: { groups: TeamGroup[]; members: TeamMember[] } };

  // Items (§7 "Items", this scope)
  /**
   * One page of a folder's items (16 per page), newest update first, with the total count. `search` (≤ 255,
   * case-insensitive contains on the title) searches everything the user can see and ignores `folderId`.
   * `folderId` DELETED lists the user's own archived items; ALL_CONTENT every visible live item. A page beyond
   * the last comes back as the last page (`page` in the answer is the page served).
   */
  'item.fetch': {
    payload: { folderId: FolderId; page: number; search: string | null; product: ProductFilter };
    data: { items: ItemRecord[]; count: number; page: number };
  };
  /** Rename, move (folderId), trash (archived true) or restore (restoreFromTrash true; §4 restore target). */
  'item.update': {
    payload: { id: string; title?: string; folderId?: number | null; archived?: boolean; restoreFromTrash?: boolean } & Named;
    data: { item: ItemRecord };
  };
  /** A repeat with the same `changeId` answers with the copy the first made, never a second copy. */
  'item.duplicate': { payload: { id: string; title: string } & Named; data: { item: ItemRecord } };
  'item.bulkArchive': { payload: { ids: string[] } & Named; data: { items: ItemRecord[] } };
  'item.bulkDestroy': { payload: { ids: string[] } & Named; data: { ids: string[] } };
  'item.bulkMove': { payload: { ids: string[]; destination: FolderId } & Named; data: { items: ItemRecord[] } };
}

export type ContentRequestName = keyof ContentRequests;
export type ContentPayload<K extends ContentRequestName> = ContentRequests[K]['payload'];
export type ContentAckData<K extends ContentRequestName> = ContentRequests[K]['data'];

export const CONTENT_REQUEST_NAMES: readonly ContentRequestName[] = [
  'folder.fetch',
  'folder.find',
  'folder.insert',
  'folder.update',
  'folder.destroy',
  'folder.restore',
  'folder.bulkArchive',
  'folder.bulkDestroy',
  'folder.bulkMove',
  'folder.destroyArchivedFolder',
  'folder.destroyArchivedItems',
  'folder.getPermissions',
  'folder.setPermissions',
  'team.fetchGroups',
  'item.fetch',
  'item.update',
  'item.duplicate',
  'item.bulkArchive',
  'item.bulkDestroy',
  'item.bulkMove',
];

// ---------------------------------------------------------------------------------------------------------
// Server pushes on /user/<aid> (§7 "Server pushes"); `messageId` is added by the realtime layer.

export interface ContentPushes {
  /** An item was created, renamed, moved, duplicated or restored (the record as it is now). */
  'item.updateHashed': { item: ItemRecord };
  /** An item went to the trash. */
  'item.softDeleteHashed': { id: string; folderId: number | null; hash: string };
  /** An item was deleted forever. */
  'item.hardDeleteHashed': { id: string; folderId: number | null };
  /** Something changed that is easier to read again than to patch: refetch the page showing `folderId` (null: any). */
  'item.refresh': { folderId: number | null };
  /** A folder was created, renamed, moved, soft deleted or restored (ours: the spec names only hardDeleted). */
  'folder.updateHashed': { folders: FolderRecord[] };
  'folder.hardDeleted': { ids: number[] };
  'itemStack.updateHashed': { stack: ItemRecord };
  'itemStack.moveHashed': { stackIds: string[]; toFolderId: number | null };
  'itemStack.softDeleteHashed': { stackIds: string[] };
  'itemStack.hardDeleteHashed': { stackIds: string[] };
}

export type ContentPushName = keyof ContentPushes;
export const CONTENT_PUSH_NAMES: readonly ContentPushName[] = [
  'item.updateHashed',
  'item.softDeleteHashed',
  'item.hardDeleteHashed',
  'item.refresh',
  'folder.updateHashed',
  'folder.hardDeleted',
  'itemStack.updateHashed',
  'itemStack.moveHashed',
  'itemStack.softDeleteHashed',
  'itemStack.hardDeleteHashed',
];

// ---------------------------------------------------------------------------------------------------------
// Item-stack HTTP calls (§7), under the review API base (/api). Bodies are JSON; errors are the API's
// usual { error } body with 400 (bad body), 401, 403 (role lacks the action), 404 (unknown or invisible).

export const ITEM_STACK_CALLS = {
  /** PUT, body { stackIds }; 200 { stacks: ItemRecord[] }. */
  bulkRestore: { method: 'PUT', path: '/item-stacks/bulk-restore', expect: 200 },
  /** PUT, body { stackIds, toFolderId }; 204. */
  move: { method: 'PUT', path: '/item-stacks/move', expect: 204 },
  /** PUT /item-stacks/rename/{stackId}, body { title }; 204. */
  rename: { method: 'PUT', path: '/item-stacks/rename/', expect: 204 },
  /** DELETE, body { stackIds }; 204. */
  bulkSoftDelete: { method: 'DELETE', path: '/item-stacks/bulk-soft-delete', expect: 204 },
  /** DELETE, body { stackIds }; 204. */
  bulkHardDelete: { method: 'DELETE', path: '/item-stacks/bulk-hard-delete', expect: 204 },
  /** GET /item-stacks/{id}; 200 ItemStackRecord. */
  get: { method: 'GET', path: '/item-stacks/', expect: 200 },
} as const;
