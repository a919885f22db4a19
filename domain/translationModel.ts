/**
 * The translation-file model (translation-editor §3 Translation file, Segment, Group; §2 segment table, filters,
 * stack; §9 group constants): parsing an untrusted file, flattening it into segments with their paths and nav
 * paths, the UI groups (scene, slide, layer, question, question bank, section, lesson, templates, special slides,
 * course overview), the segment filters, and the rows of the segment table with collapsed groups.
 *
 * Built once per file, in one pass that allocates little beyond the segment itself (the build runs once per load,
 * mostly before the engine has optimized it): the previous version is walked beside the file, the index by validation
 * segment id is made when first read, the log digest is mixed in as the walk goes. Rows
 * are recomputed on filter, collapse or change updates (one pass over the segments).
 */
import {
  COURSE_OVERVIEW_IDS,
  DEFAULT_SCENE_DISPLAY_TITLE,
  DEFAULT_SCENE_TITLE,
  SLIDE_TEMPLATE_TITLE,
  SPECIAL_SLIDE_IDS,
  type GroupType,
  type ProgressDetail,
  type TranslationFile,
  type TranslationGroupNode,
  type TranslationItemNode,
  type TranslationNode,
  type UpdateType,
  type ValidationChange,
} from './translation.ts';
import { deserializeSegmentText, isEdited, plainText } from './translationEdits.ts';
import { fnv1a64Digest, fnv1a64Start, fnv1a64Update } from './hash.ts';
import { LOG_DIGEST } from './redaction.ts';
import type { Segment, UiGroup, TranslationModel, ModelProblems } from './translationModelTypes.ts';

// Parsing (translationParse.ts) and the model's types (translationModelTypes.ts), re-exported.
export { TranslationFileError, parseTranslationFile, parseLanguageMap } from './translationParse.ts';
export type { Segment, UiGroup, TranslationModel, ModelProblems } from './translationModelTypes.ts';

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

/** The previous version's siblings that are long enough to be looked up by id through a map (built once per list). */
const BASE_INDEX_MIN = 16;
const baseIndexes = new WeakMap<readonly TranslationNode[], Map<string, TranslationNode>>();

/**
 * The node of the previous version at the same path as the `index`-th child `id`, among that version's siblings: the
 * one at the same index when the order is unchanged (the usual case), else found by id.
 */
function baseChild(siblings: readonly TranslationNode[] | null, index: number, id: string): TranslationNode | null {
  if (siblings === null) return null;
  const same = siblings[index];
  if (same !== undefined && same.id === id) return same;
  if (siblings.length < BASE_INDEX_MIN) {
    for (const node of siblings) if (node.id === id) return node;
    return null;
  }
  let byId = baseIndexes.get(siblings);
  if (byId === undefined) {
    byId = new Map();
    for (const node of siblings) byId.set(node.id, node);
    baseIndexes.set(siblings, byId);
  }
  return byId.get(id) ?? null;
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
  /** The previous version's children at the same path (null when that path is not a group there). */
  base: readonly TranslationNode[] | null;
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
  let keysBySegmentId: Map<string, string> | null = null;
  // The event log's fingerprint of the model (see the digest below), mixed in as the walk goes: no string per segment.
  const digest = fnv1a64Start();
  const mix = (text: string) => fnv1a64Update(digest, text, 0, text.length);
  mix(`${file.sourceLocale}>${file.targetLocale}@${file.version}|`);
  const segments: Segment[] = [];
  const segmentsByKey = new Map<string, Segment>();
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
    for (let index = 0; index < nodes.length; index++) {
      const node = nodes[index]!;
      const path = [...frame.path, node.id];
      const key = childKey(frame.key, node.id);
      const baseNode = baseChild(frame.base, index, node.id);
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
        const segment = makeSegment(node, path, key, nav, uiGroups, frame.template, baseNode !== null && baseNode.type === 'item' ? baseNode : null);
        segments.push(segment);
        segmentsByKey.set(key, segment);
        if (segment.originalTargetText.trim() === '') emptyTargetKeys.push(key);
        holder!.segmentKeys.push(key);
        if (!holder!.canFilter) markFilterable(holder!);
        // The segments' parts joined by '|', in document order, mixed in piece by piece: no string made per segment.
        if (segments.length > 1) mix('|');
        mix(key);
        mix(node.validationSegmentId);
        mix(':');
        mix(String(segment.sourceText.length));
        mix(':');
        mix(String(segment.originalTargetText.length));
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
      const baseChildren = baseNode !== null && baseNode.type === 'group' ? baseNode.children : null;
      walk(node.children, { group, path, key, uiGroups: [...frame.uiGroups, key], nav: isNav ? group : frame.nav, template, synthetic: null, base: baseChildren });
    }
  };

  const makeSegment = (node: TranslationItemNode, path: string[], key: string, nav: UiGroup, uiGroups: string[], template: boolean, baseNode: TranslationItemNode | null): Segment => {
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
      base: baseNode === null ? null : { sourceText: plainText(baseNode.source, baseNode.textType), targetText: plainText(baseNode.target, baseNode.textType) },
    };
  };

  walk(file.children, { group: null, path: [], key: null, uiGroups: [], nav: null, template: false, synthetic: null, base: file.baseChildren });
  mix('|');
  navKeys.forEach((navKey, index) => {
    if (index > 0) mix('|');
    mix(navKey);
  });

  const missingQuestionBanks = slideDraws.filter((g) => !bankIds.has(g.meta.slideDraw!.questionBankId)).map((g) => g.key);
  // The event log hashes contexts on every change; the model derives from the recorded file, so a digest of it stands
  // for it instead of a full hash of 20,000 segments (domain/redaction.ts): fnv1a64 of
  // `<source>><target>@<version>|<key><validation id>:<source length>:<target length>|…|<nav key>|…`, the segments in
  // document order. Mixed in piece by piece, it equals the hash of that whole text, so logs recorded by earlier builds
  // (which hashed the joined text) keep their context hashes on replay.
  return {
    model: {
      [LOG_DIGEST]: `model:${fnv1a64Digest(digest)}`,
      sourceLocale: file.sourceLocale,
      targetLocale: file.targetLocale,
      version: file.version,
      product: file.product,
      storylineVersion: file.storylineVersion ?? null,
      segments,
      segmentsByKey,
      // Read by the service (pushes and reads by validation segment id), not by the editor: made when first read.
      get keysBySegmentId() {
        return (keysBySegmentId ??= new Map(segments.map((segment) => [segment.validationSegmentId, segment.key])));
      },
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
