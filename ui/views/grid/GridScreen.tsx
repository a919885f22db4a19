// The grid's style sheets, loaded with its chunk: what it shares with the item view and the share dialog, then its own.
import '../../styles/contentShared.css';
import '../../styles/content.css';
import { useSelector } from '@xstate/react';
import { isOnTeam } from '../../../domain/account.ts';
import { canChangeSharing } from '../../../domain/sharing.ts';
// The share dialog's code and words load with its first open.
import { LazyItemShareDialog } from '../item/LazyItemShareDialog.tsx';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ItemRecord } from '../../../domain/content.ts';
import { canStartDrag, dragCountLabel } from '../../../domain/dragDrop.ts';
import { folderMenu, type FolderMenuEntry } from '../../../domain/folderMenu.ts';
import { canCreateSubfolder, folderMoveValidity, itemMoveValidity } from '../../../domain/folderMoves.ts';
import { ALL_CONTENT, itemMenu, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId, type ItemMenuEntry } from '../../../domain/folderRoles.ts';
import { parseFolderIdParam, type FolderNode } from '../../../domain/folderTree.ts';
import { nameMatchesSearch } from '../../../domain/names.ts';
import { pageCount, parsePageQuery } from '../../../domain/pagination.ts';
import type { DialogData } from '../../../machines/content/contentEvents.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import {
  ContentEmptyState,
  ContentSubHeader,
  DragPreview,
  FolderHeader,
  FolderSidebar,
  GridSkeleton,
  ItemGrid,
  Pagination,
  ResizableSidebar,
  SearchResults,
  SubfolderGrid,
  createRefusalText,
  folderLabel,
  formatUpdatedAt,
  type ContentAction,
  type DropState,
} from '../content/index.ts';
import { DropZone, UploadFileLink, useFilePicker } from '../uploads/index.ts';
import { ContentDialogs } from './ContentDialogs.tsx';
// LMS export of video items.
import { LmsExportDialog, openLmsExport } from '../lmsExport/index.ts';
import { folderHref, folderPageHref, itemHref, useContentModel, usePendingChanges } from './useContentModel.ts';

/** Item menu entries offered in the grid (§6 item menu). */
const GRID_ITEM_MENU: ReadonlySet<ItemMenuEntry> = new Set(['rename', 'shareSettings', 'uploadNewVersion', 'duplicate', 'move', 'download', 'delete', 'restore', 'deleteForever', 'exportToLms']);

/** Where files dropped or picked on this folder's grid go (§2): a folder that allows createItem, else the private root. */
function uploadFolderOf(folderId: FolderId | null, node: FolderNode | undefined): { folderId: number | null } | null {
  if (folderId === ALL_CONTENT || folderId === PRIVATE_CONTENT) return { folderId: null };
  if (typeof folderId !== 'number' || !node || node.area === 'trash' || !node.actions.has('createItem')) return null;
  return { folderId };
}

/** The folder id of the route: /review is all content; an unreadable id is null. */
function routeFolderId(param: string | undefined): FolderId | null {
  if (param === undefined) return ALL_CONTENT;
  return parseFolderIdParam(decodeURIComponent(param));
}

/**
 * The item grid screen (review-and-content §2): folder tree sidebar, breadcrumbs with the action bar, the
 * subfolder grid, the item grid with pagination, empty states and the search results, the sub-header with
 * search and product filter, and the content dialogs. Reads the folders, grid, dialogs, drag and gridPrefs
 * actors and sends them what the person does; the route (folder and page) drives the grid.
 */
