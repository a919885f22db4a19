import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import type { AnnotationShape } from '../../../domain/annotation.ts';
import type { AnnotationDialogOutput } from '../../../machines/annotation/annotationDialogMachine.ts';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { LazyAnnotationDialog } from './LazyAnnotationDialog.tsx';
import { SAMPLE_SNAPSHOT, sampleStrokes } from './sampleSnapshot.ts';

type Mode = { kind: 'image'; shapes?: AnnotationShape[] } | { kind: 'capturing' } | { kind: 'failed' };
type Opened = { mode: Mode; key: number } | null;
type Saved = { width: number; height: number; shapes: AnnotationShape[]; fileId: string };

/**
 * /sandbox/annotation (staff): the annotation dialog on its own, with a sample snapshot, while capturing, with a
 * capture error, or with 1,000 strokes (the canvas bench); the saved PNG and its shapes are shown below, and can be
 * edited again. The sandbox runs the provided dialog machine itself (useSystem().annotation.dialogLogic) and plays the
 * capture's part: it tells the dialog the image is there, or that the capture failed (Retry brings the image).
 */
export default function AnnotationSandbox() {
  usePageTitle(t('annotation.sandbox.title'));
  const [opened, setOpened] = useState<Opened>(null);
  const [result, setResult] = useState<Saved | 'cancelled' | null>(null);
  const open = (mode: Mode) => setOpened((o) => ({ mode, key: (o?.key ?? 0) + 1 }));

  const saved = result !== null && result !== 'cancelled' ? result : null;
  return (
    <AppLayout>
      <div className="annotation-sandbox">
      <h1 className="page-title">{t('annotation.sandbox.title')}</h1>
      <div className="annotation-sandbox__actions">
        <Button variant="primary" onClick={() => open({ kind: 'image' })}>
          {t('annotation.sandbox.open')}
        </Button>
        <Button onClick={() => open({ kind: 'capturing' })}>{t('annotation.sandbox.openCapturing')}</Button>
        <Button onClick={() => open({ kind: 'failed' })}>{t('annotation.sandbox.openFailed')}</Button>
        <Button onClick={() => open({ kind: 'image', shapes: sampleStrokes(1000) })}>{t('annotation.sandbox.openBench')}</Button>
        {saved && <Button onClick={() => open({ kind: 'image', shapes: saved.shapes })}>{t('annotation.sandbox.edit')}</Button>}
      </div>
      <section className="annotation-sandbox__result" aria-live="polite">
        {result === 'cancelled' && <p>{t('annotation.sandbox.cancelled')}</p>}
        {saved && (
          <>
            <p>{t('annotation.sandbox.result', { width: saved.width, height: saved.height, count: saved.shapes.length })}</p>
            <ul aria-label={t('annotation.sandbox.shapes')}>
              {saved.shapes.map((shape) => (
                <li key={shape.id}>
                  {shape.kind} {shape.color} {shape.width}
                  {shape.kind === 'rect' ? ` ${Math.round((shape.w ?? 0) * SAMPLE_SNAPSHOT.width)} × ${Math.round((shape.h ?? 0) * SAMPLE_SNAPSHOT.height)}` : ''}
                  {shape.text ? ` “${shape.text}”` : ''}
                </li>
              ))}
            </ul>
            <SavedImage fileId={saved.fileId} />
          </>
        )}
      </section>
      {opened && (
        <SandboxDialog
          key={opened.key}
          mode={opened.mode}
          onDone={(output) => {
            setResult(output.outcome === 'committed' ? { ...output.export, shapes: output.shapes } : 'cancelled');
            setOpened(null);
          }}
        />
      )}
      </div>
    </AppLayout>
  );
}

/** The exported PNG, read back from the FileStore. */
function SavedImage({ fileId }: { fileId: string }) {
  const { annotation } = useSystem();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const file = annotation.exportedFile(fileId);
    if (!file) return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [annotation, fileId]);
  return url ? <img src={url} alt={t('annotation.sandbox.image')} /> : null;
}

/** One dialog: its own `annotationDialog` actor, told what the capture would tell it. */
function SandboxDialog({ mode, onDone }: { mode: Mode; onDone(output: AnnotationDialogOutput): void }) {
  const { annotation } = useSystem();
  const [input] = useState(() => ({ dialogId: annotation.newDialogId(), prefs: annotation.loadPrefs(), ...(mode.kind === 'image' && mode.shapes ? { shapes: mode.shapes } : {}) }));
  const dialog: ActorRefFrom<typeof annotation.dialogLogic> = useActorRef(annotation.dialogLogic, { input });
  const [image, setImage] = useState(mode.kind === 'image');
  const value = useSelector(dialog, (s) => s.value);
  const output = useSelector(dialog, (s) => (s.status === 'done' ? (s.output as AnnotationDialogOutput) : null));
  useEffect(() => {
    if (mode.kind === 'image') dialog.send({ type: 'annotation.captured' });
    else if (mode.kind === 'failed') dialog.send({ type: 'annotation.captureFailed' });
  }, [dialog, mode.kind]);
  // Retry after the failure: the sample image "captured" this time.
  useEffect(() => {
    if (mode.kind !== 'failed' || value !== 'capturing') return;
    setImage(true);
    dialog.send({ type: 'annotation.captured' });
  }, [dialog, mode.kind, value]);
  useEffect(() => {
    if (output) onDone(output);
  }, [output, onDone]);
  return <LazyAnnotationDialog dialog={dialog} image={image ? SAMPLE_SNAPSHOT : null} error={mode.kind === 'failed' && !image ? t('review.snapshot.error') : null} />;
}
