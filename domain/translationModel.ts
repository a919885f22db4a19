/**
 * The translation-file model (translation-editor §3 Translation file, Segment, Group; §2 segment table, filters,
 * stack; §9 group constants): parsing an untrusted file, flattening it into segments with their paths and nav
 * paths, the UI groups (scene, slide, layer, question, question bank, section, lesson, templates, special slides,
 * course overview), the segment filters, and the rows of the segment table with collapsed groups.
 *
 * Built once per file (20,000 segments in well under 200 ms: one pass, no per-segment allocations beyond the
 * segment itself); rows are recomputed on filter, collapse or change updates (one pass over the segments).
 */
import {
  COURSE_OVERVIEW_IDS,
  DEFAULT_SCENE_DISPLAY_TITLE,
  DEFAULT_SCENE_TITLE,
  GROUP_TYPES,
  SLIDE_TEMPLATE_TITLE,
  SPECIAL_SLIDE_IDS,
  TEXT_TYPES,
  pathKey,
  type GroupMeta,
  type GroupType,
  type LanguageMap,
  type LanguageMapEntry,
  type ProgressDetail,
  type SegmentMeta,
  type SegmentText,
  type TextType,
  type TranslationFile,
  type TranslationGroupNode,
  type TranslationItemNode,
  type TranslationNode,
  type TranslationProduct,
  type UpdateType,
  type ValidationChange,
} from './translation.ts';
import { deserializeSegmentText, isEdited, plainText } from './translationEdits.ts';
import { fnv1a64 } from './hash.ts';
import { LOG_DIGEST } from './redaction.ts';

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


// ---------------------------------------------------------------------------------------------------------
// Parsing

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const PRODUCTS: readonly TranslationProduct[] = ['storyline', 'rise'];

/** Names a node for an error: the ids down to it, with `#index` where an id is unusable. */
function where(list: string, trail: readonly string[]): string {
  return trail.length === 0 ? list : `${list} ${pathKey(trail)}`;
}

function fail(list: string, trail: readonly string[], message: string): never {
  throw new TranslationFileError(`${where(list, trail)}: ${message}`);
}

function checkSegmentText(value: unknown, textType: TextType, field: string, list: string, trail: readonly string[]): void {
  if (textType !== 'playerJson') {
    if (typeof value !== 'string') fail(list, trail, `${field} of a ${textType} item must be a string`);
    return;
  }
  if (!isObject(value) || !Array.isArray(value.blocks)) fail(list, trail, `${field} of a playerJson item must be { blocks: [...] }`);
  const blocks = value.blocks as unknown[];
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b];
    if (!isObject(block) || !Array.isArray(block.spans)) fail(list, trail, `${field}.blocks[${b}] must be { spans: [...] }`);
    if (block.style !== undefined && !isObject(block.style)) fail(list, trail, `${field}.blocks[${b}].style must be an object`);
    const spans = block.spans as unknown[];
    for (let s = 0; s < spans.length; s++) {
      const span = spans[s];
      if (!isObject(span)) fail(list, trail, `${field}.blocks[${b}].spans[${s}] must be an object`);
      if (typeof span.text !== 'string') fail(list, trail, `playerJson span without text at ${field}.blocks[${b}].spans[${s}]`);
      if (!isObject(span.style)) fail(list, trail, `playerJson span without a style object at ${field}.blocks[${b}].spans[${s}]`);
    }
  }
}

