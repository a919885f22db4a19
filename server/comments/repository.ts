/**
 * Comments in storage and on the wire (domain/comments.ts CommentRecord): reads, and the derived fields every
 * answer and push carries (isParent, the thread's resolved state, userKey, readBy with the author, the author's
 * profile, archiveVersionId, signed attachment and snapshot links, the record's hash).
 */
import type { CommentAttachment, CommentProfile, CommentRecord, CommentSnapshot } from '../../domain/comments.ts';
import type { CommentAnnotation } from '../../domain/commentSnapshots.ts';
import { hashValue } from '../../domain/hash.ts';
import type { RawContent } from '../../domain/richText.ts';
import type { AvatarUrl } from '../content/repository.ts';
import { versionsOf } from '../content/versionRepository.ts';
import type { Db } from '../db/database.ts';
import type { CommentAttachmentRow, CommentRow } from '../db/schema.ts';
import type { CommentFiles } from './common.ts';

/** What a stored snapshot holds (snapshot_json). */
export interface StoredSnapshot {
  key: string;
  width: number;
  height: number;
  isAnnotation: boolean;
  /** An annotated snapshot's shapes (checked with domain annotationProblem before they are stored). */
  annotation?: CommentAnnotation;
  /** An annotated snapshot's clean background (PNG), when it was uploaded with it. */
  backgroundKey?: string;
}

/**
 * The server's record: the wire's CommentRecord plus `snapshotToUpload` (true while the snapshot announced
 * with `withSnapshot` has not arrived; the §3 Comment field of that name).
 */
export type ServerCommentRecord = CommentRecord & { snapshotToUpload: boolean };

/** What building records needs. */
export interface RecordDeps {
  files: Pick<CommentFiles, 'signDownload'>;
  avatarUrl: AvatarUrl;
}

/** The author's key as the rules and readBy use it: the account id, or anon|<email>. */
export function authorKeyOf(row: Pick<CommentRow, 'user_aid' | 'user_email'>): string {
  return row.user_aid ?? `anon|${row.user_email ?? ''}`;
}

/** The item's latest ready version id: the one new comments must name, and the one comments are current on. */
export async function latestReadyVersionId(db: Db, itemId: string): Promise<string | null> {
  const versions = await versionsOf(db, itemId);
  return versions.filter((v) => v.state === 'ready').at(-1)?.id ?? null;
}

/** Every comment of an item, oldest first. */
export async function commentRowsOf(db: Db, itemId: string): Promise<CommentRow[]> {
  return db.selectFrom('comments').selectAll().where('item_id', '=', itemId).orderBy('created_at').orderBy('id').execute();
}

/** One comment of an item, or undefined (a comment of another item is not found either). */
export async function findComment(db: Db, itemId: string, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).where('item_id', '=', itemId).executeTakeFirst();
}

/** A parent and its replies, oldest first. */
export async function threadRows(db: Db, parentId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', parentId), eb('reply_to', '=', parentId)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function snapshotExtension(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot >= 0 ? key.slice(dot + 1) : 'png';
}

function attachmentOf(deps: RecordDeps, row: CommentAttachmentRow): CommentAttachment {
  return { id: row.id, title: row.title, key: row.key, state: 'uploaded', delaySave: row.delay_save === 1, size: row.size, url: deps.files.signDownload(row.key, row.title) };
}

/**
 * Wire records for comment rows of ONE item (call inside the transaction that made the change). Replies take
 * their parent's resolved state (the parent is read when it is not among `rows`).
 */