export function GridScreen({ folderParam }: { folderParam?: string }) {
  usePageTitle(t('review.title'));
  const system = useSystem();
  const { grid, folders, dialogs, drag, gridPrefs, now, uploads } = system;
  const { tree, userId, actionsOfItem } = useContentModel();
  const pending = usePendingChanges();
  const folderPendingOf = (id: FolderId) => (typeof id === 'number' ? pending.folderStatus.get(id) : undefined);
  const itemPendingOf = (id: string) => pending.itemStatus.get(id);
  const onTeam = useSelector(system.session, (s) => isOnTeam(s.context.account));
  const sharedItemId = useSelector(system.share, (s) => s.context.itemId);
  const filesDraggedOver = useSelector(uploads, (s) => s.hasTag('dragOver'));
  const [, navigate] = useLocation();
  const search = useSearch();
  const folderId = routeFolderId(folderParam);
  const rawPage = new URLSearchParams(search).get('page');
  const page = parsePageQuery(rawPage);

  // The route drives the grid; an unreadable folder id goes back to /review; a bad page query is replaced (§2).
  useEffect(() => {
    if (folderId === null) {
      navigate('/review', { replace: true });
      return;
    }
    if (folderParam !== undefined && folderId === ALL_CONTENT) {
      navigate('/review', { replace: true });
      return;
    }
    if (rawPage !== null && String(page) !== rawPage) navigate(folderPageHref(folderId, page), { replace: true });
    grid.send({ type: 'grid.open', folderId, page });
  }, [folderId, folderParam, page, rawPage, grid, navigate]);

  const state = useSelector(grid, (s) => s);
  const { items, count, selection, searchInput, search: activeSearch, product, pageRewrite } = state.context;
  const sharedTitle = items.find((item) => item.id === sharedItemId)?.title ?? '';
  const loading = state.hasTag('loading');
  const failed = state.hasTag('failed');
  const foldersLoading = useSelector(folders, (s) => s.hasTag('loading'));

  // A page beyond the last: the server served another one; the address follows (§2).
  useEffect(() => {
    if (pageRewrite === null || folderId === null) return;
    navigate(folderPageHref(folderId, pageRewrite), { replace: true });
    grid.send({ type: 'grid.pageRewritten' });
  }, [pageRewrite, folderId, grid, navigate]);

  // The bench's "16 cards on screen" mark, once the cards of a fetched page are in the document: only for the
  // folder and page the route asked for (not a page of an earlier visit still in the grid), once per page.
  const showsRoute = state.context.folderId === folderId && state.context.routePage === page;
  const shownPage = state.context.page;
  const markedItems = useRef<readonly ItemRecord[] | null>(null);
  useLayoutEffect(() => {
    if (loading || !showsRoute || items.length === 0 || markedItems.current === items) return;
    markedItems.current = items;
    performance.mark('grid:cards', { detail: { folderId, page: shownPage, cards: items.length } });
  }, [loading, showsRoute, items, folderId, shownPage]);

  // Preferences: sidebar width (live while dragging, stored at the end) and expanded folders.
  const prefs = useSelector(gridPrefs, (s) => s.context);
  const [liveWidth, setLiveWidth] = useState<number | null>(null);
  const expandedIds = useMemo(() => {
    const ids = new Set<FolderId>(prefs.expanded);
    for (const root of tree.roots) ids.add(root.id);
    // The current folder and its ancestors are open, so what is created in it shows in the tree too.
    if (folderId !== null) {
      ids.add(folderId);
      for (const node of tree.ancestors(folderId)) ids.add(node.id);
    }
    return ids;
  }, [prefs.expanded, tree, folderId]);

  // Drag and drop: the drag actor decides; a folder hovered 1000 ms asks to be expanded (and remembered).
  const dragging = useSelector(drag, (s) => s.hasTag('dragging'));
  const overFolderId = useSelector(drag, (s) => s.context.overFolderId);
  const expandRequest = useSelector(drag, (s) => s.context.expandRequest);
  const dragged = useRef<{ itemIds: string[]; folderIds: number[] }>({ itemIds: [], folderIds: [] });
  const [dragLabel, setDragLabel] = useState('');
  const previewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (expandRequest === null) return;
    gridPrefs.send({ type: 'gridPrefs.toggled', id: expandRequest, expanded: true });
    drag.send({ type: 'drag.expanded' });
  }, [expandRequest, gridPrefs, drag]);

  const selectedItemIds = useMemo(() => new Set(selection.itemIds), [selection.itemIds]);
  const selectedFolderIds = useMemo(() => new Set<FolderId>(selection.folderIds), [selection.folderIds]);
  const selectedCount = selection.itemIds.length + selection.folderIds.length;
  const node = folderId !== null ? tree.get(folderId) : undefined;
  const isTrash = node?.area === 'trash';
  const uploadTarget = uploadFolderOf(folderId, node);
  const startUploads = (files: File[]) => {
    if (!uploadTarget || files.length === 0) return;
    uploads.send({ type: 'uploads.add', files: system.addFiles(files), target: { kind: 'newItem', folderId: uploadTarget.folderId } });
  };
  // 'upload new version' (§6 item menu): one file for the item the menu was opened on.
  const newVersionOf = useRef<ItemRecord | null>(null);
  const newVersionPicker = useFilePicker({
    multiple: false,
    onFiles: (files) => {
      const item = newVersionOf.current;
      newVersionOf.current = null;
      if (!item || files.length === 0) return;
      uploads.send({ type: 'uploads.add', files: system.addFiles(files.slice(0, 1)), target: { kind: 'newVersion', itemId: item.id, product: item.product } });
    },
  });
  const subfolders = folderId !== null && folderId !== ALL_CONTENT ? tree.children(folderId) : [];

  const open = (dialog: DialogData) => dialogs.send({ type: 'dialogs.open', dialog });
  const hasFolders = tree.nodes.some((candidate) => candidate.virtual === null);
  const nameOfSelection = (itemIds: readonly string[], folderIds: readonly number[]) => {
    if (itemIds.length === 1 && folderIds.length === 0) return items.find((item) => item.id === itemIds[0])?.title ?? null;
    if (folderIds.length === 1 && itemIds.length === 0) return tree.get(folderIds[0]!)?.name ?? null;
    return null;
  };

  const onItemMenu = (item: ItemRecord, entry: ItemMenuEntry) => {
    const ids = { itemIds: [item.id], folderIds: [] as number[], name: item.title };
    switch (entry) {
      case 'uploadNewVersion':
        newVersionOf.current = item;
        return newVersionPicker.open();
      case 'rename':
        return open({ kind: 'renameItem', itemId: item.id, title: item.title });
      case 'shareSettings':
        return system.share.send({ type: 'share.open', itemId: item.id, canChange: canChangeSharing({ isOwner: item.userId === userId, actions: [...actionsOfItem(item)] }), origin: system.origin });
      case 'duplicate':
        return open({ kind: 'duplicate', itemId: item.id, title: item.title });
      case 'move':
        return open({ kind: 'move', ...ids, hasFolders });
      case 'delete':
        return open({ kind: 'trash', ...ids });
      case 'restore':
        return grid.send({ type: 'grid.restore', itemIds: [item.id], folderIds: [] });
      case 'deleteForever':
        return open({ kind: 'destroyForever', ...ids });
      case 'download':
        return system.gridDownload.send({ type: 'gridDownload.video', itemId: item.id });
      // LMS export of video items (§6 "export to LMS (videos only)"): the dialog, for the latest version.
      case 'exportToLms':
        return openLmsExport(system, { itemId: item.id, title: item.title });
      default:
        return undefined;
    }
  };

  const onFolderMenu = (folder: FolderNode, entry: FolderMenuEntry) => {
    if (typeof folder.id !== 'number') return;
    const ids = { itemIds: [] as string[], folderIds: [folder.id], name: folder.name };
    switch (entry) {
      case 'newSubfolder':
        return open({ kind: 'newFolder', parentId: folder.id });
      case 'rename':
        return open({ kind: 'renameFolder', folderId: folder.id, name: folder.name });
      case 'move':
        return open({ kind: 'move', ...ids, hasFolders });
      // §4: a private folder becomes a team folder through the shared-folder settings.
      case 'share':
      case 'sharedFolderSettings':
        return open({ kind: 'sharedFolderSettings', folderId: folder.id });
      case 'delete':
        return open({ kind: 'trash', ...ids });
      case 'restore':
        return grid.send({ type: 'grid.restore', itemIds: [], folderIds: [folder.id] });
      case 'deleteForever':
        return open({ kind: 'destroyForever', ...ids });
    }
  };
  const folderMenuFor = (folder: FolderNode) => (folder.virtual === null ? folderMenu(tree, folder.id, { subscriptionAllowsSharing: true }) : []);
  // A stack's member (search lists them) is changed through its stack's card: it has no menu of its own.
  // A video downloads (and exports to an LMS) once its latest version is ready (the card says when it is processing or failed).
  const menuFor = (item: ItemRecord) =>
    item.inStack ? [] : itemMenu(item, actionsOfItem(item), userId).filter((entry) => GRID_ITEM_MENU.has(entry) && ((entry !== 'download' && entry !== 'exportToLms') || item.versionState === 'ready'));

  // The action bar (§2): what the folder offers, and what the selection offers.
  const actions: ContentAction[] = [];
  if (folderId !== null && node) {
    const create = canCreateSubfolder(tree, folderId);
    // Shared folders belong to a team: someone on none is told so instead of being asked for a name (§6 account tiers).
    if (folderId === SHARED_CONTENT) actions.push({ id: 'newSharedFolder', onSelect: () => open(onTeam ? { kind: 'newSharedFolder' } : { kind: 'addToTeam' }) });
    // Nothing in the trash (no folder, and the service counts no item): nothing to empty, and it says so.
    else if (folderId === TRASH_ROOT)
      actions.push({ id: 'emptyTrash', disabledReason: subfolders.length === 0 && !loading && count === 0 && product === 'all' ? t('content.emptyTrash.nothing') : null, onSelect: () => open({ kind: 'emptyTrash' }) });
    // Offered only to roles with createSubfolder (§6); the depth limit disables it and says why.
    else if (folderId !== ALL_CONTENT && !isTrash && (create.ok || create.reason !== 'notPermitted'))
      actions.push({ id: 'newFolder', disabledReason: create.ok ? null : createRefusalText(create.reason), onSelect: () => open({ kind: 'newFolder', parentId: folderId }) });
  }
  if (selectedCount > 0) {
    const { itemIds, folderIds } = selection;
    const name = nameOfSelection(itemIds, folderIds);
    if (isTrash) {
      actions.push({ id: 'restore', onSelect: () => grid.send({ type: 'grid.restore', itemIds, folderIds }) });
      actions.push({ id: 'deleteForever', onSelect: () => open({ kind: 'destroyForever', itemIds, folderIds, name }) });
    } else {
      actions.push({ id: 'move', onSelect: () => open({ kind: 'move', itemIds, folderIds, name, hasFolders }) });
      actions.push({ id: 'delete', onSelect: () => open({ kind: 'trash', itemIds, folderIds, name }) });
    }
  }

  const formatDate = (iso: string) => formatUpdatedAt(iso, now());
  const locationOf = (item: ItemRecord) => {
    const home = tree.get(item.folderId ?? PRIVATE_CONTENT);
    return home ? folderLabel(home) : null;
  };

  const onDragStartItem = (item: ItemRecord, event: DragEvent<HTMLElement>) => {
    // Dragging a selected card drags the whole selection.
    const itemIds = selectedItemIds.has(item.id) ? selection.itemIds : [item.id];
    const folderIds = selectedItemIds.has(item.id) ? selection.folderIds : [];
    const carried = itemIds.map((id) => items.find((candidate) => candidate.id === id)).filter((x): x is ItemRecord => x !== undefined);
    if (!canStartDrag({ items: carried, folderIds })) {
      event.preventDefault();
      return;
    }
    dragged.current = { itemIds, folderIds };
    const label = dragCountLabel(itemIds.length + folderIds.length);
    setDragLabel(label);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', item.title);
    if (previewRef.current) {
      previewRef.current.textContent = label;
      event.dataTransfer.setDragImage(previewRef.current, 12, 12);
    }
    drag.send({ type: 'drag.start', items: carried.map((r) => ({ id: r.id, isArchived: r.isArchived, archivedAt: r.archivedAt })), folderIds });
  };
  const onDragStartFolder = (id: FolderId, event: DragEvent<HTMLElement>) => {
    if (typeof id !== 'number') return;
    const folderIds = selectedFolderIds.has(id) ? selection.folderIds : [id];
    const itemIds = selectedFolderIds.has(id) ? selection.itemIds : [];
    dragged.current = { itemIds, folderIds };
    setDragLabel(dragCountLabel(itemIds.length + folderIds.length));
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', tree.get(id)?.name ?? '');
    const records = itemIds.map((itemId) => items.find((candidate) => candidate.id === itemId)).filter((x): x is ItemRecord => x !== undefined);
    drag.send({ type: 'drag.start', items: records.map((r) => ({ id: r.id, isArchived: r.isArchived, archivedAt: r.archivedAt })), folderIds });
  };
  const dropStateOf = (id: FolderId): DropState | null => {
    if (!dragging || overFolderId !== id) return null;
    if (id === TRASH_ROOT) return 'valid';
    const { itemIds, folderIds } = dragged.current;
    const folderOk = folderIds.every((fid) => folderMoveValidity(tree, fid, id).ok);
    const itemOk = itemIds.every((iid) => {
      const item = items.find((candidate) => candidate.id === iid);
      return !item || itemMoveValidity(tree, item, id, userId).ok;
    });
    return folderOk && itemOk ? 'valid' : 'invalid';
  };
  const dropProps = {
    dropStateOf,
    onDragEnterFolder: (id: FolderId) => drag.send({ type: 'drag.over', folderId: id, isOpen: expandedIds.has(id) }),
    onDragLeaveFolder: (id: FolderId) => drag.send({ type: 'drag.leave', folderId: id }),
    onDropOnFolder: (id: FolderId) => {
      const target = tree.get(id);
      drag.send({ type: 'drag.drop', folderId: id, folderName: target ? folderLabel(target) : null });
    },
  };

  const onSelectItem = (id: string) => grid.send({ type: 'grid.toggleSelect', itemId: id });
  const searching = activeSearch !== null;

  const sidebar = searching ? null : (
    <FolderSidebar
      tree={tree}
      currentFolderId={folderId}
      expandedIds={expandedIds}
      onExpandedChange={(id, expanded) => gridPrefs.send({ type: 'gridPrefs.toggled', id, expanded })}
      hrefFor={folderHref}
      folderMenuFor={folderMenuFor}
      onFolderMenuSelect={onFolderMenu}
      pendingOf={folderPendingOf}
      {...dropProps}
    />
  );

  let body;
  if (failed) {
    body = <ContentEmptyState kind="loadFailed" onRetry={() => grid.send({ type: 'grid.retry' })} />;
  } else if (searching) {
    const matchingFolders = tree.nodes.filter((candidate) => candidate.virtual === null && candidate.area !== 'trash' && nameMatchesSearch(candidate.name, activeSearch));
    body = loading ? (
      <GridSkeleton />
    ) : (
      <>
        <SearchResults
          query={activeSearch}
          folders={matchingFolders}
          itemsCount={count}
          hrefForFolder={folderHref}
          locationOf={locationOf}
          items={items}
          hrefFor={itemHref}
          menuFor={menuFor}
          onMenuSelect={onItemMenu}
          selectedIds={selectedItemIds}
          onSelect={onSelectItem}
          formatDate={formatDate}
          onDragStartItem={onDragStartItem}
          onDragEndItem={() => drag.send({ type: 'drag.cancel' })}
        />
        {matchingFolders.length === 0 && count === 0 && <ContentEmptyState kind="noSearchResults" query={activeSearch} onClearSearch={() => grid.send({ type: 'grid.clearSearch' })} />}
      </>
    );
  } else {
    const empty = !loading && !foldersLoading && items.length === 0 && subfolders.length === 0;
    const create = folderId !== null ? canCreateSubfolder(tree, folderId) : { ok: false as const };
    body = (
      <>
        {subfolders.length > 0 && (
          <SubfolderGrid
            key={String(folderId)}
            folders={subfolders}
            hrefFor={folderHref}
            folderMenuFor={folderMenuFor}
            onFolderMenuSelect={onFolderMenu}
            selectedIds={selectedFolderIds}
            onToggleSelected={(id) => typeof id === 'number' && grid.send({ type: 'grid.toggleSelect', folderId: id })}
            onDragStartFolder={onDragStartFolder}
            onDragEndFolder={() => drag.send({ type: 'drag.cancel' })}
            pendingOf={folderPendingOf}
            {...dropProps}
          />
        )}
        {loading ? (
          <GridSkeleton />
        ) : empty ? (
          <ContentEmptyState
            kind={product !== 'all' ? 'noProductResults' : isTrash ? 'emptyTrash' : folderId === PRIVATE_CONTENT ? 'emptyPrivate' : 'emptyFolder'}
            product={product}
            onClearFilter={() => grid.send({ type: 'grid.filter', product: 'all' })}
            onNewFolder={create.ok && folderId !== null ? () => open({ kind: 'newFolder', parentId: folderId }) : undefined}
          />
        ) : (
          items.length > 0 && (
            <ItemGrid
              items={items}
              hrefFor={itemHref}
              menuFor={menuFor}
              onMenuSelect={onItemMenu}
              selectedIds={selectedItemIds}
              onSelect={onSelectItem}
              formatDate={formatDate}
              locationOf={folderId === ALL_CONTENT ? locationOf : undefined}
              onDragStartItem={onDragStartItem}
              onDragEndItem={() => drag.send({ type: 'drag.cancel' })}
              totalCount={count}
              pendingOf={itemPendingOf}
            />
          )
        )}
        {folderId !== null && pageCount(count) > 1 && <Pagination page={state.context.page} pageCount={pageCount(count)} hrefFor={(n) => folderPageHref(folderId, n)} />}
      </>
    );
  }

  return (
    <AppLayout className="content-page">
      <ContentSubHeader
        search={searchInput}
        onSearchChange={(text) => grid.send({ type: 'grid.search', text })}
        onSearchClear={() => grid.send({ type: 'grid.clearSearch' })}
        product={product}
        onProductChange={(value) => grid.send({ type: 'grid.filter', product: value })}
        upload={<UploadFileLink variant="secondary" onFiles={startUploads} disabled={!uploadTarget} />}
      />
      {newVersionPicker.input}
      <DropZone
        folderName={node && node.virtual === null ? node.name : t('content.title')}
        onFiles={startUploads}
        disabled={!uploadTarget}
        className="content-dropzone"
        dragOver={filesDraggedOver}
        onDragEnter={() => uploads.send({ type: 'uploads.dragEnter' })}
        onDragLeave={() => uploads.send({ type: 'uploads.dragLeave' })}
        onDragEnd={() => uploads.send({ type: 'uploads.dragEnd' })}
      >
      <ResizableSidebar
        sidebar={sidebar}
        placeKey={String(folderId)}
        width={liveWidth ?? prefs.sidebarWidth}
        onResize={setLiveWidth}
        onResizeEnd={(width) => {
          gridPrefs.send({ type: 'gridPrefs.resized', width });
          setLiveWidth(null);
        }}
      >
        <div className="content-main">
          {!searching && node && (
            <FolderHeader path={tree.path(node.id)} hrefFor={folderHref} actions={actions} selectedCount={selectedCount} onClearSelection={() => grid.send({ type: 'grid.clearSelection' })} />
          )}
          {/* Changes held until the connection returns (§4): said once here, each marked where it shows. */}
          <p role="status" className={pending.waiting ? 'content-pending' : 'k-visually-hidden'}>
            {pending.waiting ? t('content.pending.notice') : ''}
          </p>
          {body}
        </div>
      </ResizableSidebar>
      </DropZone>
      <DragPreview ref={previewRef} label={dragLabel} />
      <ContentDialogs tree={tree} userId={userId} />
      <LazyItemShareDialog itemTitle={sharedTitle} />
      {/* LMS export of video items. */}
      <LmsExportDialog />
    </AppLayout>
  );
}
