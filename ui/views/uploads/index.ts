/**
 * Upload views (review-and-content §2 drop zone and upload-file link, §4 upload states, §5 and §8 the file-not-
 * supported dialog): props in, callbacks out. The lead wires them to the `uploads` actor.
 */
export {
  DropOverlay,
  DropZone,
  UploadFileLink,
  carriesFiles,
  filesFromDataTransfer,
  type DropOverlayProps,
  type DropZoneProps,
  type FileDataTransfer,
  type UploadFileLinkProps,
} from './DropZone.tsx';
export { useFilePicker, type FilePicker } from './filePicker.tsx';
export {
  ItemVersionBadge,
  UploadToastBody,
  isRunningUpload,
  uploadStateLabel,
  uploadSummaryText,
  uploadToastText,
  type ItemVersionBadgeProps,
  type UploadRow,
  type UploadRowState,
  type UploadToastBodyProps,
  type VersionBadgeState,
} from './UploadToast.tsx';
export { FileNotSupportedDialog, fileNotSupportedText, type FileNotSupportedDialogProps, type FileRefusalReason } from './FileNotSupportedDialog.tsx';
