/**
 * The folder menu and the item menu as menu buttons (kit Menu), and the folder menu as a popup the folder
 * tree opens by key or pointer. Each shows exactly the entries it is given: who may do what is decided by
 * domain/folderMenu.ts and domain/folderRoles.ts `itemMenu`, never here.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { FolderMenuEntry } from '../../../domain/folderMenu.ts';
import type { ItemMenuEntry } from '../../../domain/folderRoles.ts';
import {
  CopyIcon,
  DownloadIcon,
  EditIcon,
  FolderMoveIcon,
  FolderPlusIcon,
  handleMenuListKey,
  LayersIcon,
  Menu,
  MenuItem,
  MenuSeparator,
  MoreIcon,
  RestoreIcon,
  SettingsIcon,
  ShareIcon,
  TrashIcon,
  UploadIcon,
  cx,
  useDismiss,
} from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';

interface EntryLook {
  label: StringKey;
  icon: ReactNode;
  danger?: boolean;
}

const FOLDER_ENTRY: Readonly<Record<FolderMenuEntry, EntryLook>> = {
  newSubfolder: { label: 'content.folderMenu.newSubfolder', icon: <FolderPlusIcon /> },
  rename: { label: 'content.folderMenu.rename', icon: <EditIcon /> },
  move: { label: 'content.folderMenu.move', icon: <FolderMoveIcon /> },
  share: { label: 'content.folderMenu.share', icon: <ShareIcon /> },
  sharedFolderSettings: { label: 'content.folderMenu.sharedFolderSettings', icon: <SettingsIcon /> },
  delete: { label: 'content.folderMenu.delete', icon: <TrashIcon />, danger: true },
  restore: { label: 'content.folderMenu.restore', icon: <RestoreIcon /> },
  deleteForever: { label: 'content.folderMenu.deleteForever', icon: <TrashIcon />, danger: true },
};

const ITEM_ENTRY: Readonly<Record<ItemMenuEntry, EntryLook>> = {
  exportToLms: { label: 'content.itemMenu.exportToLms', icon: <LayersIcon /> },
  rename: { label: 'content.itemMenu.rename', icon: <EditIcon /> },
  shareSettings: { label: 'content.itemMenu.shareSettings', icon: <ShareIcon /> },
  uploadNewVersion: { label: 'content.itemMenu.uploadNewVersion', icon: <UploadIcon /> },
  duplicate: { label: 'content.itemMenu.duplicate', icon: <CopyIcon /> },
  move: { label: 'content.itemMenu.move', icon: <FolderMoveIcon /> },
  download: { label: 'content.itemMenu.download', icon: <DownloadIcon /> },
  delete: { label: 'content.itemMenu.delete', icon: <TrashIcon />, danger: true },
  restore: { label: 'content.itemMenu.restore', icon: <RestoreIcon /> },
  deleteForever: { label: 'content.itemMenu.deleteForever', icon: <TrashIcon />, danger: true },
};

/** The label of a folder-menu entry. */
export function folderMenuLabel(entry: FolderMenuEntry): string {
  return t(FOLDER_ENTRY[entry].label);
}

/** The label of an item-menu entry. */
export function itemMenuLabel(entry: ItemMenuEntry): string {
  return t(ITEM_ENTRY[entry].label);
}

/** Menu items in order, with a separator before the first destructive one when others precede it. */
function entriesOf<E extends string>(entries: readonly E[], looks: Readonly<Record<E, EntryLook>>, onSelect: (entry: E) => void): ReactNode[] {
  const out: ReactNode[] = [];
  let separated = false;
  entries.forEach((entry, index) => {
    const look = looks[entry];
    if (look.danger && !separated && index > 0) {
      out.push(<MenuSeparator key="separator" />);
      separated = true;
    }
    out.push(
      <MenuItem key={entry} icon={look.icon} tone={look.danger ? 'danger' : 'default'} onSelect={() => onSelect(entry)}>
        {t(look.label)}
      </MenuItem>,
    );
  });
  return out;
}

export interface FolderMenuButtonProps {
  /** The folder's name, for the button's accessible name ("Actions for Projects"). */
  name: string;
  entries: readonly FolderMenuEntry[];
  onSelect: (entry: FolderMenuEntry) => void;
  className?: string;
}

/** A "⋮" menu button with the folder menu; renders nothing when there are no entries. */
export function FolderMenuButton({ name, entries, onSelect, className }: FolderMenuButtonProps) {
  if (entries.length === 0) return null;
  return (
    <Menu
      align="end"
      label={t('content.folderMenu.label', { name })}
      trigger={<MoreIcon size={18} />}
      triggerClassName={cx('k-icon-button content-menu-button', className)}
      className="content-menu"
    >
      {entriesOf(entries, FOLDER_ENTRY, onSelect)}
    </Menu>
  );
}

export interface ItemMenuButtonProps {
  /** The item's title, for the button's accessible name ("Actions for Onboarding"). */
  title: string;
  entries: readonly ItemMenuEntry[];
  onSelect: (entry: ItemMenuEntry) => void;
  className?: string;
}

/** A "⋮" menu button with the item menu (§6); renders nothing when there are no entries. */
export function ItemMenuButton({ title, entries, onSelect, className }: ItemMenuButtonProps) {
  if (entries.length === 0) return null;
  return (
    <Menu
      align="end"
      label={t('content.itemMenu.label', { title })}
      trigger={<MoreIcon size={18} />}
      triggerClassName={cx('k-icon-button content-menu-button', className)}
      className="content-menu"
    >
      {entriesOf(entries, ITEM_ENTRY, onSelect)}
    </Menu>
  );
}

export interface FolderMenuPopupProps {
  /** Name of the folder, for the menu's accessible name. */
  name: string;
  entries: readonly FolderMenuEntry[];
  /** Offset from the top of the positioned container, in px. */
  top: number;
  onSelect: (entry: FolderMenuEntry) => void;
  /** Escape, Tab, an outside click or a choice; `restoreFocus` says focus goes back to the folder. */
  onClose: (restoreFocus: boolean) => void;
}

/**
 * The folder menu opened from a tree row (Shift+F10, the context-menu key, or the row's ⋮): a menu popup
 * outside the tree itself, because a tree may only hold tree items. Arrow keys, Home and End move; Escape
 * closes and returns focus to the folder.
 */
export function FolderMenuPopup({ name, entries, top, onSelect, onClose }: FolderMenuPopupProps) {
  const popupRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useLayoutEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  useDismiss(true, [popupRef], (cause) => onClose(cause === 'escape'));

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => handleMenuListKey(event, items(), () => onClose(false));

  return (
    <div ref={popupRef} className="k-menu__popup k-menu__popup--end folder-tree__popup" style={{ top }}>
      <ul ref={listRef} role="menu" aria-label={t('content.folderMenu.label', { name })} className="k-menu__list" onKeyDown={onKeyDown}>
        {entries.flatMap((entry, index) => {
          const look = FOLDER_ENTRY[entry];
          const previous = index > 0 ? FOLDER_ENTRY[entries[index - 1]!] : null;
          const item = (
            <li key={entry} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={cx('k-menu__item', look.danger && 'k-menu__item--danger')}
                onClick={() => {
                  onClose(true);
                  onSelect(entry);
                }}
              >
                <span className="k-menu__icon">{look.icon}</span>
                <span className="k-menu__text">{t(look.label)}</span>
              </button>
            </li>
          );
          return look.danger && previous && !previous.danger ? [<li key={`${entry}-separator`} role="separator" className="k-menu__separator" />, item] : [item];
        })}
      </ul>
    </div>
  );
}