export async function toCommentRecords(db: Db, deps: RecordDeps, itemId: string, rows: readonly CommentRow[]): Promise<ServerCommentRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const parentIds = [...new Set(rows.flatMap((r) => (r.reply_to !== null && !ids.includes(r.reply_to) ? [r.reply_to] : [])))];
  const accountIds = [...new Set(rows.flatMap((r) => (r.user_aid === null ? [] : [r.user_aid])))];
  const [latest, reads, attachments, parents, users] = await Promise.all([
    latestReadyVersionId(db, itemId),
    db.selectFrom('comment_reads').select(['comment_id', 'reader_key']).where('comment_id', 'in', ids).orderBy('read_at').orderBy('reader_key').execute(),
    db.selectFrom('comment_attachments').selectAll().where('comment_id', 'in', ids).orderBy('created_at').orderBy('id').execute(),
    parentIds.length === 0 ? Promise.resolve([]) : db.selectFrom('comments').select(['id', 'resolved']).where('id', 'in', parentIds).execute(),
    accountIds.length === 0 ? Promise.resolve([]) : db.selectFrom('users').select(['aid', 'email', 'first_name', 'last_name']).where('aid', 'in', accountIds).execute(),
  ]);
  const resolvedOf = new Map<string, boolean>([...rows.map((r) => [r.id, r.resolved === 1] as const), ...parents.map((p) => [p.id, p.resolved === 1] as const)]);
  const readersOf = new Map<string, string[]>();
  for (const read of reads) readersOf.set(read.comment_id, [...(readersOf.get(read.comment_id) ?? []), read.reader_key]);
  const attachmentsOf = new Map<string, CommentAttachmentRow[]>();
  for (const attachment of attachments) attachmentsOf.set(attachment.comment_id, [...(attachmentsOf.get(attachment.comment_id) ?? []), attachment]);
  const userOf = new Map(users.map((u) => [u.aid, u]));

  return rows.map((row) => {
    const userKey = authorKeyOf(row);
    const user = row.user_aid === null ? undefined : userOf.get(row.user_aid);
    const profile: CommentProfile =
      row.user_aid === null
        ? { fullName: row.user_email ?? '', email: row.user_email ?? '', avatar: null }
        : user
          ? { fullName: `${user.first_name} ${user.last_name}`.trim(), email: user.email, avatar: deps.avatarUrl(user) }
          : { fullName: '', email: '', avatar: null };
    const stored = row.snapshot_json === null ? null : (JSON.parse(row.snapshot_json) as StoredSnapshot);
    const snapshot: CommentSnapshot | null =
      stored === null
        ? null
        : {
            ...stored,
            annotation: stored.annotation ?? null,
            url: deps.files.signDownload(stored.key, `snapshot.${snapshotExtension(stored.key)}`),
            // The clean background is served like the snapshot: signed, in records only those who see the comment get.
            backgroundKey: stored.backgroundKey ?? null,
            backgroundUrl: stored.backgroundKey ? deps.files.signDownload(stored.backgroundKey, 'background.png') : null,
          };
    const isResolved = row.reply_to === null ? row.resolved === 1 : (resolvedOf.get(row.reply_to) ?? false);
    const withoutHash: Omit<ServerCommentRecord, 'hash'> = {
      id: row.id,
      itemId: row.item_id,
      versionId: row.version_id,
      currentVersionId: row.current_version_id,
      archiveVersionId: row.version_id === latest ? null : row.version_id,
      body: row.body,
      content: JSON.parse(row.content_json) as RawContent,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      currentTime: row.current_time,
      slideId: row.slide_id,
      replyTo: row.reply_to,
      isParent: row.reply_to === null,
      resolved: isResolved,
      isResolved,
      locked: row.locked === 1,
      readBy: [userKey, ...(readersOf.get(row.id) ?? []).filter((key) => key !== userKey)],
      userId: row.user_aid,
      userEmail: row.user_email,
      userKey,
      profile,
      attachments: (attachmentsOf.get(row.id) ?? []).map((a) => attachmentOf(deps, a)),
      snapshot,
      snapshotToUpload: row.snapshot_pending === 1,
    };
    // Signed links change with every answer; the hash covers what the comment is, not where to fetch it.
    const hash = hashValue({ ...withoutHash, attachments: withoutHash.attachments.map(({ url: _url, ...rest }) => rest), snapshot: stored, profile: { ...profile, avatar: null } });
    return { ...withoutHash, hash };
  });
}

/** The stored row hash: a fingerprint of the row's own fields, renewed by every write. */
export function rowHash(row: Omit<CommentRow, 'hash'>): string {
  return hashValue(row);
}
