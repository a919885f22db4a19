/** The segment editor's props (shared by SegmentEditor and LazySegmentEditor). */
import type { SegmentText, TextType } from '../../../../domain/translation.ts';
import type { SegmentEditRefusal } from './refusals.ts';

export interface SegmentEditorProps {
  textType: TextType;
  /** The value shown first (the saved value or the original target); remount (`key`) to show another. */
  value: SegmentText;
  product: 'storyline' | 'rise';
  /** Rise timed text: Enter is refused with 'timedTextEnter'. */
  timedText: boolean;
  dir: 'ltr' | 'rtl';
  lang: string;
  /** The editable's accessible name. */
  label: string;
  disabled?: boolean;
  /** Each document change, serialized back to the shape of `textType`. */
  onChange(value: SegmentText): void;
  /** A refused action (once per action): the host shows its §8 toast (refusalText). */
  onRefuse(reason: SegmentEditRefusal): void;
  onSave(): void;
  onCancel(): void;
  /** Escape (else `onCancel`): the host leaves the editor, keeping the text as a draft. */
  onEscape?(): void;
  /** Ctrl/Cmd+Enter (else `onSave` when Save is enabled): save and open the next segment's editor. */
  onSaveAndNext?(): void;
  /** Alt+Up / Alt+Down: open the previous / next segment's editor without saving. */
  onMove?(direction: 1 | -1): void;
  /** §5 "Save is disabled when no unsaved value". */
  canSave: boolean;
  saving?: boolean;
  /** Focus the editable when it mounts. */
  autoFocus?: boolean;
  /** Why Save is not offered although the text was changed, said in place of the shortcuts hint (a live region). */
  note?: string | null;
}
