/**
 * What an export holds: every comment and reply of one item (all its versions, nothing of other items), read from
 * storage and put in the chosen order (review-and-content §9 orders): threads newest first (recent), by video time
 * (time), by the slide's place in the package (slide) or by the lesson's (lesson); replies oldest first under their
 * thread. Each comment carries what the CSV and the PDF show: place, author (anonymous reviewers by their e-mail),
 * times, resolved state, text with mentions as @Name, attachment names, and its snapshot (key and signed link).
 */
import type { CommentExportOrder } from '../../../domain/commentExport.ts';
import { formatVideoTime } from '../../../domain/commentExport.ts';
import type { VersionMeta } from '../../../domain/items.ts';
import type { RawContent } from '../../../domain/richText.ts';
import type { Db } from '../../db/database.ts';
import type { ItemRow } from '../../db/schema.ts';

export interface ExportSnapshot {
  key: string;
  isAnnotation: boolean;
  /** A signed, expiring download link of the image. */
  url: string;
}

export interface ExportComment {
  id: string;
  threadId: string;
  parentId: string | null;
  versionNumber: number;
  /** Slide or lesson title, or the video time ("1:05"), or '' when the comment has no place. */
  place: string;
  authorName: string;
  authorEmail: string;
  anonymous: boolean;
  createdAt: string;
  updatedAt: string;
  /** A thread's state; replies carry their parent's (§4 "replies inherit the parent's state"). */
  resolved: boolean;
  text: string;
  attachments: string[];
  snapshot: ExportSnapshot | null;
}

export interface ExportThread {
  comment: ExportComment;
  replies: ExportComment[];
}

/** A heading of the PDF and the threads under it. */
export interface ExportGroup {
  title: string;
  threads: ExportThread[];
}

export interface ExportData {
  item: { id: string; title: string; product: string };
  /** The latest version's number (the cover's "version"). */
  versionNumber: number;
  order: CommentExportOrder;
  generatedAt: string;
  counts: { threads: number; replies: number; resolved: number; open: number };
  groups: ExportGroup[];
}

interface StoredSnapshot {
  key: string;
  isAnnotation?: boolean;
}

/** The text with every mention written as @Name (blocks joined by newlines); the plain body when unreadable. */
export function textWithMentions(contentJson: string, body: string): string {
  let content: RawContent;
  try {
    content = JSON.parse(contentJson) as RawContent;
  } catch {
    return body;
  }
  if (!content || !Array.isArray(content.blocks)) return body;
  return content.blocks
    .map((block) => {
      let text = '';
      let at = 0;
      for (const range of [...block.entityRanges].sort((a, b) => a.offset - b.offset)) {
        const entity = content.entityMap[String(range.key)];
        if (!entity || range.offset < at || range.length <= 0 || range.offset + range.length > block.text.length) continue;
        text += `${block.text.slice(at, range.offset)}@${entity.data.name}`;
        at = range.offset + range.length;
      }
      return text + block.text.slice(at);
    })
    .join('\n');
}

function parseMeta(json: string | null): VersionMeta | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as VersionMeta;
  } catch {
    return null;
  }
}

