/**
 * The item view's presentational views (review-and-content §2 item view, §4, §8, §9): props in, callbacks out.
 * The lead's wired item screen reads the `item` actor and passes what these need.
 */
// The item's other states (ItemStates.tsx: access denied, deleted, password, processing, failed, deleted version) are
// not listed here: the item screen loads them when the item is in one of them.
export { ItemLoadingView } from './ItemLoadingView.tsx';
export {
  ExportMenu,
  ItemHeader,
  REVIEWER_AVATARS_SHOWN,
  ReviewerAvatars,
  VersionList,
  VersionPicker,
  versionStateLabel,
  type ExportEntry,
  type ExportMenuProps,
  type ItemHeaderProps,
  type ItemHeaderTab,
  type ReviewerAvatar,
  type ReviewerAvatarsProps,
  type VersionEntry,
  type VersionListProps,
  type VersionPickerProps,
} from './ItemHeader.tsx';
export { ItemLayout, type ItemLayoutProps, type ItemSidebarTab } from './ItemLayout.tsx';
export { PACKAGE_SANDBOX, PackagePlayer, VideoPlayer, type PackagePlayerProps, type VideoPlayerProps } from './Players.tsx';
export {
  NewVersionToastBody,
  OutOfDateDialog,
  RestoreVersionDialog,
  newVersionToastText,
  type NewVersionToastData,
  type OutOfDateDialogProps,
  type RestoreVersionDialogProps,
} from './ItemDialogs.tsx';
