/**
 * The segment editor (translation-editor §5 text-editor rules, §8 segment-editor toasts). Importing this file does
 * not load ProseMirror: `LazySegmentEditor` fetches it with the first editor shown. A host that wants it eagerly
 * imports `SegmentEditor` from './SegmentEditor.tsx'.
 */
export { LazySegmentEditor } from './LazySegmentEditor.tsx';
export { refusalText, SEGMENT_EDIT_REFUSALS, type SegmentEditRefusal } from './refusals.ts';
export type { SegmentEditorProps } from './types.ts';
