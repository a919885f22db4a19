/**
 * A comment's rich text (review-and-content §3 Comment `content`: "rich-text raw, entity map with mentions").
 * The raw form is the block list + entity map of the editors of record (Draft.js raw content): plain text per
 * block, mentions as entity ranges into that text. It is data, never markup: views render it as text nodes,
 * and nothing in it is ever injected as HTML. `body` (plain text) is derived from it.
 */
import { COMMENT_MAX_CHARS } from './constants.ts';

/** A mention entity: who was mentioned (an account id, or `anon|<email>` for an anonymous reviewer). */
export interface MentionEntity {
  type: 'mention';
  mutability: 'IMMUTABLE';
  data: { userId: string; email: string; name: string };
}

export interface EntityRange {
  /** Offset into the block's text, in UTF-16 code units. */
  offset: number;
  length: number;
  /** Key into the entity map. */
  key: number;
}

export interface RawBlock {
  key: string;
  text: string;
  type: 'unstyled';
  entityRanges: EntityRange[];
}

/** Raw rich-text content: one block per line (Shift+Enter starts a new block). */
export interface RawContent {
  blocks: RawBlock[];
  entityMap: Record<string, MentionEntity>;
}

/** The plain text of the content: the blocks' text joined by newlines (what `body` holds and what is counted). */
export function plainTextOf(content: RawContent): string {
  return content.blocks.map((block) => block.text).join('\n');
}

/** Characters as the 1,500 limit counts them: code points (an emoji is one). */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** A content made of plain text (lines become blocks; no mentions). Block keys are the line index. */
export function rawFromPlainText(text: string): RawContent {
  return { blocks: text.split('\n').map((line, i) => ({ key: `b${i}`, text: line, type: 'unstyled', entityRanges: [] })), entityMap: {} };
}

/** Every mention of the content, in order, with the text it covers. */
export function mentionsOf(content: RawContent): { userId: string; email: string; name: string; text: string }[] {
  const found: { userId: string; email: string; name: string; text: string }[] = [];
  for (const block of content.blocks) {
    for (const range of block.entityRanges) {
      const entity = content.entityMap[String(range.key)];
      if (entity?.type === 'mention') found.push({ ...entity.data, text: block.text.slice(range.offset, range.offset + range.length) });
    }
  }
  return found;
}

/** A piece of a block as a view renders it: plain text, or a mention chip. */
export type RichSegment = { kind: 'text'; text: string } | { kind: 'mention'; text: string; userId: string; email: string };

/** Splits a block into text and mention segments (ranges out of order or out of bounds are rendered as text). */
export function segmentsOf(content: RawContent, block: RawBlock): RichSegment[] {
  const segments: RichSegment[] = [];
  const ranges = [...block.entityRanges].sort((a, b) => a.offset - b.offset);
  let at = 0;
  for (const range of ranges) {
    const entity = content.entityMap[String(range.key)];
    if (!entity || range.offset < at || range.offset + range.length > block.text.length || range.length <= 0) continue;
    if (range.offset > at) segments.push({ kind: 'text', text: block.text.slice(at, range.offset) });
    segments.push({ kind: 'mention', text: block.text.slice(range.offset, range.offset + range.length), userId: entity.data.userId, email: entity.data.email });
    at = range.offset + range.length;
  }
  if (at < block.text.length) segments.push({ kind: 'text', text: block.text.slice(at) });
  return segments;
}

