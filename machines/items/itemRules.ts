/** The item actor's context and events, the selectors views read and its pure helpers (the machine is itemMachine.ts). */
import { productFamily } from '../../domain/folderRoles.ts';
import type { Backup, ItemDetail, ItemVersion } from '../../domain/items.ts';
import { canRestoreVersion, isFailedVersionState, versionByNumber } from '../../domain/versions.ts';
import { refusalOf } from '../content/contentEvents.ts';
import type { UploadFileRef } from './itemEvents.ts';

/** What the item route (/review/content/{itemId}/{tab}?version&reviewRequest) asks for. */
export interface ItemRoute {
  itemId: string;
  /** review, feedback or translate. */
  tab: string;
  /** The `version` query parsed (parseVersionQuery): 1-based, null for the latest. */
  versionQuery: number | null;
  reviewRequest: string | null;
}

/** What the shown version lets the view show (§2 item view states inside a loaded item). */
export type ItemViewState = 'processing' | 'failedProcessing' | 'ready' | 'deletedVersion';

export interface ItemContext {
  /** Who is looking (the session says): the signed-in account, or the anonymous reviewer's e-mail. */
  userId: string | null;
  anonymousEmail: string | null;
  route: ItemRoute | null;
  /** The item password typed (or handed over with item.open); null when none was given. */
  password: string | null;
  /** A password was sent and refused: the password dialog says so. */
  passwordError: boolean;
  item: ItemDetail | null;
  /** The version shown, by id (numbers move when a version is deleted). Null: none (deleted version). */
  shownVersionId: string | null;
  /** A newer version appeared while an older one is shown: the out-of-date dialog (§2). */
  outOfDate: boolean;
  /** The version the view state last settled on (the state is entered again when another version is shown). */
  settledVersionId: string | null;
  /** The version a restore was asked for (for the error dialog's retry). */
  restoring: number | null;
  /** The version the restore confirmation asks about (region `restoreConfirm`), null when it is closed. */
  restoreAsked: number | null;
  /** The backup a download waits for (created, not ready yet). */
  backup: Backup | null;
  /** The app was told (item.opened): the item's realtime connection is up for this item. */
  announced: boolean;
}

export type ItemEvent =
  | { type: 'item.open'; itemId: string; tab: string; versionQuery: number | null; reviewRequest: string | null; password: string | null }
  | { type: 'item.close' }
  /** From the session: who is looking (null, null when signed out). */
  | { type: 'item.viewerChanged'; userId: string | null; anonymousEmail: string | null }
  /** The undismissable password dialog's submit. */
  | { type: 'item.submitPassword'; password: string }
  | { type: 'item.retry' }
  /** The out-of-date dialog's "stay on this version". */
  | { type: 'item.dismissOutOfDate' }
  | { type: 'item.restoreVersion'; version: number }
  /** The version menu's "Restore": the confirmation opens (a version that cannot be restored is ignored). */
  | { type: 'item.askRestore'; version: number }
  /** The restore confirmation's buttons: confirm restores the version asked about; cancel closes it. */
  | { type: 'item.confirmRestore' }
  | { type: 'item.cancelRestore' }
  /** Failed processing, the uploader's cancel: the latest version is deleted (the item too when it was the only one). */
  | { type: 'item.cancelUpload' }
  /** Failed processing, the uploader's retry: the view opened the file chooser; the file becomes a new version. */
  | { type: 'item.retryUpload'; file: UploadFileRef }
  | { type: 'item.downloadBackup' }
  | { type: 'item.downloadVideo' }
  /** From `comments`: an insert was refused for an old item version — flag it and open comments_old_version_error. */
  | { type: 'item.markOutOfDate' }
  /** The comments_old_version_error dialog's close. */
  | { type: 'item.dismissOldVersionError' }
  /** Pushes on /item/<itemId>, forwarded by the app. */
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> }
  | { type: 'realtime.reconnected'; namespace: string };

