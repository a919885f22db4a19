/** The translate tab's presentational views (translation-editor §2). The segment editor lives in ./editor. */
export { BottomBar, BottomBarView, type BottomBarProps, type BottomBarViewProps } from './BottomBar.tsx';
export {
  filterLabel,
  formatShortDate,
  groupTypeLabel,
  navUnitOf,
  stackEntryHref,
  stackSidebarEntries,
  stackStatusOf,
  stackStatusText,
  textDirection,
  type NavUnit,
  type StackSidebarEntry,
  type StackStatus,
} from './labels.ts';
export { completionText, ProgressFlyout, ProgressList, type ProgressFlyoutProps, type ProgressGroup } from './ProgressFlyout.tsx';
export { SegmentFilterMenu, type SegmentFilterMenuProps } from './SegmentFilterMenu.tsx';
export {
  GroupRow,
  SegmentRow,
  SegmentTable,
  SegmentTableEmpty,
  segmentStatus,
  shownTarget,
  type SegmentBadges,
  type SegmentHits,
  type SegmentStatus,
  type SegmentTableProps,
} from './SegmentTable.tsx';
export { highlightedRun, SegmentText, type SegmentTextHits } from './SegmentText.tsx';
export { StackSidebar, type StackSidebarProps } from './StackSidebar.tsx';
export {
  EditConflictDialog,
  ReopenConfirmDialog,
  ReopenConfirmDialogView,
  TranslationAuthDialog,
  TranslationErrorBanner,
  type EditConflictDialogProps,
  type ReopenConfirmDialogProps,
  type ReopenConfirmDialogViewProps,
  type TranslationAuthDialogProps,
  type TranslationErrorBannerProps,
} from './TranslationDialogs.tsx';
export { EditorSwitch, TranslationHeader, VersionLockBanner, type TranslationHeaderProps } from './TranslationHeader.tsx';
export { handleEscapeKey, handlePanelKey, isInsideOverlay, isTextEntryTarget, TranslationLoading, TranslationPanel, type PanelKeyEvent, type TranslationPanelProps, type TranslationPanelStatus } from './TranslationPanel.tsx';
export { COMPACT_BELOW_PX, useCompact } from './useCompact.ts';
