import { GRID_SIDEBAR_MAX_PERCENT, GRID_SIDEBAR_MIN_PERCENT, GRID_SIDEBAR_START_PERCENT } from '../../../domain/constants.ts';
import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { FolderMenuEntry } from '../../../domain/folderMenu.ts';
import type { FolderId } from '../../../domain/folderRoles.ts';
import { isOptimisticFolderId } from '../../../domain/folderChanges.ts';
import type { FolderNode, FolderTree } from '../../../domain/folderTree.ts';
import type { PendingStatus } from '../../../machines/content/contentEvents.ts';
import { ChevronRightIcon, FolderIcon, MoreIcon, Splitter, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { dropClass, dropTargetHandlers, type FolderDropTargetProps } from './dragDrop.ts';
import { FolderNodeIcon, folderLabel } from './labels.tsx';
import { contentAnimationMs } from './format.ts';
import { FolderMenuPopup } from './menus.tsx';
import { PendingMark } from './PendingMark.tsx';
import { treeKeyAction } from './treeKeys.ts';

/** §9 "Sidebar: grid 20 start, 12 min, 40 max" (percent of the screen's width). */
export { GRID_SIDEBAR_START_PERCENT, GRID_SIDEBAR_MIN_PERCENT, GRID_SIDEBAR_MAX_PERCENT };

export interface ResizableSidebarProps {
  /** The sidebar (e.g. `<FolderSidebar/>`); null hides it and the splitter (§2: hidden while searching). */
  sidebar: ReactNode | null;
  /** Width of the sidebar in percent (persisted by the owner). */
  width: number;
  min?: number;
  max?: number;
  /** Each change while dragging or by key. */
  onResize: (width: number) => void;
  /** A drag ended or a key moved it: persist here. */
  onResizeEnd?: (width: number) => void;
  /** The main column. */
  children: ReactNode;
  className?: string;
  /**
   * Where the grid is (e.g. the current folder's id). On a narrow screen the tree is folded behind a "Folders" button so
   * that the items come first; it folds again when this changes (a folder was picked).
   */
  placeKey?: string;
}

/**
 * The sidebar and the main column with a splitter between them (§2 resizable sidebar: start 20, min 12, max 40). Below
 * 720 px the main column comes first: the tree folds behind a "Folders" button (aria-expanded) above it.
 */
export function ResizableSidebar({
  sidebar,
  width,
  min = GRID_SIDEBAR_MIN_PERCENT,
  max = GRID_SIDEBAR_MAX_PERCENT,
  onResize,
  onResizeEnd,
  children,
  className,
  placeKey = '',
}: ResizableSidebarProps) {
  const sidebarId = useId();
  const clamped = Math.min(max, Math.max(min, width));
  // Narrow screens only (the button shows there): open for the place it was opened at, folded again elsewhere.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === placeKey;
  return (
    <div className={cx('content-layout', className)}>
      {sidebar !== null && (
        <>
          <button
            type="button"
            className="k-button k-button--secondary k-button--sm content-layout__toggle"
            aria-expanded={open}
            aria-controls={sidebarId}
            onClick={() => setOpenAt(open ? null : placeKey)}
          >
            <FolderIcon size={16} />
            {t('content.sidebar.label')}
            <ChevronRightIcon size={14} className={cx('content-layout__toggle-chevron', open && 'is-open')} />
          </button>
          <div id={sidebarId} className={cx('content-layout__sidebar', open && 'is-open')} style={{ flexBasis: `${clamped}%` }}>
            {sidebar}
          </div>
          <Splitter
            className="content-layout__splitter"
            label={t('content.sidebar.resize')}
            controls={sidebarId}
            value={clamped}
            min={min}
            max={max}
            onChange={onResize}
            onChangeEnd={onResizeEnd}
          />
        </>
      )}
      <div className="content-layout__main">{children}</div>
    </div>
  );
}

export interface FolderSidebarProps extends FolderDropTargetProps {
  tree: FolderTree;
  /** The folder the grid shows: highlighted and marked aria-current. */
  currentFolderId: FolderId | null;
  /**
   * Folders shown open (persisted by the owner, §2). Include the ancestors of the current folder to keep it
   * in view.
   */
  expandedIds: ReadonlySet<FolderId>;
  onExpandedChange: (id: FolderId, expanded: boolean) => void;
  /** The address of a folder's grid, e.g. /review/folder/12. */
  hrefFor: (id: FolderId) => string;
  /** The folder menu of a node (domain `folderMenu`); no button when empty or omitted. */
  folderMenuFor?: (node: FolderNode) => readonly FolderMenuEntry[];
  onFolderMenuSelect?: (node: FolderNode, entry: FolderMenuEntry) => void;
  /** Folders changed on screen and not confirmed yet, by id (§4): marked, the words as the row's description. */
  pendingOf?: (id: FolderId) => PendingStatus | undefined;
}

/** Node ids as map keys: a real id and a virtual id never collide as strings. */
const keyOf = (id: FolderId) => String(id);

/** The nodes a reader meets going down the tree: roots, and the children of every open node. */
function visibleNodes(tree: FolderTree, expanded: ReadonlySet<FolderId>): FolderNode[] {
  const out: FolderNode[] = [];
  const visit = (node: FolderNode) => {
    out.push(node);
    if (expanded.has(node.id)) for (const child of tree.children(node.id)) visit(child);
  };
  tree.roots.forEach(visit);
  return out;
}

/**
 * The folder tree sidebar (§2): the virtual roots (All content, Private content, Shared content, Trash) with
 * their folders, open and closed with the chevrons or the arrow keys (WAI-ARIA navigation tree view: one tab
 * stop, Up/Down move, Right opens or enters, Left closes or goes to the parent, Home/End), the current folder
 * highlighted; each row a link, a drop target, and — when the folder has commands — a folder menu
 * (Shift+F10, the context-menu key, a right click or the row's ⋮).
 */
export function FolderSidebar(props: FolderSidebarProps) {
  const { tree, currentFolderId, expandedIds, onExpandedChange, hrefFor, folderMenuFor, onFolderMenuSelect } = props;
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ node: FolderNode; top: number } | null>(null);
  const itemRefs = useRef(new Map<string, HTMLAnchorElement>());
  const wrapperRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const groupIdBase = useId();

  const visible = useMemo(() => visibleNodes(tree, expandedIds), [tree, expandedIds]);
  const visibleKeys = useMemo(() => new Set(visible.map((node) => keyOf(node.id))), [visible]);
  const tabStop =
    focusKey !== null && visibleKeys.has(focusKey)
      ? focusKey
      : currentFolderId !== null && visibleKeys.has(keyOf(currentFolderId))
        ? keyOf(currentFolderId)
        : (visible[0] && keyOf(visible[0].id)) ?? null;

  const focusNode = (node: FolderNode | undefined) => {
    if (!node) return;
    setFocusKey(keyOf(node.id));
    itemRefs.current.get(keyOf(node.id))?.focus();
  };

  const menuEntriesOf = (node: FolderNode) => folderMenuFor?.(node) ?? [];

  const openMenu = (node: FolderNode) => {
    const row = itemRefs.current.get(keyOf(node.id))?.parentElement;
    const wrapper = wrapperRef.current;
    const top = row && wrapper ? row.getBoundingClientRect().bottom - wrapper.getBoundingClientRect().top : 0;
    setMenu({ node, top });
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, node: FolderNode) => {
    if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      if (menuEntriesOf(node).length === 0) return;
      event.preventDefault();
      openMenu(node);
      return;
    }
    const action = treeKeyAction(event.key, node, visible, tree, expandedIds.has(node.id));
    if (action === null) return;
    if ('open' in action) onExpandedChange(node.id, action.open);
    else focusNode(action.focus);
    event.preventDefault();
  };

  const renderNode = (node: FolderNode, level: number): ReactNode => {
    const key = keyOf(node.id);
    const children = tree.children(node.id);
    const hasChildren = children.length > 0;
    const isOpen = hasChildren && expandedIds.has(node.id);
    const isCurrent = currentFolderId !== null && keyOf(currentFolderId) === key;
    const name = folderLabel(node);
    const entries = menuEntriesOf(node);
    const groupId = `${groupIdBase}-${key}`;
    const dropState = props.dropStateOf?.(node.id);
    const pending = props.pendingOf?.(node.id);
    const markId = `${groupId}-pending`;
    const toggle = (event: MouseEvent) => {
      event.preventDefault();
      onExpandedChange(node.id, !isOpen);
    };
    return (
      <li key={key} role="none" className="folder-tree__node">
        <div
          className={cx('folder-tree__row', isCurrent && 'is-current', dropClass(dropState), menu?.node.id === node.id && 'has-menu')}
          style={{ '--level': level } as CSSProperties}
        >
          {hasChildren ? (
            <span className={cx('folder-tree__toggle', isOpen && 'is-open')} aria-hidden="true" onClick={toggle} title={t(isOpen ? 'content.sidebar.collapse' : 'content.sidebar.expand', { name })}>
              <ChevronRightIcon size={14} />
            </span>
          ) : (
            <span className="folder-tree__toggle folder-tree__toggle--leaf" aria-hidden="true" />
          )}
          <Link
            href={hrefFor(node.id)}
            ref={(element: HTMLAnchorElement | null) => {
              if (element) itemRefs.current.set(key, element);
              else itemRefs.current.delete(key);
            }}
            role="treeitem"
            // Named by the folder alone: name-from-content would also take in the owned group's label.
            aria-label={name}
            aria-level={level}
            aria-expanded={hasChildren ? isOpen : undefined}
            aria-owns={isOpen ? groupId : undefined}
            aria-current={isCurrent ? 'page' : undefined}
            aria-describedby={pending ? markId : undefined}
            // A folder the service has not made yet cannot be opened: it has no id there.
            aria-disabled={isOptimisticFolderId(node.id) || undefined}
            onClick={isOptimisticFolderId(node.id) ? (event: MouseEvent) => event.preventDefault() : undefined}
            aria-keyshortcuts={entries.length > 0 ? 'Shift+F10' : undefined}
            tabIndex={tabStop === key ? 0 : -1}
            className="folder-tree__item"
            onFocus={() => setFocusKey(key)}
            onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => onItemKeyDown(event, node)}
            onContextMenu={
              entries.length > 0
                ? (event: MouseEvent<HTMLAnchorElement>) => {
                    event.preventDefault();
                    openMenu(node);
                  }
                : undefined
            }
            {...dropTargetHandlers(node.id, props)}
          >
            <span className="folder-tree__icon">
              <FolderNodeIcon node={node} />
            </span>
            <span className="folder-tree__name" title={name}>
              {name}
            </span>
            {pending && <PendingMark id={markId} status={pending} compact />}
          </Link>
          {entries.length > 0 && (
            // A pointer affordance; keyboard users open the same menu with Shift+F10 on the row.
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              className="k-icon-button k-icon-button--sm folder-tree__more"
              onClick={() => openMenu(node)}
            >
              <MoreIcon size={16} />
            </button>
          )}
        </div>
        {isOpen && (
          <ul role="group" id={groupId} aria-label={name} className="folder-tree__group">
            {children.map((child) => renderNode(child, level + 1))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <nav className="folder-sidebar" aria-labelledby={labelId} style={{ '--content-motion': `${contentAnimationMs(tree.size)}ms` } as CSSProperties}>
      <h2 id={labelId} className="k-visually-hidden">
        {t('content.sidebar.label')}
      </h2>
      <div ref={wrapperRef} className="folder-tree">
        <ul role="tree" aria-labelledby={labelId} className="folder-tree__list">
          {tree.roots.map((root) => renderNode(root, 1))}
        </ul>
        {menu && (
          <FolderMenuPopup
            name={folderLabel(menu.node)}
            entries={menuEntriesOf(menu.node)}
            top={menu.top}
            onSelect={(entry) => onFolderMenuSelect?.(menu.node, entry)}
            onClose={(restoreFocus) => {
              const node = menu.node;
              setMenu(null);
              if (restoreFocus) focusNode(node);
            }}
          />
        )}
      </div>
    </nav>
  );
}
