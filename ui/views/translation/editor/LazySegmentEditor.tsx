/**
 * The segment editor loaded on demand (ARCHITECTURE "heavy parts load lazily"): ProseMirror is fetched with the
 * translate route's first editor. Until then a plain, read-only box shows the text being opened.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
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

/**
 * When the editor's code cannot be loaded (offline, or a new deployment replaced the chunk) the row says so and
 * offers to cancel, instead of the error unmounting the whole page.
 */
class EditorLoadBoundary extends Component<{ onCancel: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="segment-editor is-failed" role="alert">
        <span>{t('translationEditor.loadFailed')}</span>{' '}
        <button type="button" className="k-button k-button--secondary k-button--sm" onClick={this.props.onCancel}>
          {t('translationEditor.cancel')}
        </button>
      </div>
    );
  }
}

/** `SegmentEditor`, with ProseMirror loaded lazily. */
export function LazySegmentEditor(props: SegmentEditorProps) {
  return (
    <EditorLoadBoundary onCancel={props.onCancel}>
      <Suspense fallback={<LoadingBox props={props} />}>
        <SegmentEditor {...props} />
      </Suspense>
    </EditorLoadBoundary>
  );
}
