/**
 * The tools' version views of the translate tab (translation-editor §2): course updates (button, popover, mode header),
 * the version diff view and dialog with the row mark, the reset-translation and reopen-completed-section dialogs with
 * the row's Reset button, and the translation memory report (dialog, view, segment view, header button).
 */
export {
  CourseUpdatesButton,
  CourseUpdatesHeader,
  CourseUpdatesPopover,
  handleCourseUpdatesKey,
  type CourseUpdatesButtonProps,
  type CourseUpdatesHeaderProps,
  type CourseUpdatesPopoverProps,
} from './CourseUpdates.tsx';
export {
  bestHit,
  MemoryReportButton,
  MemoryReportDialog,
  MemoryReportList,
  MemoryReportSegmentView,
  MemoryReportSummary,
  MemoryReportView,
  memoryReportViewState,
  similarityPercent,
  type MemoryReportButtonProps,
  type MemoryReportDialogProps,
  type MemoryReportViewProps,
  type MemoryReportViewState,
} from './MemoryReport.tsx';
export {
  ReopenSectionDialog,
  ResetTranslationDialog,
  SegmentResetButton,
  type ReopenSectionDialogProps,
  type ResetTarget,
  type ResetTranslationDialogProps,
  type SegmentResetButtonProps,
} from './ResetDialogs.tsx';
export {
  DiffEntryBody,
  diffEntries,
  diffReasonLabel,
  DiffSegmentMark,
  DiffSummary,
  TranslationDiffDialog,
  VersionDiffView,
  type DiffEntry,
  type DiffEntryKind,
  type DiffReason,
  type DiffSegmentInfo,
  type DiffSegmentMarkProps,
  type DiffTextAttrs,
  type DiffVersionOption,
  type TranslationDiffDialogProps,
  type VersionDiffViewProps,
} from './VersionDiff.tsx';
