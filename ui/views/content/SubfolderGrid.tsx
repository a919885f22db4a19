import { useId, useState, type DragEvent, type MouseEvent } from 'react';
import { Link } from 'wouter';
import type { FolderMenuEntry } from '../../../domain/folderMenu.ts';
import type { FolderId } from '../../../domain/folderRoles.ts';
import { isOptimisticFolderId } from '../../../domain/folderChanges.ts';
import type { FolderNode } from '../../../domain/folderTree.ts';
import type { PendingStatus } from '../../../machines/content/contentEvents.ts';
import { Checkbox, ChevronDownIcon, cx, type CheckboxModifiers } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { dropClass, dropTargetHandlers, type FolderDropTargetProps } from './dragDrop.ts';
import { FolderNodeIcon, folderLabel } from './labels.tsx';
import { FolderMenuButton } from './menus.tsx';
import { PendingMark } from './PendingMark.tsx';

/** §2/§9 "a subfolder grid (initially collapsed when there are more than 20 folders)": the first 20 show. */
export const SUBFOLDERS_COLLAPSED_LIMIT = 20;

export interface SubfolderGridProps extends FolderDropTargetProps {
  /** The current folder's children (FolderTree.children). */
  folders: readonly FolderNode[];
  hrefFor: (id: FolderId) => string;
  folderMenuFor?: (node: FolderNode) => readonly FolderMenuEntry[];
  onFolderMenuSelect?: (node: FolderNode, entry: FolderMenuEntry) => void;
  /** Folder selection for bulk actions; no checkboxes when `onToggleSelected` is omitted. */
  selectedIds?: ReadonlySet<FolderId>;
  onToggleSelected?: (id: FolderId, modifiers: CheckboxModifiers) => void;
  /** Folders may be dragged (moving them is the drag machine's call). */
  onDragStartFolder?: (id: FolderId, event: DragEvent<HTMLElement>) => void;
  onDragEndFolder?: (id: FolderId) => void;
  /** Controlled "show all"; uncontrolled (collapsed first) when omitted. */
  showAll?: boolean;
  onShowAllChange?: (showAll: boolean) => void;
  /** Folders changed on screen and not confirmed yet, by id (§4): a new one, renamed, moved… */
  pendingOf?: (id: FolderId) => PendingStatus | undefined;
}

/**
 * The subfolders of the current folder as tiles: each opens on click or Enter (a link), takes drops, and
 * offers its folder menu. Over 20 folders the grid starts collapsed with a "Show all N folders" toggle.
 */
export function SubfolderGrid(props: SubfolderGridProps) {
  const { folders, hrefFor, folderMenuFor, onFolderMenuSelect, selectedIds, onToggleSelected, onDragStartFolder, onDragEndFolder } = props;
  const [ownShowAll, setOwnShowAll] = useState(false);
  const showAll = props.showAll ?? ownShowAll;
  const setShowAll = (value: boolean) => {
    if (props.showAll === undefined) setOwnShowAll(value);
    props.onShowAllChange?.(value);
  };
  const headingId = useId();
  const listId = useId();
  const markIdBase = useId();
  if (folders.length === 0) return null;
  const collapsible = folders.length > SUBFOLDERS_COLLAPSED_LIMIT;
  const shown = collapsible && !showAll ? folders.slice(0, SUBFOLDERS_COLLAPSED_LIMIT) : folders;

  return (
    <section className="subfolders" aria-labelledby={headingId}>
      <h2 id={headingId} className="content-section-title">
        {t('content.subfolders.label')}
      </h2>
      <ul id={listId} className="subfolders__grid">
        {shown.map((node) => {
          const name = folderLabel(node);
          const selected = selectedIds?.has(node.id) ?? false;
          const dropState = props.dropStateOf?.(node.id);
          const entries = folderMenuFor?.(node) ?? [];
          const pending = props.pendingOf?.(node.id);
          const markId = `${markIdBase}-${String(node.id)}`;
          return (
            <li
              key={String(node.id)}
              className={cx('folder-tile', selected && 'is-selected', dropClass(dropState), pending && 'is-pending')}
              draggable={onDragStartFolder ? true : undefined}
              onDragStart={onDragStartFolder ? (event) => onDragStartFolder(node.id, event) : undefined}
              onDragEnd={onDragEndFolder ? () => onDragEndFolder(node.id) : undefined}
              {...dropTargetHandlers(node.id, props)}
            >
              {onToggleSelected && (
                <Checkbox
                  className="folder-tile__check"
                  label={t('content.subfolders.select', { name })}
                  hideLabel
                  checked={selected}
                  onChange={(_checked, modifiers) => onToggleSelected(node.id, modifiers)}
                />
              )}
              <Link
                href={hrefFor(node.id)}
                className="folder-tile__link"
                draggable={false}
                aria-describedby={pending ? markId : undefined}
                // A folder the service has not made yet cannot be opened: it has no id there.
                aria-disabled={isOptimisticFolderId(node.id) || undefined}
                onClick={isOptimisticFolderId(node.id) ? (event: MouseEvent) => event.preventDefault() : undefined}
              >
                <span className="folder-tile__icon">
                  <FolderNodeIcon node={node} size={20} />
                </span>
                <span className="folder-tile__label">
                  <span className="folder-tile__name" title={name}>
                    {name}
                  </span>
                  {pending && <PendingMark id={markId} status={pending} />}
                </span>
              </Link>
              {onFolderMenuSelect && <FolderMenuButton name={name} entries={entries} onSelect={(entry) => onFolderMenuSelect(node, entry)} className="folder-tile__menu" />}
            </li>
          );
        })}
      </ul>
      {collapsible && (
        <button type="button" className="subfolders__toggle" aria-expanded={showAll} aria-controls={listId} onClick={() => setShowAll(!showAll)}>
          {showAll ? t('content.subfolders.showFewer') : t('content.subfolders.showAll', { count: folders.length })}
          <ChevronDownIcon size={16} className={cx('subfolders__chevron', showAll && 'is-open')} />
        </button>
      )}
    </section>
  );
}
