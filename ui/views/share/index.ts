/**
 * The share dialog (review-and-content §2, §4–§6, §8, §9): presentational, driven by the share actor's snapshot.
 */
export type { SharePersonRow } from '../../../machines/sharing/shareMachine.ts';
export {
  ShareDialog,
  ShareDialogView,
  type ShareDialogProps,
  type ShareDialogStatus,
  type ShareDialogViewProps,
} from './ShareDialog.tsx';
