/**
 * Events and dialog data shared by the content actors (folders, grid, dialogs, drag). They live here, apart
 * from the machines, because the actors name each other's events (a dialog's confirm carries a grid or
 * folders event) and the machines must not import each other.
 */
import type { AnyActorRef, EventObject } from 'xstate';
import type { ContentRefusal, FolderPermissionView, ProductFilter } from '../../domain/content.ts';
import type { ContentPush } from '../../domain/contentData.ts';
import type { AreaChange } from '../../domain/folderMoves.ts';
import type { FolderId, FolderRole } from '../../domain/folderRoles.ts';

/** A validated server push, forwarded by the session to `folders` and `grid`. */
export type ContentPushEvent = { type: 'content.push'; push: ContentPush };

/**
 * The change id a request may carry (domain/content.ts `Named`): the error dialog's retry and the grid's folder part
 * send the id the change already has, so the service does it once however often it is asked. Without one, the actor
 * names the change itself (its client id and a sequence number).
 */
type Named = { changeId?: string };

/** What views (and the dialogs, for confirmed actions) send to `folders`. */
export type FolderRequestEvent = Named &
  (
    | { type: 'folder.create'; parentId: FolderId; name: string }
    | { type: 'folder.rename'; id: number; name: string }
    /** Soft delete of one folder (the folder menu's delete). */
    | { type: 'folder.destroy'; id: number }
    /** `silent`: the grid shows the one toast for a selection of items and folders. */
    | { type: 'folder.restore'; id: number; silent?: boolean }
    | { type: 'folder.bulkArchive'; ids: number[]; silent?: boolean }
    | { type: 'folder.bulkDestroy'; ids: number[] }
    /** `confirmed`: the move confirmation between private and shared areas was answered yes. */
    | { type: 'folder.bulkMove'; ids: number[]; destination: FolderId; destinationFolderName?: string | null; confirmed?: boolean; silent?: boolean }
    | { type: 'folder.destroyArchived'; id: number }
    | { type: 'folder.emptyTrash' }
  );

/**
 * This page's client id (a random id the composition root makes once per page load): the changes `folders` and `grid`
 * name are `<clientId>.<actor><n>`, unique per person, so the service can tell a repeat from a new change.
 */
export type ClientIdEvent = { type: 'content.clientId'; clientId: string };

export type FoldersEvent =
  | FolderRequestEvent
  /** Load once (the grid asks when it opens a folder); ignored when loaded or loading. */
  | { type: 'folders.load' }
  /** Read again (the session's reconnect, or on demand). */
  | { type: 'folders.refetch' }
  | { type: 'folders.retry' }
  /** Signed out: forget everything. */
  | { type: 'folders.reset' }
  | ClientIdEvent
  | ContentPushEvent;

/** What the shared-folder settings dialog sends to `folderSettings`. */
export type FolderSettingsEvent =
  | { type: 'folderSettings.open'; folderId: number }
  /** Replace the folder's own entries (inherited ones are shown, not sent); optimistic. Without `entries`: the draft. */
  | { type: 'folderSettings.save'; entries?: FolderPermissionView[] }
  /** The draft of the folder's own entries: add a team member or group (as an editor), change a role, remove one. */
  | { type: 'folderSettings.addPrincipal'; principalType: 'user' | 'group'; principalId: string }
  | { type: 'folderSettings.setRole'; principalType: 'user' | 'group'; principalId: string; role: FolderRole }
  | { type: 'folderSettings.removeEntry'; principalType: 'user' | 'group'; principalId: string }
  /** Cancel, Close, Escape: closes the dialog, or asks first when the draft has unsaved changes. */
  | { type: 'folderSettings.requestClose' }
  /** The unsaved-changes question: leave without saving, or stay. */
  | { type: 'folderSettings.leave' }
  | { type: 'folderSettings.stay' }
  | { type: 'folderSettings.retry' }
  /** Load the team's groups and members (for adding someone). */
  | { type: 'folderSettings.fetchTeam' }
  | { type: 'folderSettings.close' }
  | { type: 'folderSettings.reset' };

