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
import type { TranslationFile, UpdateType, ValidationChange } from './translation.ts';
import type { TranslationModel } from './translationModel.ts';

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

/** The course updates of a file: its children against its baseChildren (empty for a first version). By path key. */
export function courseUpdates(file: TranslationFile): Record<string, UpdateType> {
  void file;
  throw new Error('not implemented');
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
  void model;
  void updates;
  throw new Error('not implemented');
}

/** §2 the updates filter is offered only when course updates exist and the course-updates filter is not active. */
export function isUpdatesFilterOffered(updates: Readonly<Record<string, UpdateType>>, courseUpdatesModeActive: boolean): boolean {
  void updates;
  void courseUpdatesModeActive;
  throw new Error('not implemented');
}

/** The version diff of `current` against `previous` (each model with its validation changes). */
export function computeVersionDiff(
  previous: { model: TranslationModel; changes: Readonly<Record<string, ValidationChange>> },
  current: { model: TranslationModel; changes: Readonly<Record<string, ValidationChange>> },
): VersionDiff {
  void previous;
  void current;
  throw new Error('not implemented');
}

/**
 * §5 segments disabled by a diff: while a diff is shown, the current segments whose target differs with reason
 * UnimportedChange cannot be edited until the user resets them to the previous translation (reset-translation
 * dialog) or closes the diff.
 */
export function diffDisabledKeys(diff: VersionDiff): Set<string> {
  void diff;
  throw new Error('not implemented');
}

/** §9 a previous version counts as old after 30 days (createdAt and now are ISO strings). */
export function isPreviousVersionOld(createdAt: string, now: string): boolean {
  void createdAt;
  void now;
  throw new Error('not implemented');
}
