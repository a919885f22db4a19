/**
 * The translation editor's §3 entities (split from translation.ts, which re-exports them): the translation file on
 * the CDN (nodes, text types, playerJson text, segment and group meta, the §9 group types) and the validation state
 * (validation changes, progress details, profiles, course update types).
 */

// ---------------------------------------------------------------------------------------------------------
// §9 group types
/** §9 group types: Rise section and lesson; Storyline layer, template, slide, scene, question; questionBank. */
export type GroupType = 'section' | 'lesson' | 'layer' | 'template' | 'slide' | 'scene' | 'question' | 'questionBank';
export const GROUP_TYPES: readonly GroupType[] = ['section', 'lesson', 'layer', 'template', 'slide', 'scene', 'question', 'questionBank'];

// ---------------------------------------------------------------------------------------------------------
// §3 the translation file (GET {cdn}/{translationFilePath})

export type TextType = 'text' | 'html' | 'playerJson';
export const TEXT_TYPES: readonly TextType[] = ['text', 'html', 'playerJson'];

/** Span style of Storyline player text: font, size, colour, bold, italic, underline... kept as given. */
export type SpanStyle = Record<string, string | number | boolean>;
/** §3 a styled span of playerJson text. */
export interface PlayerJsonSpan {
  text: string;
  style: SpanStyle;
}
/** §3 a block (paragraph) of playerJson text. */
export interface PlayerJsonBlock {
  spans: PlayerJsonSpan[];
  style?: SpanStyle;
}
/** §3 playerJson text: blocks of spans. A span's place is (blockIndex, spanIndex). */
export interface PlayerJsonText {
  blocks: PlayerJsonBlock[];
}
/** A segment's text: a string for text and html, blocks for playerJson. */
export type SegmentText = string | PlayerJsonText;

/** §3 Segment meta. */
export interface SegmentMeta {
  isAuthored?: boolean;
  correctAnswer?: boolean;
  /** Audio text (drawer): script, captions or transcript. */
  type?: 'script' | 'captions' | 'transcript';
  /** Rise timed text (captions with times): the editor refuses enter (§5). */
  timedText?: boolean;
}

/** A text segment of the file (§3 Segment, as stored). */
export interface TranslationItemNode {
  type: 'item';
  id: string;
  textType: TextType;
  source: SegmentText;
  /** The imported (machine or authoring) translation: the segment's originalTarget. */
  target: SegmentText;
  validationSegmentId: string;
  meta?: SegmentMeta;
  /** What the player needs to show the segment (slide id, lesson id, ...). */
  livePreviewData?: { slideId?: string; lessonId?: string } | null;
}

/** §3 Group meta. */
export interface GroupMeta {
  type: GroupType;
  typeIndex?: number;
  /** "1.3": scene 1, slide 3. */
  sceneSlideIndex?: string;
  courseOverview?: boolean;
  /** A slide that draws its questions from a question bank. */
  slideDraw?: { questionBankId: string; buttonTitle?: string };
}

/** A group of the file (§3 Group, as stored). */
export interface TranslationGroupNode {
  type: 'group';
  id: string;
  title: string;
  meta: GroupMeta;
  /** A slide-master / template group ("Slide Template"). */
  template?: boolean;
  children: TranslationNode[];
}

export type TranslationNode = TranslationItemNode | TranslationGroupNode;
export type TranslationProduct = 'storyline' | 'rise';

/** §3 Translation file. */
export interface TranslationFile {
  sourceLocale: string;
  targetLocale: string;
  /** The item version (1-based) the file was made from. */
  version: number;
  product: TranslationProduct;
  /** Storyline release that published the course ("3.91.31176.0"); absent for Rise. */
  storylineVersion?: string;
  /** The course as translated in this version. */
  children: TranslationNode[];
  /** The same course as the previous version had it (empty for a first version): for the version filters. */
  baseChildren: TranslationNode[];
  /** Ids of translation-memory reports. */
  translationMemoryReportIds: string[];
}

// ---------------------------------------------------------------------------------------------------------
// §3 validation changes and progress

/** §4 validation change status: a user's edit is pending; completing its group accepts it; approved is accepted's other reading. */
export type ValidationChangeStatus = 'pending' | 'accepted' | 'approved';

/** §3 Validation change (replacement), keyed by the segment's path key. `newValue` is decoded text (playerJson: its JSON). */
export interface ValidationChange {
  validationSegmentId: string;
  status: ValidationChangeStatus;
  replacement: { newValue: string; unsavedValue?: string | null };
  forceUpdate?: boolean;
  /** The user id of whoever saved it. */
  proposedBy: string;
  proposedAt: string;
  lastAcceptedDate: string | null;
  lastAcceptedBy: string | null;
  suggestionModel?: string | null;
}

/** §3 progressDetails: a nav group marked complete (keyed by the group's path key). */
export interface ProgressDetail {
  userId: string;
  updatedAt: string;
  isCourseUpdate: boolean;
}

/** §3 profiles: names of the people who edited or completed. */
export interface TranslationProfile {
  firstName: string;
  lastName: string;
}

/** Course updates per path. */
export type UpdateType = 'added' | 'changed' | 'removed';
