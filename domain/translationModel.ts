/**
 * The translation-file model (translation-editor §3 Translation file, Segment, Group; §2 segment table, filters,
 * stack; §9 group constants): parsing an untrusted file, flattening it into segments with their paths and nav
 * paths, the UI groups (scene, slide, layer, question, question bank, section, lesson, templates, special slides,
 * course overview), the segment filters, and the rows of the segment table with collapsed groups.
 *
 * Built once per file (20,000 segments in well under 200 ms: one pass, no per-segment allocations beyond the
 * segment itself); rows are recomputed on filter, collapse or change updates (one pass over the segments).
 */
import type { GroupMeta, GroupType, LanguageMap, ProgressDetail, SegmentMeta, SegmentText, TextType, TranslationFile, TranslationProduct, ValidationChange } from './translation.ts';

/** Thrown when a translation file (or a language map) is not usable: the loading messages of §8 follow. */
export class TranslationFileError extends Error {
  override name = 'TranslationFileError';
}

/** §3 Segment, as the editor uses it. Plain texts are precomputed for filters, search and Levenshtein. */
export interface Segment {
  type: 'item';
  id: string;
  path: string[];
  /** pathKey(path). */
  key: string;
  /** The path of its nav group (slide, lesson, ...). */
  navPath: string[];
  navKey: string;
  textType: TextType;
  source: SegmentText;
  /** The file's target (the imported translation): originalTarget. */
  originalTarget: SegmentText;
  /** Plain text of source and originalTarget (tags stripped, entities decoded, playerJson spans joined). */
  sourceText: string;
  originalTargetText: string;
  validationSegmentId: string;
  meta: SegmentMeta;
  livePreviewData: { slideId?: string; lessonId?: string } | null;
  /** Inside a template group. */
  template: boolean;
  /** Keys of the UI groups that contain it, outermost first. */
  uiGroups: string[];
  /** The previous version's plain source and target at the same path, or null when the path is new. */
  base: { sourceText: string; targetText: string } | null;
}

/** §3 Group, as the editor uses it. */
export interface UiGroup {
  type: 'group';
  id: string;
  path: string[];
  key: string;
  /** The display title: "1 Untitled Scene" → "Global", template groups → "Slide Template", special slides by name. */
  title: string;
  groupType: GroupType;
  meta: GroupMeta;
  template: boolean;
  /** The nav group it is (its own key) or is inside; null for groups above nav groups (scene, section, question bank). */
  navKey: string | null;
  isNav: boolean;
  /** Depth from the root (0 for top-level groups). */
  depth: number;
  parentKey: string | null;
  /** Child group keys in order. */
  childKeys: string[];
  /** Keys of the segments directly inside it, in order. */
  segmentKeys: string[];
  /** §3 canFilter: groups whose children the segment filter applies to. */
  canFilter: boolean;
}

/** The model of one translation file. */
export interface TranslationModel {
  sourceLocale: string;
  targetLocale: string;
  version: number;
  product: TranslationProduct;
  storylineVersion: string | null;
  /** Segments in document order. */
  segments: Segment[];
  segmentsByKey: Map<string, Segment>;
  /** validationSegmentId → segment key. */
  keysBySegmentId: Map<string, string>;
  groups: Map<string, UiGroup>;
  /** Top-level group keys in order. */
  rootKeys: string[];
  /** Nav group keys in document order (what previous / next step through). */
  navKeys: string[];
  /** Paths of segments whose original target is empty (§3 emptyTargetPaths), as keys. */
  emptyTargetKeys: string[];
}

/** What building the model had to report (§8, logged or reported, never shown as errors). */
export interface ModelProblems {
  /** "Some items were not part of any uiGroup" with the count (items at the root, outside every group). */
  notInUiGroup: { count: number; total: number } | null;
  /** "No question bank group found for slide draw group": the slide-draw group keys whose bank is missing. */
  missingQuestionBanks: string[];
}

/**
 * Parses an untrusted translation file (JSON already decoded). Checks every field the model reads (locales,
 * version, product, node types, ids unique among siblings, text types with their text shapes, playerJson blocks of
 * spans with string text and object style) and throws {@link TranslationFileError} naming the first problem.
 */
export function parseTranslationFile(raw: unknown): TranslationFile {
  void raw;
  throw new Error('not implemented');
}

/**
 * Builds the model (§3, §9): segments with path, navPath and uiGroups; groups with display titles; nav groups in
 * document order. Nav groups: Storyline slide, question and template groups and the special slides (menu,
 * resources, glossary, by id); Rise lessons and the course overview (ids overview / course, or meta.courseOverview).
 * Scenes, sections and question banks hold nav groups; layers sit inside slides. A slide-draw slide whose
 * question bank is missing is reported. Items outside every group are kept in a synthetic "Global" nav group and reported.
 */
export function buildTranslationModel(file: TranslationFile): { model: TranslationModel; problems: ModelProblems } {
  void file;
  throw new Error('not implemented');
}

/** §2 segment filters (issue 9 adds updatesFromPreviousVersion). The default is all. */
export type SegmentFilter = 'all' | 'accepted' | 'edited' | 'changed' | 'addedInCurrentVersion' | 'changedFromPreviousVersion' | 'unimportedFromPreviousVersion';
export const SEGMENT_FILTERS: readonly SegmentFilter[] = ['all', 'accepted', 'edited', 'changed', 'addedInCurrentVersion', 'changedFromPreviousVersion', 'unimportedFromPreviousVersion'];

/**
 * Whether a segment passes a filter: accepted (its change is accepted or approved), edited (translationEdits
 * isEdited), changed (edited or accepted), added in the current version (no base), changed from the previous
 * version (base source differs), unimported from the previous version (same source, base target differs from the
 * original target: the previous version's translation was not imported).
 */
export function matchesFilter(segment: Segment, change: ValidationChange | undefined, filter: SegmentFilter): boolean {
  void segment;
  void change;
  void filter;
  throw new Error('not implemented');
}

/** A row of the segment table. */
export type TableRow =
  | { kind: 'group'; key: string; depth: number; collapsed: boolean; isNav: boolean; complete: boolean; segmentCount: number }
  | { kind: 'segment'; key: string; depth: number };

/**
 * The rows of the segment table (§2): group headers and segment rows in document order, depth-first; a collapsed
 * group shows its header only; with a filter other than all, only matching segments and the groups that hold one
 * (segmentCount counts the matching segments below a group). `complete` says whether a nav group has progress.
 */
export function tableRows(
  model: TranslationModel,
  options: { filter: SegmentFilter; changes: Readonly<Record<string, ValidationChange>>; collapsed: ReadonlySet<string>; progress: Readonly<Record<string, ProgressDetail>> },
): TableRow[] {
  void model;
  void options;
  throw new Error('not implemented');
}

/** The nav group before or after `navKey` (null at either end). */
export function adjacentNavKey(model: TranslationModel, navKey: string, direction: -1 | 1): string | null {
  void model;
  void navKey;
  void direction;
  throw new Error('not implemented');
}

/** Progress per nav group for the slide-progress flyout: complete count over all, and each group's state. */
export function progressSummary(model: TranslationModel, progress: Readonly<Record<string, ProgressDetail>>): { complete: number; total: number } {
  void model;
  void progress;
  throw new Error('not implemented');
}

/** Parses an untrusted language map (§3); throws {@link TranslationFileError} when it is not an object of entries with a displayName. */
export function parseLanguageMap(raw: unknown): LanguageMap {
  void raw;
  throw new Error('not implemented');
}
