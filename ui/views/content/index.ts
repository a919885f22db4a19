/**
 * The item grid screen's presentational views (review-and-content §2–§9): props in, callbacks out. The
 * lead's ReviewPage reads the folders, grid, dialogs and drag actors and passes what these need.
 */
export { ContentSubHeader, ProductFilterSelect, SearchBox, type ContentSubHeaderProps, type ProductFilterSelectProps, type SearchBoxProps } from './ContentSubHeader.tsx';
export {
  FolderSidebar,
  ResizableSidebar,
  GRID_SIDEBAR_MAX_PERCENT,
  GRID_SIDEBAR_MIN_PERCENT,
  GRID_SIDEBAR_START_PERCENT,
  type FolderSidebarProps,
  type ResizableSidebarProps,
} from './FolderSidebar.tsx';
export { dropTargetHandlers, type DropState, type FolderDropTargetProps } from './dragDrop.ts';
export {
  ActionBar,
  Breadcrumbs,
  FolderHeader,
  SelectionSummary,
  contentActionLabel,
  type ActionBarProps,
  type BreadcrumbsProps,
  type ContentAction,
  type ContentActionId,
  type FolderHeaderProps,
  type SelectionSummaryProps,
} from './FolderHeader.tsx';
export { SubfolderGrid, SUBFOLDERS_COLLAPSED_LIMIT, type SubfolderGridProps } from './SubfolderGrid.tsx';
export { GridSkeleton, ItemCard, ItemGrid, type GridSkeletonProps, type ItemCardProps, type ItemGridProps, type SelectMode } from './ItemCard.tsx';
export { Pagination, type PaginationProps } from './Pagination.tsx';
export { PendingMark, pendingText, type PendingMarkProps } from './PendingMark.tsx';
export { ContentEmptyState, type ContentEmptyKind, type ContentEmptyStateProps } from './ContentEmptyState.tsx';
export { SearchResults, type SearchResultsProps } from './SearchResults.tsx';
export { DragPreview, type DragPreviewProps } from './DragPreview.tsx';
export { FolderMenuButton, ItemMenuButton, folderMenuLabel, itemMenuLabel, type FolderMenuButtonProps, type ItemMenuButtonProps } from './menus.tsx';
export { ReasonButton, type ReasonButtonProps } from './ReasonButton.tsx';
export {
  AlreadyInFolderDialog,
  ContentErrorDialog,
  DeleteForeverDialog,
  DeleteToTrashDialog,
  EmptyTrashDialog,
  FolderAccessDeniedDialog,
  AddToTeamDialog,
  MoveConfirmDialog,
  type AlreadyInFolderDialogProps,
  type ConfirmDialogBaseProps,
  type ContentErrorDialogProps,
  type ContentOperation,
  type DeleteForeverDialogProps,
  type DeleteToTrashDialogProps,
  type EmptyTrashDialogProps,
  type FolderAccessDeniedDialogProps,
  type MoveConfirmDialogProps,
  type SubjectCounts,
} from './dialogs/ConfirmDialogs.tsx';
export { NameDialog, type NameDialogKind, type NameDialogProps } from './dialogs/NameDialog.tsx';
export { MoveDialog, type MoveDialogProps, type MoveTargetValidity } from './dialogs/MoveDialog.tsx';
export {
  SharedFolderSettingsDialog,
  type Principal,
  type SharedFolderSettingsDialogProps,
  type SharedFolderSettingsStatus,
} from './dialogs/SharedFolderSettingsDialog.tsx';
export { contentToastText, type ContentToastData, type ContentToastKind } from './toasts.ts';
export { CONTENT_ANIMATION_FAST_MS, CONTENT_ANIMATION_MS, contentAnimationMs, formatUpdatedAt } from './format.ts';
export { contentRefusalText, countPhrase, createRefusalText, folderLabel, moveRefusalText, productFilterLabel, productLabel, virtualFolderLabel } from './labels.tsx';
