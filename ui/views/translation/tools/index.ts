/**
 * The translate tab's tools views (translation-editor §2 search / replace bar, replace-all confirmation, duplicate
 * banner and dialogs, audio groups; §5 duplicates and low contrast): presentational, wired by the container.
 */
export { AUDIO_TYPES, AudioButton, AudioDrawer, audioGroupsShown, type AudioButtonProps, type AudioDrawerProps, type AudioGroup, type AudioSegment, type AudioType } from './AudioDrawer.tsx';
export {
  DuplicateBanner,
  DuplicateReviewDialog,
  SaveToAllButton,
  SaveToAllDialog,
  SaveToAllDialogView,
  type DuplicateBannerProps,
  type DuplicateEntry,
  type DuplicateReviewDialogProps,
  type SaveToAllButtonProps,
  type SaveToAllDialogProps,
  type SaveToAllDialogViewProps,
} from './Duplicates.tsx';
export { ReplaceAllDialog, replaceAllText, type ReplaceAllDialogProps } from './ReplaceAllDialog.tsx';
export {
  FindButtons,
  handleBarKey,
  handleFindKey,
  handleSearchFieldKey,
  ReplaceStatusLine,
  SearchReplaceBar,
  searchCountText,
  type BarKeyEvent,
  type FindButtonsProps,
  type ReplaceStatus,
  type SearchBarMode,
  type SearchCounts,
  type SearchReplaceBarProps,
} from './SearchReplaceBar.tsx';
export { SegmentMarkers, type SegmentMarkersProps } from './SegmentMarkers.tsx';
