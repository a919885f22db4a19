/**
 * Course updates and the version diff (translation-editor §2 updates button, update filters, diff view and dialog;
 * §3 updates, Version diff, Group "Update N"; §5 disabled by a diff; §9 a previous version is old after 30 days).
 *
 * - Course updates are the segments a new version of the course added or changed (source differs) or removed,
 *   against the previous version (the file's baseChildren): `updates` of the validation answer, computed by the
 *   service with {@link courseUpdates}. They are validated in the course-updates view mode, grouped per nav group in
 *   "Update N" groups (N is the version number) titled "Update N" plus the main group's title; completing the main
 *   group completes its update group too (§4: validated as a whole).
 * - The version diff compares the version shown with an earlier one, each with its validation changes.
 */
import { PREVIOUS_VERSION_OLD_AFTER_DAYS, type SegmentText, type TextType, type TranslationFile, type TranslationNode, type UpdateType, type ValidationChange } from './translation.ts';
import { isUnimportedChange, type Segment, type TranslationModel } from './translationModel.ts';
import { deserializeSegmentText, plainText } from './translationEdits.ts';
import { currentTargetText } from './translationSearch.ts';

const DAY_MS = 86_400_000;

/** The key of a child from its parent's key: pathKey([...parentPath, id]) without re-serializing the parent's path. */
function childKey(parentKey: string | null, id: string): string {
  return parentKey === null ? `[${JSON.stringify(id)}]` : `${parentKey.slice(0, -1)},${JSON.stringify(id)}]`;
}

/** Plain sources of a node list by path key. */
function sourcesByKey(nodes: readonly TranslationNode[], parentKey: string | null, out: Map<string, string>): Map<string, string> {
  for (const node of nodes) {
    const key = childKey(parentKey, node.id);
    if (node.type === 'item') out.set(key, plainText(node.source, node.textType));
    else sourcesByKey(node.children, key, out);
  }
  return out;
}

/** §3 Version diff: keys are path keys of the current version except removedPaths (the previous one's). */
export interface VersionDiff {
  /** Paths in the current version only. */
  newPaths: string[];
  /** Paths in the previous version only, with their plain source and effective target there. */
  removedPaths: { key: string; source: string; target: string }[];
  /** Same path, the plain source changed. */
  differentSources: { key: string; previous: string; current: string }[];
  /**
   * Same path and source, a different effective target (a change's value when it has one, else the file's target):
   * UnimportedChange when the previous version had a validation change there that the current file's target does not
   * carry (the validated edit was not imported); ChangedInAuthoringApp otherwise (the target was changed in the
   * authoring app).
   */
  differentTargets: { key: string; previous: string; current: string; reason: 'UnimportedChange' | 'ChangedInAuthoringApp' }[];
  /** Nav keys (current version) of the groups holding any new, changed-source or different-target path, in order. */
  affectedUIGroups: string[];
}

/** Course updates by file: a parsed file is never changed, and the service reads it from its model cache on every validation read. */
const updatesByFile = new WeakMap<TranslationFile, Readonly<Record<string, UpdateType>>>();

/**
 * The course updates of a file: its children against its baseChildren (empty for a first version). By path key.
 * Worked out once per file object (a 20,000-segment course takes hundreds of ms); the answer is shared: read it, never
 * change it.
 */
export function courseUpdates(file: TranslationFile): Readonly<Record<string, UpdateType>> {
  let updates = updatesByFile.get(file);
  if (!updates) {
    updates = computeCourseUpdates(file);
    updatesByFile.set(file, updates);
  }
  return updates;
}

function computeCourseUpdates(file: TranslationFile): Record<string, UpdateType> {
  const updates: Record<string, UpdateType> = {};
  if (file.baseChildren.length === 0) return updates;
  const base = sourcesByKey(file.baseChildren, null, new Map());
  const walk = (nodes: readonly TranslationNode[], parentKey: string | null) => {
    for (const node of nodes) {
      const key = childKey(parentKey, node.id);
      if (node.type === 'group') {
        walk(node.children, key);
        continue;
      }
      const previous = base.get(key);
      if (previous === undefined) updates[key] = 'added';
      else {
        if (previous !== plainText(node.source, node.textType)) updates[key] = 'changed';
        base.delete(key);
      }
    }
  };
  walk(file.children, null);
  // What is left of the base is gone from the new version.
  for (const key of base.keys()) updates[key] = 'removed';
  return updates;
}

/** §2 "Update N" groups: per nav group with updated (added or changed) segments, in order. */
export interface UpdateGroup {
  /** The main (nav) group's key. */
  navKey: string;
  /** "Update N <main group title>". */
  title: string;
  /** The updated segments' keys, in order. */
  keys: string[];
}
export function updateGroups(model: TranslationModel, updates: Readonly<Record<string, UpdateType>>): UpdateGroup[] {
  const byNav = new Map<string, UpdateGroup>();
  for (const segment of model.segments) {
    const type = updates[segment.key];
    if (type !== 'added' && type !== 'changed') continue;
    let group = byNav.get(segment.navKey);
    if (group === undefined) {
      const title = model.groups.get(segment.navKey)?.title ?? '';
      group = { navKey: segment.navKey, title: `Update ${model.version} ${title}`.trimEnd(), keys: [] };
      byNav.set(segment.navKey, group);
    }
    group.keys.push(segment.key);
  }
  return [...byNav.values()];
}

