/**
 * Words and icons the content views share: folder names (virtual folders from the catalogue), product labels
 * and art, counting phrases, and the messages for the domain's refusal reasons.
 */
import type { ReactNode } from 'react';
import type { ContentRefusal, ProductFilter } from '../../../domain/content.ts';
import { productFamily, type VirtualFolderId } from '../../../domain/folderRoles.ts';
import { DUPLICATE_NAME_ERROR_KEY, MAX_NAME_ERROR_KEY } from '../../../domain/names.ts';
import type { FolderNode } from '../../../domain/folderTree.ts';
import type { CreateSubfolderRefusal, FolderMoveRefusal, ItemMoveRefusal } from '../../../domain/folderMoves.ts';
import { BookIcon, FolderIcon, FolderSharedIcon, GridIcon, PlayIcon, SlidesIcon, SparkIcon, TrashIcon, UserIcon } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';

/** The name to show for a folder node: a virtual folder's from the catalogue, a real folder's own. */
export function folderLabel(node: Pick<FolderNode, 'virtual' | 'name'>): string {
  return node.virtual ? virtualFolderLabel(node.virtual) : node.name;
}

/** All content, Private content, Shared content, Trash. */
export function virtualFolderLabel(id: VirtualFolderId): string {
  return t(`content.folder.${id}` satisfies StringKey);
}

/** The icon of a folder node in the tree, tiles and pickers. */
export function FolderNodeIcon({ node, size = 16 }: { node: Pick<FolderNode, 'virtual' | 'area'>; size?: number }) {
  switch (node.virtual) {
    case 'ALL_CONTENT':
      return <GridIcon size={size} />;
    case 'PRIVATE_CONTENT':
      return <UserIcon size={size} />;
    case 'SHARED_CONTENT':
      return <FolderSharedIcon size={size} />;
    case 'DELETED':
      return <TrashIcon size={size} />;
    default:
      return node.area === 'shared' ? <FolderSharedIcon size={size} /> : <FolderIcon size={size} />;
  }
}

const PRODUCT_KEYS: Readonly<Record<string, StringKey>> = {
  storyline: 'content.product.storyline',
  engage: 'content.product.engage',
  presenter: 'content.product.presenter',
  quizmaker: 'content.product.quizmaker',
  rise: 'content.product.rise',
  studio: 'content.product.studio',
  peek: 'content.product.peek',
  preso: 'content.product.preso',
  replay: 'content.product.replay',
  video: 'content.product.video',
};

/** The product's name as users know it (§1); "Content" for a value the spec does not name. */
export function productLabel(product: string): string {
  const key = Object.prototype.hasOwnProperty.call(PRODUCT_KEYS, product) ? PRODUCT_KEYS[product] : undefined;
  return t(key ?? 'content.product.unknown');
}

/** The label of a product-filter option (All Formats, Storyline, Rise, Studio, Video). */
export function productFilterLabel(filter: ProductFilter): string {
  return t(`content.filter.${filter}` satisfies StringKey);
}

/** The art class and icon of a product family, for the placeholder when an item has no thumbnail. */
export function productArt(product: string): { family: string; icon: ReactNode } {
  const family = productFamily(product);
  switch (family) {
    case 'slide':
      return { family, icon: <SlidesIcon size={28} /> };
    case 'rise':
      return { family, icon: <BookIcon size={28} /> };
    case 'video':
      return { family, icon: <PlayIcon size={28} /> };
    case 'studio':
      return { family, icon: <SparkIcon size={28} /> };
    default:
      return { family: 'other', icon: <FolderIcon size={28} /> };
  }
}

/** "1 item", "3 items", "2 folders", "3 items and 2 folders"; '' when both are 0. */
export function countPhrase(itemsCount: number, foldersCount: number): string {
  const items = itemsCount > 0 ? (itemsCount === 1 ? t('content.count.items.one') : t('content.count.items.other', { count: itemsCount })) : '';
  const folders = foldersCount > 0 ? (foldersCount === 1 ? t('content.count.folders.one') : t('content.count.folders.other', { count: foldersCount })) : '';
  if (items && folders) return t('content.count.both', { items, folders });
  return items || folders;
}

/** Why a destination cannot be picked in the move dialog (domain/folderMoves.ts refusals). */
export function moveRefusalText(reason: FolderMoveRefusal | ItemMoveRefusal): string {
  return t(`content.moveRefusal.${reason}` satisfies StringKey);
}

/** Why "new folder" is unavailable (canCreateSubfolder refusals). */
export function createRefusalText(reason: CreateSubfolderRefusal): string {
  return t(`content.createRefusal.${reason}` satisfies StringKey);
}

/**
 * The words for any refusal of a content request (domain/content.ts ContentRefusal), for the `error` of a
 * dialog: name refusals use the name messages, move and depth refusals the move-dialog reasons.
 */
export function contentRefusalText(reason: ContentRefusal): string {
  switch (reason) {
    case 'invalidRequest':
    case 'notFound':
    case 'forbidden':
    case 'serverError':
    case 'empty':
      return t(`content.refusal.${reason}` satisfies StringKey);
    case 'tooLong':
      return t(MAX_NAME_ERROR_KEY);
    case 'duplicate':
      return t(DUPLICATE_NAME_ERROR_KEY);
    default:
      return moveRefusalText(reason);
  }
}
