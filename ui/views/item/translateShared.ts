/** Helpers the translate tab's connected parts share (TranslateTools.tsx and the files it gathers). */
import type { TranslationModel } from '../../../domain/translationModel.ts';
import { diffDisplayText } from '../../../domain/translationDiff.ts';
import { segmentValueOf } from '../../../machines/translation/translationMachine.ts';

/** A clock reading as the ISO time stamp the machines store. */
export const iso = (ms: number) => new Date(ms).toISOString();

export type SegmentChanges = Parameters<typeof segmentValueOf>[0]['changes'];

/** A segment's texts (line breaks kept) and group title, for lists (duplicates, audio, diff). */
export function describeSegment(model: TranslationModel, changes: SegmentChanges, key: string) {
  const segment = model.segmentsByKey.get(key);
  if (!segment) return null;
  return {
    source: diffDisplayText(segment.source, segment.textType),
    target: diffDisplayText(segmentValueOf({ changes }, segment), segment.textType),
    groupTitle: model.groups.get(segment.navKey)?.title ?? '',
  };
}
