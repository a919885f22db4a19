/**
 * The comment requests (domain/comments.ts CommentRequests; review-and-content §4 comments and posting, §5
 * comment rules, §6 comment permissions and anonymous, §7 comment socket events, mention available, snapshot
 * upload request, item subscription lookup and update-or-create). Each request first passes the item-view
 * decision (findViewable: notFound, accessDenied, passwordFailed), then the domain's comment rules, again,
 * here; decisions and writes run in one transaction (a refusal stores nothing), pushes follow the answer.
 */
import { randomUUID } from 'node:crypto';
import {
  attachmentProblem,
  canDeleteComment,
  canEditComment,
  canMarkAllRead,
  canPost,
  canResolveComment,
  canToggleComments,
  isAuthor,
  replyBlockedBy,
  type AttachmentProblem,
  type AttachmentRef,
  type CommentAck,
  type CommentAckData,
  type CommentDraftPayload,
  type CommentItemFacts,
  type CommentPayload,
  type CommentRecord,
  type CommentRefusal,
  type CommentRequestName,
  type CommentViewer,
} from '../../domain/comments.ts';
import { SNAPSHOT_CONTENT_TYPES, snapshotSizeProblem } from '../../domain/commentSnapshots.ts';
import { COMMENT_MAX_ATTACHMENTS } from '../../domain/constants.ts';
import type { ItemDetail, ItemVersion } from '../../domain/items.ts';
import { contentProblem, isRawContent, mentionsOf, plainTextOf, unsafeMarkupIn, type RawContent } from '../../domain/richText.ts';
import { userAccess, type AccessSnapshot } from '../content/access.ts';
import { Refusal } from '../content/common.ts';
import { detailFor, findViewable, loadDetailBase } from '../content/itemView.ts';
import { loadSnapshot } from '../content/repository.ts';
import type { Db } from '../db/database.ts';
import type { CommentRow, CommentUploadRow, ItemRow } from '../db/schema.ts';
import { announceRows, markCommented } from '../reviewRequests/store.ts';
import { uploadTypeFor } from '../uploads/contentTypes.ts';
import { keyFileName } from '../uploads/routes.ts';
import { commentFailure, COMMENT_UPLOAD_PREFIX, nowIso, refuse, sendSoon, viewerOf, type CommentChange, type CommentContext, type CommentPush } from './common.ts';
import { mentionCandidates, suggestionsFor } from './mentions.ts';
import { acceptSnapshot } from './snapshots.ts';
import { levelOf, saveLevel, writeNotifications } from './notifications.ts';
import { commentRowsOf, findComment, rowHash, threadRows, toCommentRecords, type RecordDeps, type ServerCommentRecord, type StoredSnapshot } from './repository.ts';

/** Everything a request decides with: the caller, the item, its detail as the caller receives it. */
interface Scope {
  trx: Db;
  /** The access snapshot this transaction decided on (folders, roles, groups). */
  snapshot: AccessSnapshot;
  identity: string;
  viewer: CommentViewer;
  row: ItemRow;
  detail: ItemDetail;
  facts: CommentItemFacts;
}

/** One request's handler: the socket identity (account id or anon|<email>) and the checked payload. */
type Handler<K extends CommentRequestName> = (identity: string, payload: CommentPayload<K>) => Promise<CommentAck<CommentAckData<K>>>;
export type CommentHandlers = { [K in CommentRequestName]: Handler<K> };

/** The refusal for content the domain's contentProblem rejects. */
function contentRefusal(kind: 'empty' | 'tooLong' | 'unsafe' | 'malformed'): CommentRefusal {
  if (kind === 'unsafe') return 'unsafeContent';
  if (kind === 'malformed') return 'invalidRequest';
  return kind;
}

