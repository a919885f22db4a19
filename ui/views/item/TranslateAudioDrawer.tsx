/** §2 the translate tab's audio drawer, connected: the `audioDrawer` actor opens and closes it; the segments are the model's. */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { TranslationModel } from '../../../domain/translationModel.ts';
import { isAudioDrawerOpenOf } from '../../../machines/translation/audioDrawerMachine.ts';
import { useSystem } from '../../system.tsx';
import { textDirection } from '../translation/index.ts';
import { AudioDrawer, type AudioGroup } from '../translation/tools/index.ts';
import { describeSegment, type SegmentChanges } from './translateShared.ts';

/** The drawer ("Audio elements"): a segment chosen closes it and goes to the segment in the table. */
export function TranslateAudioDrawer() {
  const { translation, audioDrawer } = useSystem();
  const open = useSelector(audioDrawer, isAudioDrawerOpenOf);
  const model = useSelector(translation, (s) => s.context.model);
  const changes = useSelector(translation, (s) => s.context.changes);
  const groups = useMemo(() => (model && open ? audioGroupsOf(model, changes) : []), [model, changes, open]);
  if (!model) return null;
  const { dir, lang } = textDirection(model.targetLocale);
  return (
    <AudioDrawer
      open={open}
      groups={groups}
      dir={dir}
      lang={lang}
      onGoTo={(key) => audioDrawer.send({ type: 'audioDrawer.goTo', key })}
      onClose={() => audioDrawer.send({ type: 'audioDrawer.close' })}
    />
  );
}

const isAudioType = (type: unknown): type is AudioGroup['type'] => type === 'script' || type === 'captions' || type === 'transcript';

/** §2 audio groups: the segments whose meta type is script, captions or transcript, by type. */
export function audioGroupsOf(model: TranslationModel, changes: SegmentChanges): AudioGroup[] {
  const byType = { script: [] as AudioGroup['segments'][number][], captions: [] as AudioGroup['segments'][number][], transcript: [] as AudioGroup['segments'][number][] };
  for (const segment of model.segments) {
    const type = segment.meta.type;
    if (!isAudioType(type)) continue;
    const info = describeSegment(model, changes, segment.key)!;
    byType[type].push({ key: segment.key, ...info });
  }
  return (['script', 'captions', 'transcript'] as const).map((type) => ({ type, segments: byType[type] }));
}

/** The number of audio segments (the header's button). */
export function audioCountOf(model: TranslationModel | null): number {
  if (!model) return 0;
  let count = 0;
  for (const segment of model.segments) if (isAudioType(segment.meta.type)) count++;
  return count;
}
