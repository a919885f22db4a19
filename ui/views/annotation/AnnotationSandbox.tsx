import { useEffect, useState } from 'react';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import type { AnnotationResult, AnnotationShape } from '../../../domain/annotation.ts';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { LazyAnnotationDialog } from './LazyAnnotationDialog.tsx';
import { SAMPLE_SNAPSHOT, sampleStrokes } from './sampleSnapshot.ts';

type Mode = { kind: 'closed' } | { kind: 'image'; shapes?: AnnotationShape[] } | { kind: 'capturing' } | { kind: 'failed' };

/**
 * /sandbox/annotation (staff): the annotation dialog on its own, with a sample snapshot, while capturing, with a
 * capture error, or with 1,000 strokes (the canvas bench); the saved PNG and its shapes are shown below, and can be
 * edited again.
 */
export default function AnnotationSandbox() {
  usePageTitle(t('annotation.sandbox.title'));
  const [mode, setMode] = useState<Mode>({ kind: 'closed' });
  const [result, setResult] = useState<AnnotationResult | 'cancelled' | null>(null);
  const [pngUrl, setPngUrl] = useState<string | null>(null);

  useEffect(() => {
    if (result === null || result === 'cancelled') return;
    const url = URL.createObjectURL(result.png);
    setPngUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [result]);

  const saved = result !== null && result !== 'cancelled' ? result : null;
  return (
    <AppLayout>
      <div className="annotation-sandbox">
      <h1 className="page-title">{t('annotation.sandbox.title')}</h1>
      <div className="annotation-sandbox__actions">
        <Button variant="primary" onClick={() => setMode({ kind: 'image' })}>
          {t('annotation.sandbox.open')}
        </Button>
        <Button onClick={() => setMode({ kind: 'capturing' })}>{t('annotation.sandbox.openCapturing')}</Button>
        <Button onClick={() => setMode({ kind: 'failed' })}>{t('annotation.sandbox.openFailed')}</Button>
        <Button onClick={() => setMode({ kind: 'image', shapes: sampleStrokes(1000) })}>{t('annotation.sandbox.openBench')}</Button>
        {saved && <Button onClick={() => setMode({ kind: 'image', shapes: saved.shapes })}>{t('annotation.sandbox.edit')}</Button>}
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
                  {shape.text ? ` “${shape.text}”` : ''}
                </li>
              ))}
            </ul>
            {pngUrl && <img src={pngUrl} alt={t('annotation.sandbox.image')} />}
          </>
        )}
      </section>
      {mode.kind !== 'closed' && (
        <LazyAnnotationDialog
          image={mode.kind === 'image' ? SAMPLE_SNAPSHOT : null}
          error={mode.kind === 'failed' ? t('review.snapshot.error') : null}
          shapes={mode.kind === 'image' ? mode.shapes : undefined}
          onRetry={() => setMode({ kind: 'image' })}
          onCommit={(r) => {
            setResult(r);
            setMode({ kind: 'closed' });
          }}
          onCancel={() => {
            setResult('cancelled');
            setMode({ kind: 'closed' });
          }}
        />
      )}
      </div>
    </AppLayout>
  );
}