/** §2 the updates filter is offered only when course updates exist and the course-updates filter is not active. */
export function isUpdatesFilterOffered(updates: Readonly<Record<string, UpdateType>>, courseUpdatesModeActive: boolean): boolean {
  if (courseUpdatesModeActive) return false;
  for (const key in updates) {
    const type = updates[key];
    if (type === 'added' || type === 'changed') return true;
  }
  return false;
}

const LINE_BREAK_TAG = /<br\s*\/?>/gi;

/**
 * A segment text as the diff shows it: its plain text, where an html line break (`<br>`) stays a line break ("\n",
 * as between playerJson blocks) rather than joining the words on its two sides. The diff compares plain texts; this
 * is only what it shows.
 */
export function diffDisplayText(text: SegmentText, textType: TextType): string {
  return typeof text === 'string' && textType === 'html' ? plainText(text.replace(LINE_BREAK_TAG, '\n'), textType) : plainText(text, textType);
}

/** What the diff shows of a segment's target with a change on top (the change's value, else the file's target). */
function displayTarget(segment: Segment, change: ValidationChange | undefined): string {
  if (!change) return diffDisplayText(segment.originalTarget, segment.textType);
  const value = deserializeSegmentText(change.replacement.newValue, segment.textType);
  return value === null ? change.replacement.newValue : diffDisplayText(value, segment.textType);
}

/** The version diff of `current` against `previous` (each model with its validation changes). */
export function computeVersionDiff(
  previous: { model: TranslationModel; changes: Readonly<Record<string, ValidationChange>> },
  current: { model: TranslationModel; changes: Readonly<Record<string, ValidationChange>> },
): VersionDiff {
  const prev = previous.model.segmentsByKey;
  const newPaths: string[] = [];
  const differentSources: VersionDiff['differentSources'] = [];
  const differentTargets: VersionDiff['differentTargets'] = [];
  const affected = new Set<string>();
  const effective = (segment: Segment, changes: Readonly<Record<string, ValidationChange>>) => currentTargetText(segment, changes[segment.key]);
  for (const segment of current.model.segments) {
    const before = prev.get(segment.key);
    if (before === undefined) {
      newPaths.push(segment.key);
      affected.add(segment.navKey);
      continue;
    }
    if (before.sourceText !== segment.sourceText) {
      differentSources.push({ key: segment.key, previous: diffDisplayText(before.source, before.textType), current: diffDisplayText(segment.source, segment.textType) });
      affected.add(segment.navKey);
      continue;
    }
    const previousTarget = effective(before, previous.changes);
    const currentTarget = effective(segment, current.changes);
    if (previousTarget === currentTarget) continue;
    // This version's own edit of a target that came over unchanged is its validation, not a difference between versions.
    if (current.changes[segment.key] !== undefined && segment.originalTargetText === previousTarget) continue;
    // The previous version's validated edit should have become this file's target; when it did not, it was not
    // imported (the same rule as the "unimported from previous version" filter).
    const unimported = isUnimportedChange(segment, { sourceText: before.sourceText, targetText: previousTarget }, previous.changes[segment.key], current.changes[segment.key]);
    differentTargets.push({
      key: segment.key,
      previous: displayTarget(before, previous.changes[segment.key]),
      current: displayTarget(segment, current.changes[segment.key]),
      reason: unimported ? 'UnimportedChange' : 'ChangedInAuthoringApp',
    });
    affected.add(segment.navKey);
  }
  const removedPaths: VersionDiff['removedPaths'] = [];
  const currentKeys = current.model.segmentsByKey;
  for (const segment of previous.model.segments) {
    if (!currentKeys.has(segment.key)) removedPaths.push({ key: segment.key, source: diffDisplayText(segment.source, segment.textType), target: displayTarget(segment, previous.changes[segment.key]) });
  }
  const affectedUIGroups = current.model.navKeys.filter((key) => affected.has(key));
  return { newPaths, removedPaths, differentSources, differentTargets, affectedUIGroups };
}

/**
 * §5 segments disabled by a diff: while a diff is shown, the current segments whose target differs with reason
 * UnimportedChange cannot be edited until the user resets them to the previous translation (reset-translation
 * dialog) or closes the diff.
 */
export function diffDisabledKeys(diff: VersionDiff): Set<string> {
  const keys = new Set<string>();
  for (const entry of diff.differentTargets) if (entry.reason === 'UnimportedChange') keys.add(entry.key);
  return keys;
}

/** §9 a previous version counts as old after 30 days (createdAt and now are ISO strings). */
export function isPreviousVersionOld(createdAt: string, now: string): boolean {
  const created = Date.parse(createdAt);
  const at = Date.parse(now);
  if (Number.isNaN(created) || Number.isNaN(at)) return false;
  return at - created > PREVIOUS_VERSION_OLD_AFTER_DAYS * DAY_MS;
}