/** Checks a list of nodes in place (no copies, no closures: the file can hold 20,000 segments). */
function checkNodes(raw: unknown, list: string, trail: string[]): void {
  if (!Array.isArray(raw)) fail(list, trail, 'children must be an array');
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i++) {
    const node: unknown = raw[i];
    const id = isObject(node) && isNonEmptyString(node.id) ? node.id : null;
    trail.push(id ?? `#${i}`);
    if (!isObject(node)) fail(list, trail, 'a node must be an object');
    if (id === null) fail(list, trail, 'a node needs a non-empty string id');
    if (seen.has(id)) fail(list, trail, `duplicate id "${id}" among siblings`);
    seen.add(id);
    if (node.type === 'item') {
      const textType = node.textType;
      if (textType !== 'text' && textType !== 'html' && textType !== 'playerJson') fail(list, trail, `textType must be one of ${TEXT_TYPES.join(', ')}`);
      checkSegmentText(node.source, textType, 'source', list, trail);
      checkSegmentText(node.target, textType, 'target', list, trail);
      if (!isNonEmptyString(node.validationSegmentId)) fail(list, trail, 'an item needs a validationSegmentId');
      if (node.meta !== undefined && node.meta !== null && !isObject(node.meta)) fail(list, trail, 'item meta must be an object');
      if (node.livePreviewData !== undefined && node.livePreviewData !== null && !isObject(node.livePreviewData)) fail(list, trail, 'livePreviewData must be an object or null');
    } else if (node.type === 'group') {
      if (typeof node.title !== 'string') fail(list, trail, 'a group needs a string title');
      if (!isObject(node.meta) || !GROUP_TYPES.includes(node.meta.type as GroupType)) fail(list, trail, `group meta.type must be one of ${GROUP_TYPES.join(', ')}`);
      const slideDraw = node.meta.slideDraw;
      if (slideDraw !== undefined && (!isObject(slideDraw) || !isNonEmptyString(slideDraw.questionBankId))) fail(list, trail, 'meta.slideDraw needs a questionBankId');
      if (node.template !== undefined && typeof node.template !== 'boolean') fail(list, trail, 'template must be a boolean');
      checkNodes(node.children, list, trail);
    } else {
      fail(list, trail, `node type must be "item" or "group", got ${JSON.stringify(node.type) ?? 'nothing'}`);
    }
    trail.pop();
  }
}

/**
 * Parses an untrusted translation file (JSON already decoded). Checks every field the model reads (locales,
 * version, product, node types, ids unique among siblings, text types with their text shapes, playerJson blocks of
 * spans with string text and object style) and throws {@link TranslationFileError} naming the first problem.
 * A missing baseChildren or translationMemoryReportIds reads as empty (a first version has no base).
 */
export function parseTranslationFile(raw: unknown): TranslationFile {
  if (!isObject(raw)) throw new TranslationFileError('The translation file is not a JSON object');
  if (!isNonEmptyString(raw.sourceLocale)) throw new TranslationFileError('sourceLocale must be a non-empty string');
  if (!isNonEmptyString(raw.targetLocale)) throw new TranslationFileError('targetLocale must be a non-empty string');
  if (typeof raw.version !== 'number' || !Number.isInteger(raw.version) || raw.version < 1) throw new TranslationFileError('version must be a positive integer');
  if (!PRODUCTS.includes(raw.product as TranslationProduct)) throw new TranslationFileError(`product must be one of ${PRODUCTS.join(', ')}`);
  if (raw.storylineVersion !== undefined && raw.storylineVersion !== null && typeof raw.storylineVersion !== 'string') throw new TranslationFileError('storylineVersion must be a string');
  const reports = raw.translationMemoryReportIds ?? [];
  if (!Array.isArray(reports) || !reports.every((id) => typeof id === 'string')) throw new TranslationFileError('translationMemoryReportIds must be an array of strings');
  checkNodes(raw.children, 'children', []);
  const baseChildren = raw.baseChildren ?? [];
  checkNodes(baseChildren, 'baseChildren', []);
  const file: TranslationFile = {
    sourceLocale: raw.sourceLocale,
    targetLocale: raw.targetLocale,
    version: raw.version,
    product: raw.product as TranslationProduct,
    children: raw.children as TranslationNode[],
    baseChildren: baseChildren as TranslationNode[],
    translationMemoryReportIds: reports as string[],
  };
  if (typeof raw.storylineVersion === 'string') file.storylineVersion = raw.storylineVersion;
  return file;
}

// ---------------------------------------------------------------------------------------------------------
// The model

const NAV_GROUP_TYPES: ReadonlySet<GroupType> = new Set<GroupType>(['slide', 'question', 'template', 'lesson']);
const SPECIAL_TITLES: Record<(typeof SPECIAL_SLIDE_IDS)[number], string> = { menu: 'Menu', resources: 'Resources', glossary: 'Glossary' };
const COURSE_OVERVIEW_TITLE = 'Course overview';
/** The last path part of a synthetic nav group (items directly under a scene, a section or the root). */
export const SYNTHETIC_NAV_ID = '#items';

const isSpecialSlide = (id: string): id is (typeof SPECIAL_SLIDE_IDS)[number] => (SPECIAL_SLIDE_IDS as readonly string[]).includes(id);
const isCourseOverview = (node: TranslationGroupNode) => node.meta.courseOverview === true || (COURSE_OVERVIEW_IDS as readonly string[]).includes(node.id);
const isTemplateGroup = (node: TranslationGroupNode) => node.template === true || node.meta.type === 'template';

