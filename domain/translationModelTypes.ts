/**
 * The translation model's types (split from translationModel.ts, which re-exports them): §3 Segment and Group as the
 * editor uses them, the model of one file, and what building it had to report.
 */
import type {
  GroupMeta,
  GroupType,
  SegmentMeta,
  SegmentText,
  TextType,
  TranslationProduct,
} from './translation.ts';
import type { LOG_DIGEST } from './redaction.ts';

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
  /** Keys of the UI groups that contain it, outermost first (one array shared by siblings: read it, never mutate it). */
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
  /** Its fingerprint in the event log's context hashes (a digest, not a full hash: it derives from a recorded file). */
  [LOG_DIGEST]: string;
  sourceLocale: string;
  targetLocale: string;
  version: number;
  product: TranslationProduct;
  storylineVersion: string | null;
  /** Segments in document order. */
  segments: Segment[];
  segmentsByKey: Map<string, Segment>;
  /** validationSegmentId → segment key (made when first read). */
  readonly keysBySegmentId: Map<string, string>;
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
