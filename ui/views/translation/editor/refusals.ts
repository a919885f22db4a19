/**
 * The segment editor's refusals (translation-editor §5 text-editor rules) and their §8 toast words. No
 * ProseMirror here, so a host can name and word refusals without loading the editor.
 */
import { t, type StringKey } from '../../../strings.ts';

/** Why the editor refused an action; each has its §8 toast (`translationEditor.toast.<reason>`). */
export type SegmentEditRefusal = 'tagDeleted' | 'tagStyles' | 'variableDeleted' | 'invalidCursor' | 'deleteError' | 'enterNewline' | 'storylineTransaction' | 'timedTextEnter';

export const SEGMENT_EDIT_REFUSALS: readonly SegmentEditRefusal[] = [
  'tagDeleted',
  'tagStyles',
  'variableDeleted',
  'invalidCursor',
  'deleteError',
  'enterNewline',
  'storylineTransaction',
  'timedTextEnter',
];

/** The §8 toast text for a refusal. */
export function refusalText(reason: SegmentEditRefusal): string {
  const key: StringKey = `translationEditor.toast.${reason}`;
  return t(key);
}