/** Nav groups: slide, question, template, lesson, the special slides and the course overview (never nested). */
function isNavNode(node: TranslationGroupNode): boolean {
  return NAV_GROUP_TYPES.has(node.meta.type) || isSpecialSlide(node.id) || isCourseOverview(node);
}

function displayTitle(node: TranslationGroupNode, insideTemplate: boolean): string {
  const title = node.title;
  if (node.meta.type === 'scene' && title === DEFAULT_SCENE_TITLE) return DEFAULT_SCENE_DISPLAY_TITLE;
  if (isTemplateGroup(node) && !insideTemplate) return SLIDE_TEMPLATE_TITLE;
  if (title.trim() === '') {
    if (isSpecialSlide(node.id)) return SPECIAL_TITLES[node.id];
    if (isCourseOverview(node)) return COURSE_OVERVIEW_TITLE;
  }
  return title;
}

/**
 * The key of a child from its parent's key, equal to pathKey([...parentPath, id]) without re-serializing the
 * parent's path (the parent key of the root is null).
 */
function childKey(parentKey: string | null, id: string): string {
  return parentKey === null ? `[${JSON.stringify(id)}]` : `${parentKey.slice(0, -1)},${JSON.stringify(id)}]`;
}

/** The previous version's plain texts by path key. */
function baseTexts(nodes: readonly TranslationNode[], parentKey: string | null, out: Map<string, { sourceText: string; targetText: string }>): void {
  for (const node of nodes) {
    const key = childKey(parentKey, node.id);
    if (node.type === 'item') out.set(key, { sourceText: plainText(node.source, node.textType), targetText: plainText(node.target, node.textType) });
    else baseTexts(node.children, key, out);
  }
}

interface Frame {
  group: UiGroup | null;
  path: string[];
  /** pathKey(path), null at the root. */
  key: string | null;
  /** Keys of the groups down to here (shared by every segment directly inside). */
  uiGroups: string[];
  nav: UiGroup | null;
  template: boolean;
  /** The synthetic nav group of items directly in this frame (made on the first such item). */
  synthetic: { group: UiGroup; uiGroups: string[] } | null;
}

/**
 * Builds the model (§3, §9): segments with path, navPath and uiGroups; groups with display titles; nav groups in
 * document order. Nav groups: Storyline slide, question and template groups and the special slides (menu,
 * resources, glossary, by id); Rise lessons and the course overview (ids overview / course, or meta.courseOverview).
 * Scenes, sections and question banks hold nav groups; layers sit inside slides. A slide-draw slide whose
 * question bank is missing is reported. Items outside every group are kept in a synthetic "Global" nav group and reported.
 *
 * Items outside every nav group (directly in a scene, a section, or at the root) get a synthetic nav group for
 * their parent: path `[...parentPath, '#items']` ({@link SYNTHETIC_NAV_ID}), the parent's display title ("Global" at
 * the root), type slide (lesson for Rise), placed where the first such item is; the segments' own paths are
 * unchanged. Only root items count as "not part of any uiGroup".
 */
