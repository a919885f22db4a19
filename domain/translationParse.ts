/**
 * Parsing untrusted translation-editor input (split from translationModel.ts, which re-exports it): the translation
 * file (§3 Translation file, Segment, Group) and the language map, with {@link TranslationFileError} naming the first
 * problem (the loading messages of §8 follow).
 */
import {
  GROUP_TYPES,
  TEXT_TYPES,
  pathKey,
  type GroupType,
  type LanguageMap,
  type LanguageMapEntry,
  type TextType,
  type TranslationFile,
  type TranslationNode,
  type TranslationProduct,
} from './translation.ts';

/** Thrown when a translation file (or a language map) is not usable: the loading messages of §8 follow. */
export class TranslationFileError extends Error {
  override name = 'TranslationFileError';
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