/** What views (and the dialogs and the drag, for confirmed actions) send to `grid` to change items. */
export type GridRequestEvent = Named &
  (
    | { type: 'grid.rename'; id: string; title: string }
    | { type: 'grid.duplicate'; id: string; title: string }
    | { type: 'grid.trash'; itemIds: string[]; folderIds: number[] }
    | { type: 'grid.restore'; itemIds: string[]; folderIds: number[] }
    | { type: 'grid.destroyForever'; itemIds: string[]; folderIds: number[] }
    | { type: 'grid.move'; itemIds: string[]; folderIds: number[]; destination: FolderId; destinationFolderName: string | null; confirmed?: boolean }
  );

export type GridEvent =
  | GridRequestEvent
  /** The route: /review/folder/{folderId}?page=… (page already parsed with parsePageQuery). */
  | { type: 'grid.open'; folderId: FolderId; page: number }
  | { type: 'grid.search'; text: string }
  /** Escape or the clear button: the box and the filter are cleared at once. */
  | { type: 'grid.clearSearch' }
  | { type: 'grid.filter'; product: ProductFilter }
  | { type: 'grid.select'; itemIds: string[]; folderIds: number[] }
  | { type: 'grid.toggleSelect'; itemId?: string; folderId?: number }
  | { type: 'grid.clearSelection' }
  | { type: 'grid.retry' }
  /** Read the page again (reconnect, or after emptying the trash). */
  | { type: 'grid.refetch' }
  /** The view rewrote the URL to `pageRewrite`. */
  | { type: 'grid.pageRewritten' }
  /** Who is signed in (item ownership rules); sent by the session. */
  | { type: 'grid.signedIn'; userId: string }
  | { type: 'grid.reset' }
  /** Folders trashed or deleted (by anyone): the current one among them is not found. */
  | { type: 'grid.foldersGone'; ids: number[] }
  /** Raised by the grid itself when the search or the filter changed: the first page of the new list. */
  | { type: 'grid.reload' }
  | ClientIdEvent
  | ContentPushEvent;

/** What the generic error dialog's retry can send to the item view's actor (`item`: restore version, cancel of a failed upload). */
export type ItemRetryEvent = { type: 'item.restoreVersion'; version: number } | { type: 'item.cancelUpload' };

/** An action a dialog hands on when it is confirmed or retried. */
export type RoutedEvent = { target: 'folders'; event: FolderRequestEvent } | { target: 'grid'; event: GridRequestEvent } | { target: 'item'; event: ItemRetryEvent };

/** Which operation failed, for the generic error dialog's words (§8). */
export type ContentOperation =
  | 'archive'
  | 'destroy'
  | 'move'
  | 'rename'
  | 'duplicate'
  | 'restore'
  | 'removeFromTrash'
  | 'emptyTrash'
  | 'createFolder'
  | 'unknown';

/** The one dialog of the content area on screen, with what it needs (§2 Dialogs). */
export type DialogData =
  /** Delete to trash; `name` is the single entry's title or name (null for several). */
  | { kind: 'trash'; itemIds: string[]; folderIds: number[]; name: string | null }
  | { kind: 'destroyForever'; itemIds: string[]; folderIds: number[]; name: string | null }
  /** The view offers duplicateName(title) as the default. */
  | { kind: 'duplicate'; itemId: string; title: string }
  | { kind: 'renameItem'; itemId: string; title: string }
  | { kind: 'renameFolder'; folderId: number; name: string }
  | { kind: 'emptyTrash' }
  /** `hasFolders`: the sender says whether any folder exists; the dialog does not open without one (§4). */
  | { kind: 'move'; itemIds: string[]; folderIds: number[]; name: string | null; hasFolders: boolean }
  | { kind: 'newFolder'; parentId: FolderId }
  | { kind: 'newSharedFolder' }
  /** Someone on no team asked for a shared folder (§6 account tiers). */
  | { kind: 'addToTeam' }
  /**
   * A folder's shared settings. With `move`: a private folder about to move into this shared folder (§4 "Moving from
   * a private folder to a team folder goes through shared-folder settings"): the dialog shows who will have access
   * there, read-only, and its confirm sends `onConfirm` (the move).
   */
  | { kind: 'sharedFolderSettings'; folderId: number; move?: { folderIds: number[]; onConfirm: RoutedEvent } }
  | { kind: 'confirmMove'; change: AreaChange; destinationFolderName: string | null; onConfirm: RoutedEvent }
  | { kind: 'alreadyInFolder'; name: string | null; folderName: string | null }
  | { kind: 'accessDenied' }
  /** The generic error dialog (§8: retryable; its text is not shown in the spec). */
  | { kind: 'error'; operation: ContentOperation; reason: ContentRefusal | null; message: string; retry: RoutedEvent | null };