export function buildTranslationModel(file: TranslationFile): { model: TranslationModel; problems: ModelProblems } {
  const base = new Map<string, { sourceText: string; targetText: string }>();
  baseTexts(file.baseChildren, null, base);
  const segments: Segment[] = [];
  const segmentsByKey = new Map<string, Segment>();
  const keysBySegmentId = new Map<string, string>();
  const groups = new Map<string, UiGroup>();
  const rootKeys: string[] = [];
  const navKeys: string[] = [];
  const emptyTargetKeys: string[] = [];
  const slideDraws: UiGroup[] = [];
  const bankIds = new Set<string>();
  let rootItems = 0;

  const addChildKey = (parent: UiGroup | null, key: string) => (parent ? parent.childKeys.push(key) : rootKeys.push(key));
  const markFilterable = (group: UiGroup) => {
    for (let g: UiGroup | undefined = group; g && !g.canFilter; g = g.parentKey === null ? undefined : groups.get(g.parentKey)) g.canFilter = true;
  };
  const syntheticFor = (frame: Frame) => {
    if (frame.synthetic) return frame.synthetic;
    const path = [...frame.path, SYNTHETIC_NAV_ID];
    const key = childKey(frame.key, SYNTHETIC_NAV_ID);
    const type: GroupType = file.product === 'rise' ? 'lesson' : 'slide';
    const group: UiGroup = {
      type: 'group',
      id: SYNTHETIC_NAV_ID,
      path,
      key,
      title: frame.group ? frame.group.title : DEFAULT_SCENE_DISPLAY_TITLE,
      groupType: type,
      meta: { type },
      template: frame.template,
      navKey: key,
      isNav: true,
      depth: frame.group ? frame.group.depth + 1 : 0,
      parentKey: frame.group ? frame.group.key : null,
      childKeys: [],
      segmentKeys: [],
      canFilter: false,
    };
    groups.set(key, group);
    addChildKey(frame.group, key);
    navKeys.push(key);
    frame.synthetic = { group, uiGroups: [...frame.uiGroups, key] };
    return frame.synthetic;
  };

  const walk = (nodes: readonly TranslationNode[], frame: Frame) => {
    for (const node of nodes) {
      const path = [...frame.path, node.id];
      const key = childKey(frame.key, node.id);
      if (node.type === 'item') {
        let holder = frame.group;
        let nav = frame.nav;
        let uiGroups = frame.uiGroups;
        if (nav === null) {
          const synthetic = syntheticFor(frame);
          holder = nav = synthetic.group;
          uiGroups = synthetic.uiGroups;
          if (frame.group === null) rootItems++;
        }
        segments.push(makeSegment(node, path, key, nav, uiGroups, frame.template));
        const segment = segments[segments.length - 1]!;
        segmentsByKey.set(segment.key, segment);
        keysBySegmentId.set(segment.validationSegmentId, segment.key);
        if (segment.originalTargetText.trim() === '') emptyTargetKeys.push(segment.key);
        holder!.segmentKeys.push(segment.key);
        if (!holder!.canFilter) markFilterable(holder!);
        continue;
      }
      const isNav = frame.nav === null && isNavNode(node);
      const template = frame.template || isTemplateGroup(node);
      const group: UiGroup = {
        type: 'group',
        id: node.id,
        path,
        key,
        title: displayTitle(node, frame.template),
        groupType: node.meta.type,
        meta: node.meta,
        template,
        navKey: isNav ? key : (frame.nav?.key ?? null),
        isNav,
        depth: frame.group ? frame.group.depth + 1 : 0,
        parentKey: frame.group ? frame.group.key : null,
        childKeys: [],
        segmentKeys: [],
        canFilter: false,
      };
      groups.set(key, group);
      addChildKey(frame.group, key);
      if (isNav) navKeys.push(key);
      if (node.meta.slideDraw) slideDraws.push(group);
      if (node.meta.type === 'questionBank') bankIds.add(node.id);
      walk(node.children, { group, path, key, uiGroups: [...frame.uiGroups, key], nav: isNav ? group : frame.nav, template, synthetic: null });
    }
  };

  const makeSegment = (node: TranslationItemNode, path: string[], key: string, nav: UiGroup, uiGroups: string[], template: boolean): Segment => {
    return {
      type: 'item',
      id: node.id,
      path,
      key,
      navPath: nav.path,
      navKey: nav.key,
      textType: node.textType,
      source: node.source,
      originalTarget: node.target,
      sourceText: plainText(node.source, node.textType),
      originalTargetText: plainText(node.target, node.textType),
      validationSegmentId: node.validationSegmentId,
      meta: node.meta ?? {},
      livePreviewData: node.livePreviewData ?? null,
      template,
      uiGroups,
      base: base.get(key) ?? null,
    };
  };

  walk(file.children, { group: null, path: [], key: null, uiGroups: [], nav: null, template: false, synthetic: null });

  const missingQuestionBanks = slideDraws.filter((g) => !bankIds.has(g.meta.slideDraw!.questionBankId)).map((g) => g.key);
  // The event log hashes contexts on every change; the model derives from the recorded file, so a digest of its
  // segments (paths, ids, text lengths) stands for it instead of a full hash of 20,000 segments (domain/redaction.ts).
  const digest = fnv1a64(`${file.sourceLocale}>${file.targetLocale}@${file.version}|${segments.map((s) => `${s.key}${s.validationSegmentId}:${s.sourceText.length}:${s.originalTargetText.length}`).join('|')}|${navKeys.join('|')}`);
  return {
    model: {
      [LOG_DIGEST]: `model:${digest}`,
      sourceLocale: file.sourceLocale,
      targetLocale: file.targetLocale,
      version: file.version,
      product: file.product,
      storylineVersion: file.storylineVersion ?? null,
      segments,
      segmentsByKey,
      keysBySegmentId,
      groups,
      rootKeys,
      navKeys,
      emptyTargetKeys,
    },
    problems: { notInUiGroup: rootItems > 0 ? { count: rootItems, total: segments.length } : null, missingQuestionBanks },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Filters and rows

/** §2 segment filters (with updatesFromPreviousVersion). The default is all. */
export type SegmentFilter =
  | 'all'
  | 'accepted'
  | 'edited'
  | 'changed'
  | 'addedInCurrentVersion'
  | 'changedFromPreviousVersion'
  | 'unimportedFromPreviousVersion'
  | 'updatesFromPreviousVersion';
export const SEGMENT_FILTERS: readonly SegmentFilter[] = [
  'all',
  'accepted',
  'edited',
  'changed',
  'addedInCurrentVersion',
  'changedFromPreviousVersion',
  'unimportedFromPreviousVersion',
  'updatesFromPreviousVersion',
];

const isAccepted = (change: ValidationChange | undefined) => change?.status === 'accepted' || change?.status === 'approved';

/**
 * Whether a segment passes a filter: accepted (its change is accepted or approved), edited (translationEdits
 * isEdited), changed (edited or accepted), added in the current version (no base), changed from the previous
 * version (base source differs), unimported from the previous version ({@link isUnimportedChange}: the previous
 * version's validated edit that this version's file does not carry, as the version diff's UnimportedChange;
 * `previousChanges` are the previous version's validation changes, default none), updates from the previous version
 * (the course updates mark the segment added or changed; `updates` defaults to none).
 */
export function matchesFilter(
  segment: Segment,
  change: ValidationChange | undefined,
  filter: SegmentFilter,
  updates?: Readonly<Record<string, UpdateType>>,
  previousChanges?: Readonly<Record<string, ValidationChange>>,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'accepted':
      return isAccepted(change);
    case 'edited':
      return isEdited(change, segment.originalTarget, segment.textType);
    case 'changed':
      return isAccepted(change) || isEdited(change, segment.originalTarget, segment.textType);
    case 'addedInCurrentVersion':
      return segment.base === null;
    case 'changedFromPreviousVersion':
      return segment.base !== null && segment.base.sourceText !== segment.sourceText;
    case 'unimportedFromPreviousVersion':
      return segment.base !== null && previousChanges !== undefined && has(previousChanges, segment.key)
        ? isUnimportedChange(segment, { sourceText: segment.base.sourceText, targetText: storedTargetText(segment, previousChanges[segment.key]!) }, previousChanges[segment.key], change)
        : false;
    case 'updatesFromPreviousVersion': {
      const type = updates !== undefined && has(updates, segment.key) ? updates[segment.key] : undefined;
      return type === 'added' || type === 'changed';
    }
  }
}

/** The plain text of a segment's target with a change on top (the change's value, else the file's target). */
function storedTargetText(segment: Segment, change: ValidationChange | undefined): string {
  if (!change) return segment.originalTargetText;
  const text = deserializeSegmentText(change.replacement.newValue, segment.textType);
  return text === null ? change.replacement.newValue : plainText(text, segment.textType);
}

/**
 * §3 Version diff reason UnimportedChange (translation-editor §4, §5): the segment has the previous version's source,
 * the previous version had a validation change there (its validated edit, `previousTarget` the previous version's
 * target with it), this version's file target does not carry that text (the edit was not imported), and this
 * version's own target (its change, else the file's) does not match it either. One rule for the segment filter
 * "unimported from previous version" and the version diff, so that they list the same segments.
 */
export function isUnimportedChange(
  segment: Segment,
  previous: { sourceText: string; targetText: string },
  previousChange: ValidationChange | undefined,
  change: ValidationChange | undefined,
): boolean {
  if (previousChange === undefined || previous.sourceText !== segment.sourceText) return false;
  if (previous.targetText === segment.originalTargetText) return false;
  return storedTargetText(segment, change) !== previous.targetText;
}

/** A row of the segment table. */
export type TableRow =
  | { kind: 'group'; key: string; depth: number; collapsed: boolean; isNav: boolean; complete: boolean; segmentCount: number }
  | { kind: 'segment'; key: string; depth: number };

const has = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/**
 * The rows of the segment table (§2): group headers and segment rows in document order, depth-first; a collapsed
 * group shows its header only; with a filter other than all, only matching segments and the groups that hold one
 * (segmentCount counts the matching segments below a group). `complete` says whether a nav group has progress.
 * Groups without segments (none at all, or none matching) have no row. One pass to count, one to emit; siblings
 * share their uiGroups array, so runs of them cost one comparison each.
 */
export function tableRows(
  model: TranslationModel,
  options: {
    filter: SegmentFilter;
    changes: Readonly<Record<string, ValidationChange>>;
    collapsed: ReadonlySet<string>;
    progress: Readonly<Record<string, ProgressDetail>>;
    /** Course updates by path key (updatesFromPreviousVersion filter); default none. */
    updates?: Readonly<Record<string, UpdateType>>;
    /** The previous version's validation changes by path key (the unimportedFromPreviousVersion filter); default none. */
    previousChanges?: Readonly<Record<string, ValidationChange>>;
  },
): TableRow[] {
  const { filter, changes, collapsed, progress, previousChanges } = options;
  const updates = options.updates ?? {};
  const matching: Segment[] =
    filter === 'all' ? model.segments : model.segments.filter((s) => matchesFilter(s, has(changes, s.key) ? changes[s.key] : undefined, filter, updates, previousChanges));

  // Counts per group, flushed once per run of segments with the same uiGroups array.
  const counts = new Map<string, number>();
  let runChain: string[] | null = null;
  let run = 0;
  const flush = () => {
    if (runChain) for (const key of runChain) counts.set(key, (counts.get(key) ?? 0) + run);
  };
  for (const segment of matching) {
    if (segment.uiGroups !== runChain) {
      flush();
      runChain = segment.uiGroups;
      run = 0;
    }
    run++;
  }
  flush();

  const rows: TableRow[] = [];
  let shown: string[] = [];
  let lastChain: string[] | null = null;
  let lastHidden = false;
  for (const segment of matching) {
    const chain = segment.uiGroups;
    if (chain === lastChain) {
      if (!lastHidden) rows.push({ kind: 'segment', key: segment.key, depth: chain.length });
      continue;
    }
    lastChain = chain;
    // Headers down to the first collapsed group; the segment shows only when none is collapsed.
    let end = chain.length;
    let hidden = false;
    for (let i = 0; i < chain.length; i++) {
      if (collapsed.has(chain[i]!)) {
        end = i + 1;
        hidden = true;
        break;
      }
    }
    let common = 0;
    while (common < end && common < shown.length && shown[common] === chain[common]) common++;
    for (let i = common; i < end; i++) {
      const group = model.groups.get(chain[i]!)!;
      rows.push({ kind: 'group', key: group.key, depth: i, collapsed: collapsed.has(group.key), isNav: group.isNav, complete: group.isNav && has(progress, group.key), segmentCount: counts.get(group.key) ?? 0 });
    }
    shown = end === chain.length ? chain : chain.slice(0, end);
    lastHidden = hidden;
    if (!lastHidden) rows.push({ kind: 'segment', key: segment.key, depth: chain.length });
  }
  return rows;
}

/** The nav group before or after `navKey` (null at either end, or when `navKey` is not a nav group). */
export function adjacentNavKey(model: TranslationModel, navKey: string, direction: -1 | 1): string | null {
  const index = model.navKeys.indexOf(navKey);
  if (index === -1) return null;
  return model.navKeys[index + direction] ?? null;
}

/** Progress per nav group for the slide-progress flyout: complete count over all, and each group's state. */
export function progressSummary(model: TranslationModel, progress: Readonly<Record<string, ProgressDetail>>): { complete: number; total: number } {
  let complete = 0;
  for (const key of model.navKeys) if (has(progress, key)) complete++;
  return { complete, total: model.navKeys.length };
}

const ENTRY_FIELDS = ['authorDisplayName', 'ISO639_1', 'script', 'variant'] as const;

/** Parses an untrusted language map (§3); throws {@link TranslationFileError} when it is not an object of entries with a displayName. Keys are lower-cased. */
export function parseLanguageMap(raw: unknown): LanguageMap {
  if (!isObject(raw)) throw new TranslationFileError('The language map is not a JSON object');
  const map: LanguageMap = {};
  for (const [code, value] of Object.entries(raw)) {
    if (!isObject(value)) throw new TranslationFileError(`language map entry "${code}" is not an object`);
    if (!isNonEmptyString(value.displayName)) throw new TranslationFileError(`language map entry "${code}" needs a displayName`);
    const entry: LanguageMapEntry = { displayName: value.displayName };
    for (const field of ENTRY_FIELDS) {
      const v = value[field];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') throw new TranslationFileError(`language map entry "${code}": ${field} must be a string`);
      entry[field] = v;
    }
    map[code.toLowerCase()] = entry;
  }
  return map;
}
