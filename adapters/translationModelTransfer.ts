/**
 * The translation model as the file worker hands it to the page (translationFile.worker.ts → translationFiles.ts): one
 * JSON text, which the page decodes far faster than a structured clone of the model (tens of thousands of objects and
 * their strings, each cloned on its own). The Maps travel as entries that point at segments by index (so the page's
 * segmentsByKey holds the very segments of `segments`), the group-key lists shared by sibling segments once each, and
 * the digest (a symbol key) beside them. Read back, the model equals the one built on the page.
 */
import { LOG_DIGEST } from '../domain/redaction.ts';
import type { ModelProblems, Segment, TranslationModel, UiGroup } from '../domain/translationModelTypes.ts';
import type { ParsedTranslationFile } from '../domain/translationParsedFiles.ts';

type SentSegment = Omit<Segment, 'uiGroups'> & { uiGroups: number };
interface SentModel extends Omit<TranslationModel, typeof LOG_DIGEST | 'segments' | 'segmentsByKey' | 'keysBySegmentId' | 'groups'> {
  digest: string;
  segments: SentSegment[];
  /** segmentsByKey as [key, index in segments]. */
  segmentsByKey: Array<[string, number]>;
  keysBySegmentId: Array<[string, string]>;
  groups: Array<[string, UiGroup]>;
  /** The distinct uiGroups lists; a segment's uiGroups is an index here. */
  uiGroupLists: string[][];
}

/** The parsed file as one JSON text. */
export function modelToTransfer({ model, problems }: ParsedTranslationFile): string {
  const { segments, segmentsByKey, keysBySegmentId, groups, [LOG_DIGEST]: digest, ...rest } = model;
  const uiGroupLists: string[][] = [];
  const listIndex = new Map<string[], number>();
  const segmentIndex = new Map<Segment, number>();
  const sentSegments = segments.map((segment, index): SentSegment => {
    segmentIndex.set(segment, index);
    let list = listIndex.get(segment.uiGroups);
    if (list === undefined) {
      list = uiGroupLists.push(segment.uiGroups) - 1;
      listIndex.set(segment.uiGroups, list);
    }
    return { ...segment, uiGroups: list };
  });
  const sent: SentModel = {
    ...rest,
    digest,
    segments: sentSegments,
    segmentsByKey: [...segmentsByKey].map(([key, segment]) => {
      const index = segmentIndex.get(segment);
      if (index === undefined) throw new Error(`The model's segment ${key} is not among its segments.`);
      return [key, index];
    }),
    keysBySegmentId: [...keysBySegmentId],
    groups: [...groups],
    uiGroupLists,
  };
  return JSON.stringify({ model: sent, problems });
}

/** The parsed file back from its JSON text. */
export function modelFromTransfer(text: string): ParsedTranslationFile {
  const { model: sent, problems } = JSON.parse(text) as { model: SentModel; problems: ModelProblems };
  const { digest, segments: sentSegments, segmentsByKey, keysBySegmentId, groups, uiGroupLists, ...rest } = sent;
  const segments = sentSegments as unknown as Segment[];
  for (const segment of sentSegments) (segment as unknown as Segment).uiGroups = uiGroupLists[segment.uiGroups]!;
  const model: TranslationModel = {
    [LOG_DIGEST]: digest,
    ...rest,
    segments,
    segmentsByKey: new Map(segmentsByKey.map(([key, index]) => [key, segments[index]!])),
    keysBySegmentId: new Map(keysBySegmentId),
    groups: new Map(groups),
  };
  return { model, problems };
}
