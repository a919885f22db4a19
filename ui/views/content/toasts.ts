/**
 * Toast texts of the item grid (§3 toast data; §9 moved, trashed and restored stay 10 s). The lead's toasts
 * carry the data; this turns it into the sentence.
 */
import { t } from '../../strings.ts';
import { countPhrase } from './labels.tsx';

/** §3 "Toast data": folderName, folderId, foldersCount, itemsCount, itemTitle, destinationFolderName, message. */
export interface ContentToastData {
  itemsCount?: number;
  foldersCount?: number;
  /** The item's title when exactly one item is concerned. */
  itemTitle?: string | null;
  /** The folder's name when exactly one folder is concerned. */
  folderName?: string | null;
  destinationFolderName?: string | null;
}

export type ContentToastKind = 'moved' | 'trashed' | 'restored' | 'deletedForever';

/** What the toast is about: the quoted title or name for one thing, else a count ("3 items and 1 folder"). */
function subjectOf(data: ContentToastData): string {
  const items = data.itemsCount ?? 0;
  const folders = data.foldersCount ?? 0;
  if (items === 1 && folders === 0 && data.itemTitle) return t('content.toast.quoted', { name: data.itemTitle });
  if (folders === 1 && items === 0 && data.folderName) return t('content.toast.quoted', { name: data.folderName });
  const phrase = countPhrase(items, folders);
  return phrase ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : t('content.toast.quoted', { name: data.itemTitle ?? data.folderName ?? '' });
}

/** The sentence of a moved / trashed / restored / deleted-forever toast. */
export function contentToastText(kind: ContentToastKind, data: ContentToastData): string {
  const subject = subjectOf(data);
  const destination = data.destinationFolderName ?? null;
  switch (kind) {
    case 'moved':
      return destination ? t('content.toast.moved', { subject, destination }) : t('content.toast.movedNoDestination', { subject });
    case 'trashed':
      return t('content.toast.trashed', { subject });
    case 'restored':
      return destination ? t('content.toast.restoredTo', { subject, destination }) : t('content.toast.restored', { subject });
    case 'deletedForever':
      return t('content.toast.deletedForever', { subject });
  }
}