export const INITIAL_CONTEXT: ItemContext = {
  userId: null,
  anonymousEmail: null,
  route: null,
  password: null,
  passwordError: false,
  item: null,
  shownVersionId: null,
  outOfDate: false,
  settledVersionId: null,
  restoring: null,
  restoreAsked: null,
  backup: null,
  announced: false,
};

/** The version shown, or null when it is gone (or the item has none). */
export function shownVersionOf(context: Pick<ItemContext, 'item' | 'shownVersionId'>): ItemVersion | null {
  return context.item?.versions.find((version) => version.id === context.shownVersionId) ?? null;
}

/** §2, §4: the view is blocked until the shown version is ready; failed states have their own screen. */
export function viewStateOf(context: Pick<ItemContext, 'item' | 'shownVersionId'>): ItemViewState {
  const version = shownVersionOf(context);
  if (!version) return 'deletedVersion';
  if (version.state === 'ready') return 'ready';
  if (isFailedVersionState(version.state)) return 'failedProcessing';
  return 'processing';
}

export const VIEW_STATES: readonly ItemViewState[] = ['ready', 'processing', 'failedProcessing', 'deletedVersion'];

/** From view state `current`: to the state the shown version calls for, or into `current` again for another version. */
export function viewTransitions(current: ItemViewState) {
  return [
    ...VIEW_STATES.filter((view) => view !== current).map((view) => ({ guard: { type: 'isView' as const, params: { view } }, target: view })),
    { guard: 'isAnotherVersion' as const, target: current, reenter: true },
  ];
}


/** The shown version's uploader is looking: failed processing offers cancel and retry (§4). */
export function isUploaderOf(context: Pick<ItemContext, 'item' | 'shownVersionId' | 'userId'>): boolean {
  const version = shownVersionOf(context);
  return version !== null && context.userId !== null && version.userId === context.userId;
}

/** Restore is offered: ownership or the folder's restoreItem (§6), and a version before the latest (§5). */
export function canRestoreOf(context: Pick<ItemContext, 'item'>, version: number): boolean {
  const item = context.item;
  if (!item || !(item.isOwner || item.actions.includes('restoreItem'))) return false;
  return canRestoreVersion(item.versions, version);
}

/**
 * Whether the project backup may be downloaded: the service gives it to whoever may open the item without its
 * password (the owner, the folder's people, or anyone when there is no password).
 */
export function canDownloadBackupOf(context: Pick<ItemContext, 'item' | 'userId'>): boolean {
  const item = context.item;
  return !!item && context.userId !== null && (item.isOwner || item.actions.includes('viewItem') || !item.hasPassword);
}

/** Whether the share dialog can be read: the owner, those who may change sharing, and folder people who may see who has access. */
export function canOpenShareOf(context: Pick<ItemContext, 'item' | 'userId'>): boolean {
  const item = context.item;
  return !!item && context.userId !== null && (item.isOwner || item.actions.includes('editItemMetadata') || item.actions.includes('viewPermissions'));
}

export const isVideo = (item: ItemDetail | null) => productFamily(item?.product) === 'video';

/**
 * Where the player loads the shown version from: a package's contentPrefix + playerFile, a video's mediaUrl;
 * '' when missing (§8 "Missing content prefix or player file: reported, empty file address").
 */
export function playerAddressOf(context: Pick<ItemContext, 'item' | 'shownVersionId'>): string {
  const item = context.item;
  const version = shownVersionOf(context);
  if (!item || !version) return '';
  if (isVideo(item)) return version.mediaUrl ?? '';
  return version.contentPrefix && version.playerFile ? `${version.contentPrefix}${version.playerFile}` : '';
}

/** The item shown with a version chosen by the route's query (out of range: the latest). */
export function routedVersionId(item: ItemDetail | null, versionQuery: number | null): string | null {
  return item ? (versionByNumber(item.versions, versionQuery)?.id ?? null) : null;
}

export const isLatestShown = (item: ItemDetail | null, shownVersionId: string | null) => !!item && item.versions.at(-1)?.id === shownVersionId;

export const reasonOf = (error: unknown): string | null => refusalOf(error).reason as string | null;