/** Reads the item's comments in the chosen order; `signSnapshot` makes each snapshot's link. */
export async function collectExport(db: Db, row: ItemRow, order: CommentExportOrder, signSnapshot: (key: string) => string, now: Date): Promise<ExportData> {
  const versions = await db.selectFrom('item_versions').select(['id', 'seq', 'meta_json', 'state']).where('item_id', '=', row.id).orderBy('seq').execute();
  const numberOf = new Map(versions.map((version, index) => [version.id, index + 1]));
  const metas = new Map(versions.map((version) => [version.id, parseMeta(version.meta_json)]));
  const latestMeta = [...versions].reverse().map((version) => metas.get(version.id)).find((meta) => meta && (meta.slides.length > 0 || meta.lessons.length > 0)) ?? null;

  const rows = await db.selectFrom('comments').selectAll().where('item_id', '=', row.id).execute();
  const authorIds = [...new Set(rows.map((comment) => comment.user_aid).filter((aid): aid is string => aid !== null))];
  const users = new Map<string, { name: string; email: string }>();
  for (let i = 0; i < authorIds.length; i += 500) {
    const part = authorIds.slice(i, i + 500);
    for (const user of await db.selectFrom('users').select(['aid', 'first_name', 'last_name', 'email']).where('aid', 'in', part).execute()) {
      users.set(user.aid, { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email });
    }
  }
  const attachments = new Map<string, string[]>();
  const ids = rows.map((comment) => comment.id);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    for (const attachment of await db.selectFrom('comment_attachments').select(['comment_id', 'title']).where('comment_id', 'in', part).orderBy('created_at').execute()) {
      attachments.set(attachment.comment_id, [...(attachments.get(attachment.comment_id) ?? []), attachment.title]);
    }
  }

  /** A slide's or lesson's title and its position in the package (for the slide and lesson orders). */
  const placeOf = (versionId: string, slideId: string | null): { title: string; position: number } | null => {
    if (slideId === null) return null;
    for (const meta of [metas.get(versionId), latestMeta]) {
      if (!meta) continue;
      const slideAt = meta.slides.findIndex((slide) => slide.id === slideId);
      if (slideAt >= 0) {
        const slide = meta.slides[slideAt]!;
        return { title: slide.number ? `${slide.number} ${slide.title}` : slide.title, position: slideAt };
      }
      const lessonAt = meta.lessons.findIndex((lesson) => lesson.id === slideId);
      if (lessonAt >= 0) return { title: meta.lessons[lessonAt]!.title, position: lessonAt };
    }
    return { title: slideId, position: Number.MAX_SAFE_INTEGER };
  };

  const parents = new Map(rows.filter((comment) => comment.reply_to === null).map((comment) => [comment.id, comment]));
  const toExport = (comment: (typeof rows)[number]): ExportComment => {
    const parent = comment.reply_to === null ? comment : (parents.get(comment.reply_to) ?? comment);
    const user = comment.user_aid === null ? null : users.get(comment.user_aid);
    const stored = comment.snapshot_json === null ? null : (JSON.parse(comment.snapshot_json) as StoredSnapshot);
    const place = comment.current_time !== null ? formatVideoTime(comment.current_time) : (placeOf(comment.version_id, comment.slide_id)?.title ?? '');
    return {
      id: comment.id,
      threadId: parent.id,
      parentId: comment.reply_to,
      versionNumber: numberOf.get(comment.version_id) ?? 0,
      place,
      authorName: user?.name ?? (comment.user_email ? 'Anonymous reviewer' : 'Former user'),
      authorEmail: user?.email ?? comment.user_email ?? '',
      anonymous: comment.user_aid === null,
      createdAt: new Date(comment.created_at).toISOString(),
      updatedAt: new Date(comment.updated_at).toISOString(),
      resolved: parent.resolved === 1,
      text: textWithMentions(comment.content_json, comment.body),
      attachments: attachments.get(comment.id) ?? [],
      snapshot: stored && stored.key ? { key: stored.key, isAnnotation: stored.isAnnotation === true, url: signSnapshot(stored.key) } : null,
    };
  };

  const repliesOf = new Map<string, ExportComment[]>();
  for (const comment of rows) {
    if (comment.reply_to === null || !parents.has(comment.reply_to)) continue;
    repliesOf.set(comment.reply_to, [...(repliesOf.get(comment.reply_to) ?? []), toExport(comment)]);
  }
  const byTime = (a: ExportComment, b: ExportComment) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  const threads = [...parents.values()].map((parent) => ({
    comment: toExport(parent),
    replies: (repliesOf.get(parent.id) ?? []).sort(byTime),
    time: parent.current_time,
    position: placeOf(parent.version_id, parent.slide_id)?.position ?? null,
  }));

  const groups: ExportGroup[] = [];
  const push = (title: string, thread: ExportThread) => {
    const last = groups.at(-1);
    if (last && last.title === title) last.threads.push(thread);
    else groups.push({ title, threads: [thread] });
  };
  if (order === 'recent') {
    threads.sort((a, b) => byTime(b.comment, a.comment));
    for (const thread of threads) push(thread.comment.createdAt.slice(0, 10), thread);
  } else if (order === 'time') {
    threads.sort((a, b) => (a.time ?? Number.MAX_SAFE_INTEGER) - (b.time ?? Number.MAX_SAFE_INTEGER) || byTime(a.comment, b.comment));
    for (const thread of threads) push(thread.time === null ? 'No time' : `${formatVideoTime(Math.floor(thread.time / 60) * 60)} – ${formatVideoTime(Math.floor(thread.time / 60) * 60 + 59)}`, thread);
  } else {
    threads.sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.comment.place.localeCompare(b.comment.place) || byTime(a.comment, b.comment));
    for (const thread of threads) push(thread.comment.place || (order === 'slide' ? 'No slide' : 'No lesson'), thread);
  }

  const replies = threads.reduce((sum, thread) => sum + thread.replies.length, 0);
  const resolved = threads.filter((thread) => thread.comment.resolved).length;
  return {
    item: { id: row.id, title: row.title, product: row.product },
    versionNumber: versions.length,
    order,
    generatedAt: now.toISOString(),
    counts: { threads: threads.length, replies, resolved, open: threads.length - resolved },
    groups: groups.map((group) => ({ title: group.title, threads: group.threads.map(({ comment, replies: r }) => ({ comment, replies: r })) })),
  };
}

/** The export's comments as rows, each thread's comment followed by its replies. */
export function exportRows(data: ExportData): ExportComment[] {
  return data.groups.flatMap((group) => group.threads.flatMap((thread) => [thread.comment, ...thread.replies]));
}