/** The refusal for an attachment the domain's attachmentProblem rejects. */
function attachmentRefusal(problem: AttachmentProblem, name: string): CommentRefusal {
  switch (problem.kind) {
    case 'maximumAttachments':
      return 'tooManyAttachments';
    case 'fileSize':
      return 'attachmentTooLarge';
    case 'fileType':
      return 'attachmentType';
    case 'unsafeTitle':
      return unsafeMarkupIn(name) ? 'unsafeContent' : 'invalidRequest';
  }
}

/** Raw content as stored: exactly the fields of the domain's shape (a client's extra fields are dropped). */
function normalizeContent(content: RawContent): RawContent {
  const entityMap: RawContent['entityMap'] = {};
  for (const [key, entity] of Object.entries(content.entityMap)) {
    entityMap[key] = { type: 'mention', mutability: 'IMMUTABLE', data: { userId: entity.data.userId, email: entity.data.email, name: entity.data.name } };
  }
  return {
    blocks: content.blocks.map((block) => ({
      key: block.key,
      text: block.text,
      type: 'unstyled',
      entityRanges: block.entityRanges.map((range) => ({ offset: range.offset, length: range.length, key: range.key })),
    })),
    entityMap,
  };
}

/** Comment operations for one context. */
export function commentOperations(context: CommentContext) {
  const deps: RecordDeps = { files: context.files, avatarUrl: context.item.avatarUrl };

  /**
   * The item-view decision for the caller (outside any transaction: a password check is slow on purpose),
   * then `work` in one transaction with the item and the caller's detail of it; pushes after the answer.
   */
  async function inItem<T>(where: string, identity: string, itemId: string, pass: string | null, work: (scope: Scope) => Promise<CommentChange<T>>): Promise<CommentAck<T>> {
    try {
      await findViewable(context.db, userAccess(await loadSnapshot(context.db), identity), itemId, pass);
      const change = await context.db.transaction().execute(async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, identity);
        const row = await trx.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirst();
        if (!row) refuse('notFound');
        const detail = detailFor(await loadDetailBase(trx, context.item, itemId), access);
        const facts: CommentItemFacts = { isOwner: detail.isOwner, actions: detail.actions, enableComments: detail.enableComments, allowAnonComments: detail.allowAnonComments };
        return work({ trx, snapshot, identity, viewer: viewerOf(identity), row, detail, facts });
      });
      if (change.afterCommit) await change.afterCommit().catch((error: unknown) => context.logError(error, `${where} afterCommit`));
      sendSoon(context, itemId, change.pushes);
      return { success: true, data: change.data };
    } catch (error) {
      return commentFailure(context, error, where);
    }
  }

  /** §6: posting (and changing what one posted) needs comments on, and anonymous comments allowed for anonymous reviewers. */
  function requirePost(scope: Scope): void {
    if (!canPost(scope.facts, scope.viewer)) refuse(scope.facts.enableComments ? 'anonymousNotAllowed' : 'commentsDisabled');
  }

  /** §5: well-formed raw content without the problems the domain names; stored normalized. */
  function acceptContent(content: unknown): RawContent {
    if (!isRawContent(content)) refuse('invalidRequest', 'Invalid request: payload.content is not rich-text raw content (blocks and an entity map of mentions).');
    const problem = contentProblem(content);
    if (problem) refuse(contentRefusal(problem.kind), problem.message);
    return normalizeContent(content);
  }

  /** A mention must name someone who may be mentioned on the item (§7 mention available). */
  async function acceptMentions(scope: Scope, content: RawContent): Promise<void> {
    const mentions = mentionsOf(content);
    if (mentions.length === 0) return;
    const candidates = await mentionCandidates(scope.trx, context, scope.row.id, scope.identity);
    for (const mention of mentions) {
      const known = candidates.some((c) => c.userId === mention.userId && c.email.toLowerCase() === mention.email.toLowerCase());
      if (!known) refuse('invalidRequest', `${mention.name || mention.email} cannot be mentioned here.`);
    }
  }

  /**
   * The version a new comment names must be the item's latest ready one (oldItemVersion for an older one), and
   * its slide or lesson one of that version's.
   */
  function acceptVersion(scope: Scope, versionId: string, slideId: string | null): ItemVersion {
    const version = scope.detail.versions.find((v) => v.id === versionId);
    if (!version) refuse('invalidRequest', 'This item has no such version.');
    const latestReady = scope.detail.versions.filter((v) => v.state === 'ready').at(-1);
    if (!latestReady || version.number > latestReady.number || version.state !== 'ready') refuse('invalidRequest', 'This version is not ready for comments.');
    if (version.id !== latestReady.id) refuse('oldItemVersion');
    if (slideId !== null) {
      const known = [...(version.meta?.slides ?? []).map((s) => s.id), ...(version.meta?.lessons ?? []).map((l) => l.id)];
      if (!known.includes(slideId)) refuse('invalidRequest', 'This version has no such slide or lesson.');
    }
    return version;
  }

  /** The presigned, uploaded files named by `refs` (at most 5 with `already`), checked; else the refusal. */
  async function acceptAttachments(scope: Scope, refs: readonly AttachmentRef[], already: number): Promise<{ ref: AttachmentRef; upload: CommentUploadRow }[]> {
    if (already + refs.length > COMMENT_MAX_ATTACHMENTS) refuse('tooManyAttachments');
    if (new Set(refs.map((r) => r.key)).size !== refs.length) refuse('invalidRequest', 'The same file is attached twice.');
    const accepted: { ref: AttachmentRef; upload: CommentUploadRow }[] = [];
    for (const [index, ref] of refs.entries()) {
      const upload = await storedUpload(scope, ref.key, 'attachment');
      const problem = attachmentProblem({ name: ref.title, size: upload.size }, already + index);
      if (problem) refuse(attachmentRefusal(problem, ref.title), problem.message);
      accepted.push({ ref, upload });
    }
    return accepted;
  }

  /** A comment file presigned for this item by this identity whose PUT completed; else uploadMissing. */
  async function storedUpload(scope: Scope, key: string, kind: 'attachment' | 'snapshot'): Promise<CommentUploadRow> {
    const upload = await scope.trx
      .selectFrom('comment_uploads')
      .selectAll()
      .where('key', '=', key)
      .where('item_id', '=', scope.row.id)
      .where('owner_key', '=', scope.identity)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!upload || upload.state !== 'stored') refuse('uploadMissing');
    return upload;
  }

  /** Records attachments on a comment; their presigned keys are used up. */
  async function attach(scope: Scope, commentId: string, accepted: readonly { ref: AttachmentRef; upload: CommentUploadRow }[], delaySave: boolean, at: string): Promise<void> {
    if (accepted.length === 0) return;
    await scope.trx
      .insertInto('comment_attachments')
      .values(accepted.map(({ ref, upload }) => ({ id: randomUUID(), comment_id: commentId, title: ref.title, key: upload.key, size: upload.size, delay_save: delaySave ? 1 : 0, created_at: at })))
      .execute();
    await scope.trx
      .deleteFrom('comment_uploads')
      .where(
        'key',
        'in',
        accepted.map(({ upload }) => upload.key),
      )
      .execute();
  }

  async function recordOf(scope: Scope, row: CommentRow): Promise<ServerCommentRecord> {
    const [record] = await toCommentRecords(scope.trx, deps, scope.row.id, [row]);
    return record!;
  }

  async function commentOf(scope: Scope, id: string): Promise<{ row: CommentRow; record: ServerCommentRecord }> {
    const row = await findComment(scope.trx, scope.row.id, id);
    if (!row) refuse('notFound', 'This comment does not exist any more.');
    return { row, record: await recordOf(scope, row) };
  }

  /** Why an author-only change (edit, attachments) is refused: not the author, else locked, else resolved. */
  function editRefusal(record: CommentRecord, viewer: CommentViewer): CommentRefusal {
    if (!isAuthor(record, viewer)) return 'forbidden';
    return record.locked ? 'locked' : 'resolved';
  }

  /** Writes a change to a comment's own fields (new updated_at and hash). */
  async function updateComment(scope: Scope, row: CommentRow, patch: Partial<Omit<CommentRow, 'id' | 'hash'>>): Promise<CommentRow> {
    const next = { ...row, ...patch, updated_at: nowIso() };
    const { hash: _old, ...fields } = next;
    const hash = rowHash(fields);
    await scope.trx
      .updateTable('comments')
      .set({ ...patch, updated_at: next.updated_at, hash })
      .where('id', '=', row.id)
      .execute();
    return { ...next, hash };
  }

  /** insert and reply: a new comment on the latest ready version, its attachments, its notifications. */
  async function post(scope: Scope, payload: CommentDraftPayload, replyTo: string | null): Promise<CommentChange<{ comment: CommentRecord }>> {
    requirePost(scope);
    const content = acceptContent(payload.content);
    acceptVersion(scope, payload.versionId, payload.slideId);
    if (replyTo !== null) {
      const parent = await findComment(scope.trx, scope.row.id, replyTo);
      if (!parent) refuse('notFound', 'The comment you reply to does not exist any more.');
      if (parent.reply_to !== null) refuse('invalidRequest', 'Replies go to top-level comments only.');
      const blocked = replyBlockedBy({ locked: parent.locked === 1, isResolved: parent.resolved === 1 }, { offline: false, outOfDate: false });
      if (blocked === 'locked' || blocked === 'resolved') refuse(blocked);
    }
    await acceptMentions(scope, content);
    const accepted = await acceptAttachments(scope, payload.attachments, 0);
    const at = nowIso();
    const fields: Omit<CommentRow, 'hash'> = {
      id: randomUUID(),
      item_id: scope.row.id,
      version_id: payload.versionId,
      current_version_id: payload.versionId,
      reply_to: replyTo,
      body: plainTextOf(content),
      content_json: JSON.stringify(content),
      user_aid: scope.viewer.userId,
      user_email: scope.viewer.userId === null ? scope.viewer.anonymousEmail : null,
      current_time: payload.currentTime,
      slide_id: payload.slideId,
      resolved: 0,
      locked: 0,
      snapshot_json: null,
      snapshot_pending: payload.withSnapshot ? 1 : 0,
      created_at: at,
      updated_at: at,
    };
    const row: CommentRow = { ...fields, hash: rowHash(fields) };
    await scope.trx.insertInto('comments').values(row).execute();
    await attach(scope, row.id, accepted, true, at);
    const comment = await recordOf(scope, row);
    await writeNotifications(scope.trx, context, scope.row, row, comment.profile.fullName || comment.profile.email, scope.snapshot);
    const data = { itemId: scope.row.id, comment };
    const push: CommentPush = replyTo === null ? { event: 'comment.insert', data } : { event: 'comment.reply', data };
    // §6: a reviewer's first comment moves their review to commented (server/reviewRequests).
    const commented = await markCommented(scope.trx, scope.row.id, scope.identity);
    return { data: { comment }, pushes: [push], ...(commented ? { afterCommit: () => announceRows(context.item, scope.row.id) } : {}) };
  }

  /** Removes stored blobs once the rows naming them are gone. */
  function removeBlobs(keys: readonly string[]): (() => Promise<void>) | undefined {
    if (keys.length === 0) return undefined;
    return async () => {
      for (const key of keys) await context.files.removeBlob(key).catch((error: unknown) => context.logError(error, 'removeCommentFile'));
    };
  }

  /** A new comment file key: review/comments/<itemId>/<random>/<safe name>. */
  const uploadKey = (itemId: string, fileName: string) => `${COMMENT_UPLOAD_PREFIX}${itemId}/${randomUUID()}/${keyFileName(fileName)}`;

  async function presign(scope: Scope, kind: 'attachment' | 'snapshot', fileName: string, size: number, md5: string, type: string) {
    const key = uploadKey(scope.row.id, fileName);
    await scope.trx
      .insertInto('comment_uploads')
      .values({ key, item_id: scope.row.id, owner_key: scope.identity, kind, title: fileName, size, md5: md5.toLowerCase(), state: 'pending', created_at: nowIso() })
      .execute();
    return { url: context.files.signUpload(key, type, md5.toLowerCase()), key, type };
  }

  const handlers: CommentHandlers = {
    'comment.find': (identity, { itemId, pass }) =>
      inItem('comment.find', identity, itemId, pass, async (scope) => ({
        data: {
          comments: await toCommentRecords(scope.trx, deps, itemId, await commentRowsOf(scope.trx, itemId)),
          enableComments: scope.detail.enableComments,
          allowAnonComments: scope.detail.allowAnonComments,
        },
        pushes: [],
      })),

    'comment.insert': (identity, payload) => inItem('comment.insert', identity, payload.itemId, payload.pass, (scope) => post(scope, payload, null)),

    'comment.reply': (identity, payload) => inItem('comment.reply', identity, payload.itemId, payload.pass, (scope) => post(scope, payload, payload.replyTo)),

    'comment.update': (identity, { itemId, pass, id, content, snapshot }) =>
      inItem('comment.update', identity, itemId, pass, async (scope) => {
        if (content === undefined && snapshot === undefined) refuse('invalidRequest', 'Invalid request: send content, a snapshot, or both.');
        const { row, record } = await commentOf(scope, id);
        requirePost(scope);
        const patch: Partial<CommentRow> = {};
        if (content !== undefined) {
          if (!canEditComment(record, scope.viewer)) refuse(editRefusal(record, scope.viewer));
          const accepted = acceptContent(content);
          await acceptMentions(scope, accepted);
          patch.body = plainTextOf(accepted);
          patch.content_json = JSON.stringify(accepted);
        }
        let replaced: string[] = [];
        if (snapshot !== undefined) {
          const accepted = await acceptSnapshot({ row, record, viewer: scope.viewer, snapshot, editRefusal, storedUpload: (key) => storedUpload(scope, key, 'snapshot') });
          patch.snapshot_json = JSON.stringify(accepted.stored);
          patch.snapshot_pending = 0;
          replaced = accepted.replaced;
          await scope.trx.deleteFrom('comment_uploads').where('key', 'in', accepted.usedUploads).execute();
        }
        const comment = await recordOf(scope, await updateComment(scope, row, patch));
        const data = { itemId, comment };
        // A replaced annotated snapshot's old image (and a background no longer named) goes once the row no longer names it.
        const afterCommit = replaced.length === 0 ? undefined : removeBlobs(replaced);
        return { data: { comment }, pushes: [content !== undefined ? { event: 'comment.update', data } : { event: 'comment.updateHashed', data }], ...(afterCommit ? { afterCommit } : {}) };
      }),

    'comment.destroy': (identity, { itemId, pass, id }) =>
      inItem('comment.destroy', identity, itemId, pass, async (scope) => {
        const { row, record } = await commentOf(scope, id);
        if (!canDeleteComment(record, scope.facts, scope.viewer)) {
          const permitted = canDeleteComment({ ...record, locked: false, isResolved: false }, scope.facts, scope.viewer);
          refuse(!permitted ? 'forbidden' : record.locked ? 'locked' : 'resolved');
        }
        const doomed = row.reply_to === null ? await threadRows(scope.trx, row.id) : [row];
        const ids = doomed.map((c) => c.id);
        const attachments = await scope.trx.selectFrom('comment_attachments').select('key').where('comment_id', 'in', ids).execute();
        const snapshots = doomed.flatMap((c) => {
          if (c.snapshot_json === null) return [];
          const stored = JSON.parse(c.snapshot_json) as StoredSnapshot;
          return stored.backgroundKey ? [stored.key, stored.backgroundKey] : [stored.key];
        });
        // Replies, read marks and attachments go with it (foreign keys).
        await scope.trx.deleteFrom('comments').where('id', '=', row.id).execute();
        const afterCommit = removeBlobs([...attachments.map((a) => a.key), ...snapshots]);
        return { data: { ids }, pushes: [{ event: 'comment.destroy', data: { itemId, ids } }], ...(afterCommit ? { afterCommit } : {}) };
      }),

    'comment.setResolved': (identity, { itemId, pass, id, resolved }) =>
      inItem('comment.setResolved', identity, itemId, pass, async (scope) => {
        const { row, record } = await commentOf(scope, id);
        if (!canResolveComment(record, scope.facts, scope.viewer)) {
          if (!record.isParent) refuse('invalidRequest', 'Only top-level comments are resolved or reopened; replies follow their thread.');
          if (record.locked) refuse('locked');
          requirePost(scope);
          refuse('forbidden');
        }
        await updateComment(scope, row, { resolved: resolved ? 1 : 0 });
        const comments = await toCommentRecords(scope.trx, deps, itemId, await threadRows(scope.trx, row.id));
        return { data: { comments }, pushes: [{ event: 'comment.setResolved', data: { itemId, comments } }] };
      }),

    'comment.markRead': (identity, { itemId, pass, ids }) =>
      inItem('comment.markRead', identity, itemId, pass, async (scope) => {
        const readerId = scope.identity;
        if (ids === 'all' && !canMarkAllRead(scope.facts, scope.viewer)) {
          refuse(scope.viewer.userId === null ? 'forbidden' : 'commentsDisabled', scope.viewer.userId === null ? 'Sign in to mark every comment read.' : undefined);
        }
        let query = scope.trx.selectFrom('comments').select('id').where('item_id', '=', itemId);
        // Ids of comments deleted meanwhile are left out rather than refused: a thread may lose a reply as it is clicked.
        if (ids !== 'all') query = ids.length === 0 ? query.where('id', 'is', null) : query.where('id', 'in', ids);
        const marked = (await query.orderBy('created_at').orderBy('id').execute()).map((r) => r.id);
        if (marked.length === 0) return { data: { ids: [], readerId }, pushes: [] };
        const at = nowIso();
        await scope.trx
          .insertInto('comment_reads')
          .values(marked.map((commentId) => ({ comment_id: commentId, reader_key: readerId, read_at: at })))
          .onConflict((oc) => oc.columns(['comment_id', 'reader_key']).doNothing())
          .execute();
        return { data: { ids: marked, readerId }, pushes: [{ event: 'comment.markRead', data: { itemId, ids: marked, readerId } }] };
      }),

    'comment.attachmentPresign': (identity, { itemId, pass, fileName, size, md5, contentType }) =>
      inItem('comment.attachmentPresign', identity, itemId, pass, async (scope) => {
        requirePost(scope);
        const problem = attachmentProblem({ name: fileName, size }, 0);
        if (problem) refuse(attachmentRefusal(problem, fileName), problem.message);
        const type = /^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/.test(contentType) ? contentType : uploadTypeFor(fileName);
        return { data: await presign(scope, 'attachment', fileName, size, md5, type), pushes: [] };
      }),

    'comment.attachmentInsert': (identity, { itemId, pass, commentId, attachment }) =>
      inItem('comment.attachmentInsert', identity, itemId, pass, async (scope) => {
        const { row, record } = await commentOf(scope, commentId);
        requirePost(scope);
        if (!canEditComment(record, scope.viewer)) refuse(editRefusal(record, scope.viewer));
        const accepted = await acceptAttachments(scope, [attachment], record.attachments.length);
        await attach(scope, row.id, accepted, false, nowIso());
        const comment = await recordOf(scope, await updateComment(scope, row, {}));
        return { data: { comment }, pushes: [{ event: 'comment.updateHashed', data: { itemId, comment } }] };
      }),

    'comment.attachmentDestroy': (identity, { itemId, pass, commentId, attachmentId }) =>
      inItem('comment.attachmentDestroy', identity, itemId, pass, async (scope) => {
        const { row, record } = await commentOf(scope, commentId);
        if (!canEditComment(record, scope.viewer)) refuse(editRefusal(record, scope.viewer));
        const attachment = await scope.trx.selectFrom('comment_attachments').select(['id', 'key']).where('id', '=', attachmentId).where('comment_id', '=', row.id).executeTakeFirst();
        if (!attachment) refuse('notFound', 'This comment has no such attachment.');
        await scope.trx.deleteFrom('comment_attachments').where('id', '=', attachment.id).execute();
        const comment = await recordOf(scope, await updateComment(scope, row, {}));
        const afterCommit = removeBlobs([attachment.key]);
        return { data: { comment }, pushes: [{ event: 'comment.updateHashed', data: { itemId, comment } }], ...(afterCommit ? { afterCommit } : {}) };
      }),

    'comment.snapshotUploadRequest': (identity, { itemId, pass, versionId, extension, md5, size }) =>
      inItem('comment.snapshotUploadRequest', identity, itemId, pass, async (scope) => {
        requirePost(scope);
        acceptVersion(scope, versionId, null);
        const tooLarge = snapshotSizeProblem(extension, size);
        if (tooLarge) refuse('attachmentTooLarge', tooLarge);
        const type = SNAPSHOT_CONTENT_TYPES[extension];
        return { data: await presign(scope, 'snapshot', `snapshot.${extension}`, size, md5, type), pushes: [] };
      }),

    'comment.mentionAvailable': (identity, { itemId, pass, query }) =>
      inItem('comment.mentionAvailable', identity, itemId, pass, async (scope) => ({
        // The caller is the socket's identity; the payload's userId and userEmail only echo it.
        data: { suggestions: suggestionsFor(await mentionCandidates(scope.trx, context, itemId, scope.identity), query) },
        pushes: [],
      })),

    'comment.setEnabled': (identity, { itemId, pass, enabled }) =>
      inItem('comment.setEnabled', identity, itemId, pass, async (scope) => {
        if (!canToggleComments(scope.facts, scope.viewer)) refuse('forbidden', 'Turning comments on or off needs the enable-comments action or ownership.');
        await scope.trx.updateTable('items').set({ enable_comments: enabled ? 1 : 0 }).where('id', '=', itemId).execute();
        const allowAnonComments = scope.row.allow_anon_comments === 1;
        return { data: { enableComments: enabled }, pushes: [{ event: 'comment.refresh', data: { itemId, enableComments: enabled, allowAnonComments } }] };
      }),

    'item.subscriptionFind': async (identity, { itemId }) => {
      try {
        await subscriberCheck(identity, itemId);
        return { success: true, data: { subscription: { itemId, userId: identity, level: await levelOf(context.db, itemId, identity) } } };
      } catch (error) {
        return commentFailure(context, error, 'item.subscriptionFind');
      }
    },

    'item.subscriptionUpsert': async (identity, { itemId, level }) => {
      try {
        await subscriberCheck(identity, itemId);
        await saveLevel(context.db, itemId, identity, level);
        return { success: true, data: { subscription: { itemId, userId: identity, level } } };
      } catch (error) {
        return commentFailure(context, error, 'item.subscriptionUpsert');
      }
    },
  };

  /**
   * Subscriptions (accounts only) name no password: the item must exist and not be closed to the caller
   * (notFound, accessDenied); a password item is fine, since a level only decides which of the notifications
   * the caller may get anyway (people who may open the item) reach them.
   */
  async function subscriberCheck(identity: string, itemId: string): Promise<void> {
    if (viewerOf(identity).userId === null) refuse('forbidden', 'Sign in to choose notifications.');
    try {
      await findViewable(context.db, userAccess(await loadSnapshot(context.db), identity), itemId, null);
    } catch (error) {
      if (!(error instanceof Refusal && error.reason === 'passwordFailed')) throw error;
    }
  }

  return handlers;
}