const SCRIPT_TAG = /<\s*\/?\s*script\b/i;
/** An opening tag with an on…= attribute: <img src=x onerror=…>, <svg/onload=…>. */
const EVENT_HANDLER_ATTRIBUTE = /<[a-z!][^>]*[\s/"']on[a-z]+\s*=/i;
const SCRIPT_URL = /\b(?:javascript|vbscript)\s*:/i;
const DANGEROUS_TAG = /<\s*(?:iframe|object|embed|link|meta|style|base|form)\b/i;

/**
 * Why a text may not be stored (§ "Bad input": a script tag or event-handler attribute in a comment, reply,
 * mention name or attachment title), or null when it may. Views never inject HTML anyway; the refusal keeps
 * such text out of the records other tools (exports, e-mails) read.
 */
export function unsafeMarkupIn(text: string): string | null {
  if (SCRIPT_TAG.test(text)) return 'a script tag';
  if (EVENT_HANDLER_ATTRIBUTE.test(text)) return 'an event-handler attribute';
  if (SCRIPT_URL.test(text)) return 'a script address';
  if (DANGEROUS_TAG.test(text)) return 'an embedded-content tag';
  return null;
}

/** The message shown (client) and answered (server) for text with unsafe markup. */
export function unsafeMarkupMessage(what: 'comment' | 'mention' | 'attachment', found: string): string {
  const subject = what === 'comment' ? 'Comments' : what === 'mention' ? 'Mention names' : 'Attachment names';
  return `${subject} cannot contain ${found}. Remove it and try again.`;
}

/** Why a comment's content cannot be posted or saved, or null (§5 comments). */
export type ContentProblem =
  | { kind: 'empty'; message: string }
  | { kind: 'tooLong'; message: string }
  | { kind: 'unsafe'; message: string }
  | { kind: 'malformed'; message: string };

/** The §5 rules for a comment's content: not empty or whitespace-only, at most 1,500 characters, no unsafe markup (text and mention names). */
export function contentProblem(content: RawContent): ContentProblem | null {
  const text = plainTextOf(content);
  if (!text.trim()) return { kind: 'empty', message: 'Write a comment first.' };
  if (countCharacters(text) > COMMENT_MAX_CHARS) return { kind: 'tooLong', message: `Comments can be at most ${COMMENT_MAX_CHARS} characters.` };
  const unsafe = unsafeMarkupIn(text);
  if (unsafe) return { kind: 'unsafe', message: unsafeMarkupMessage('comment', unsafe) };
  for (const mention of mentionsOf(content)) {
    const bad = unsafeMarkupIn(mention.name) ?? unsafeMarkupIn(mention.email);
    if (bad) return { kind: 'unsafe', message: unsafeMarkupMessage('mention', bad) };
  }
  return null;
}

/** Whether an unknown value is well-formed raw content (types, ranges inside their block, entity keys present). */
export function isRawContent(value: unknown): value is RawContent {
  if (typeof value !== 'object' || value === null) return false;
  const { blocks, entityMap } = value as Partial<RawContent>;
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > COMMENT_MAX_CHARS + 1) return false;
  if (typeof entityMap !== 'object' || entityMap === null || Array.isArray(entityMap)) return false;
  for (const entity of Object.values(entityMap) as unknown[]) {
    const e = entity as Partial<MentionEntity> | null;
    if (typeof e !== 'object' || e === null || e.type !== 'mention' || typeof e.data !== 'object' || e.data === null) return false;
    const { userId, email, name } = e.data;
    if (typeof userId !== 'string' || typeof email !== 'string' || typeof name !== 'string' || name.length > 200 || email.length > 254 || userId.length > 300) return false;
  }
  for (const block of blocks as unknown[]) {
    const b = block as Partial<RawBlock> | null;
    if (typeof b !== 'object' || b === null || typeof b.key !== 'string' || typeof b.text !== 'string' || b.type !== 'unstyled' || !Array.isArray(b.entityRanges)) return false;
    for (const range of b.entityRanges as unknown[]) {
      const r = range as Partial<EntityRange> | null;
      if (typeof r !== 'object' || r === null) return false;
      if (!Number.isInteger(r.offset) || !Number.isInteger(r.length) || !Number.isInteger(r.key)) return false;
      if (r.offset! < 0 || r.length! <= 0 || r.offset! + r.length! > b.text.length || !(String(r.key) in entityMap)) return false;
    }
  }
  return true;
}
