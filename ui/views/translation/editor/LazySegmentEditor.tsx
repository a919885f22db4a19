/**
 * The segment editor loaded on demand (ARCHITECTURE "heavy parts load lazily"): ProseMirror is fetched with the
 * translate route's first editor. Until then a plain, read-only box shows the text being opened.
 */
import { lazy, Suspense } from 'react';
import { plainText } from '../../../../domain/translationEdits.ts';
import { t } from '../../../strings.ts';
import type { SegmentEditorProps } from './types.ts';

const SegmentEditor = lazy(() => import('./SegmentEditor.tsx').then((module) => ({ default: module.SegmentEditor })));

/** What shows while ProseMirror loads: the text, not editable yet. */
function LoadingBox({ props }: { props: SegmentEditorProps }) {
  return (
    <div className="segment-editor is-loading" aria-busy="true">
      <div className="segment-editor__input segment-editor__placeholder" dir={props.dir} lang={props.lang} aria-label={props.label}>
        {plainText(props.value, props.textType)}
      </div>
      <span className="k-visually-hidden">{t('translationEditor.loading')}</span>
    </div>
  );
}

/** `SegmentEditor`, with ProseMirror loaded lazily. */
export function LazySegmentEditor(props: SegmentEditorProps) {
  return (
    <Suspense fallback={<LoadingBox props={props} />}>
      <SegmentEditor {...props} />
    </Suspense>
  );
}
