/** §2 the translate tab's version diff view and its translation diff dialog, connected to the `translation` actor. */
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { diffStateOf } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { textDirection } from '../translation/index.ts';
import { TranslationDiffDialog, VersionDiffView, diffEntries } from '../translation/versions/index.ts';
import { describeSegment, iso } from './translateShared.ts';

/** §2 the version diff view (above the table while a diff is open). */
export function TranslateDiffView({ versions }: { versions: readonly { id: string; number: number }[] }) {
  const { translation, now } = useSystem();
  const send = translation.send;
  const diff = useSelector(translation, (s) => diffStateOf(s));
  const model = useSelector(translation, (s) => s.context.model);
  const changes = useSelector(translation, (s) => s.context.changes);
  const version = useSelector(translation, (s) => s.context.subject?.versionNumber ?? 1);
  const entries = useMemo(() => (diff.result && model ? diffEntries(diff.result, (key) => describeSegment(model, changes, key) ?? undefined) : []), [diff.result, model, changes]);
  // The view opens in the panel's tools region, which scrolls: it is scrolled to, so that it shows (not only its edge).
  const slotRef = useRef<HTMLDivElement>(null);
  const open = diff.status !== 'idle' && model !== null;
  useLayoutEffect(() => {
    const slot = slotRef.current;
    const region = slot?.parentElement?.closest<HTMLElement>('.translation-panel__tools');
    if (!open || !slot || !region) return;
    region.scrollTop += slot.getBoundingClientRect().top - region.getBoundingClientRect().top;
  }, [open]);
  if (!open) return null;
  const currentIndex = diff.currentDiffPath ? entries.findIndex((entry) => entry.key === diff.currentDiffPath) : -1;
  const { dir, lang } = textDirection(model.targetLocale);
  const source = textDirection(model.sourceLocale);
  return (
    <>
      <div ref={slotRef} className="translation-diff-slot">
        <VersionDiffView
          status={diff.status === 'loading' ? 'loading' : diff.status === 'error' ? 'error' : 'ready'}
          errorText={diff.error}
          onRetry={() => diff.previousVersionId && send({ type: 'translation.openDiff', previousVersionId: diff.previousVersionId, now: iso(now()) })}
          diff={diff.result}
          currentVersion={version}
          previousVersion={diff.previousVersionNumber}
          previousIsOld={diff.previousIsOld}
          versions={versions.filter((v) => v.number < version)}
          selected={diff.previousVersionId}
          onSelect={(previousVersionId) => send({ type: 'translation.openDiff', previousVersionId, now: iso(now()) })}
          describe={(key) => describeSegment(model, changes, key) ?? undefined}
          onGoTo={(key) => send({ type: 'translation.goToDuplicate', key })}
          onResetTranslation={(key) => send({ type: 'translation.askResetTranslation', key })}
          onShowDetails={(key) => send({ type: 'translation.setDiffPath', key })}
          onClose={() => send({ type: 'translation.closeDiff' })}
          sourceLang={source.lang}
          sourceDir={source.dir}
          targetLang={lang}
          targetDir={dir}
        />
      </div>
      <TranslationDiffDialog
        entry={currentIndex >= 0 ? entries[currentIndex]! : null}
        index={Math.max(0, currentIndex) + 1}
        total={entries.length}
        previousVersion={diff.previousVersionNumber ?? 1}
        onPrev={() => currentIndex > 0 && send({ type: 'translation.setDiffPath', key: entries[currentIndex - 1]!.key })}
        onNext={() => currentIndex < entries.length - 1 && send({ type: 'translation.setDiffPath', key: entries[currentIndex + 1]!.key })}
        onClose={() => send({ type: 'translation.setDiffPath', key: null })}
        onGoTo={(key) => {
          send({ type: 'translation.setDiffPath', key: null });
          send({ type: 'translation.goToDuplicate', key });
        }}
        onResetTranslation={(key) => send({ type: 'translation.askResetTranslation', key })}
      />
    </>
  );
}