export type DialogKind = DialogData['kind'];

export type DialogsEvent =
  | { type: 'dialogs.open'; dialog: DialogData }
  | { type: 'dialogs.close' }
  /** Yes to a confirmation (trash, delete forever, empty trash, move confirmation, already in folder, access denied). */
  | { type: 'dialogs.confirm' }
  /** The name of a rename, duplicate, new folder or new shared folder dialog. */
  | { type: 'dialogs.submitName'; name: string }
  /** The move dialog's pick. */
  | { type: 'dialogs.chooseDestination'; destination: FolderId; destinationFolderName: string | null }
  /** "New folder" inside the move dialog. */
  | { type: 'dialogs.createFolder'; parentId: FolderId; name: string }
  | { type: 'dialogs.retry' }
  /** A client-side check refused what the dialog asked for (sent by folders or grid). */
  | { type: 'dialogs.refused'; reason: ContentRefusal }
  /** The view went where `navigation` asked. */
  | { type: 'dialogs.navigated' }
  | { type: 'dialogs.reset' };

export type DragEvent =
  | { type: 'drag.start'; items: { id: string; isArchived?: boolean; archivedAt?: string | null }[]; folderIds: number[] }
  /** Over a folder of the tree or the grid; `isOpen`: the folder is already expanded. */
  | { type: 'drag.over'; folderId: FolderId; isOpen: boolean }
  | { type: 'drag.leave'; folderId: FolderId }
  | { type: 'drag.drop'; folderId: FolderId; folderName: string | null }
  | { type: 'drag.cancel' }
  /** The view expanded `expandRequest` (and persisted it). */
  | { type: 'drag.expanded' }
  | { type: 'drag.reset' };

/** The part of an actor system the content actors use to reach each other. */
export interface SystemLike {
  get(id: string): AnyActorRef | undefined;
}

/** Sends to a long-lived actor when the system has it (a machine run alone in a test has none). */
export function tell(system: SystemLike, enqueue: { sendTo(target: AnyActorRef, event: EventObject): void }, systemId: string, event: { type: string } & Record<string, unknown>): void {
  const target = system.get(systemId);
  if (target) enqueue.sendTo(target, event);
}

/** A refusal as adapters raise it (ContentRequestError: `reason`, `message`), or a generic server error. */
export function refusalOf(error: unknown): { reason: ContentRefusal | null; message: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { reason?: unknown; message?: unknown };
  return { reason: typeof e.reason === 'string' ? (e.reason as ContentRefusal) : null, message: typeof e.message === 'string' ? e.message : 'Request failed' };
}

/**
 * Whether a change that failed may still have been done: it could not be sent (no connection) or its answer never came
 * (time-out, connection dropped while waiting) — adapters say so in `delivery` (`unsent`, `unanswered`). Such a change
 * stays pending and is asked again with its change id once the connection is back; only a refusal is a failure.
 */
export function isAnswerLost(error: unknown): boolean {
  const delivery = (typeof error === 'object' && error !== null ? (error as { delivery?: unknown }).delivery : undefined) ?? null;
  return delivery === 'unsent' || delivery === 'unanswered';
}

/** How a change shown but not confirmed looks: on its way (`saving`), or held until the connection returns (`waiting`). */
export type PendingStatus = 'saving' | 'waiting';
