/** A composer's error prefixes, context and events, its save request and draft helpers (pure; shared by commentPostingMachine.ts and commentAttachmentMachine.ts). */
import type { AttachmentProblem, CommentAttachment, CommentDraftPayload, CommentPayload, CommentRecord } from '../../domain/comments.ts';
import { rawFromPlainText, type ContentProblem, type RawContent } from '../../domain/richText.ts';
import type { AttachmentReport, ComposerTarget, FileTransferEvent, PostingBlock, PostingPlacement } from './commentEvents.ts';
import type { UploadFileRef } from '../items/itemEvents.ts';
import type { CommentAnnotation } from '../../domain/commentSnapshots.ts';
import type { AnnotationPrefs } from '../../domain/annotation.ts';

/** §8 comment errors: the prefixes of what is reported and shown. */
export const ADD_COMMENT_ERROR_PREFIX = 'While adding comment:';
export const SNAPSHOT_ERROR_PREFIX = 'While uploading comment snapshot:';
/** An edit that could not be saved (the spec names none; the same form). */
export const SAVE_COMMENT_ERROR_PREFIX = 'While saving comment:';

/** What the PUT adapter needs: the file (by id), the signed URL and the headers' values. */
export interface PutFileInput {
  fileId: string;
  url: string;
  contentType: string;
  fileName: string;
  md5: string;
}

export const hasParent = (self: unknown) => !!(self as { _parent?: unknown })._parent;

/** A pasted or annotated image (or the player frame's HTML) the view handed over (the File is in the FileStore). */
export interface SnapshotDraft {
  fileId: string;
  /** Bytes. */
  size: number;
  width: number;
  height: number;
  isAnnotation: boolean;
  extension: 'png' | 'html';
  /** An annotated snapshot's shapes (normalised to the snapshot), stored with it; else null. */
  annotation?: CommentAnnotation | null;
  /**
   * An annotated snapshot's clean background: the capture (a file in the FileStore, uploaded like the snapshot), or
   * (an edit) the comment's stored background, kept as it is; null or absent: none.
   */
  background?: SnapshotBackground | null;
}

/** The clean background of an annotated snapshot: a file to upload, or the stored one kept. */
export type SnapshotBackground = { kind: 'file'; fileId: string; size: number } | { kind: 'stored'; key: string };

/** The FileStore files a snapshot draft holds (the image, and a background still to upload). */
export const snapshotFileIds = (snapshot: SnapshotDraft | null): string[] =>
  snapshot === null ? [] : snapshot.background?.kind === 'file' ? [snapshot.fileId, snapshot.background.fileId] : [snapshot.fileId];

/** The `backgroundKey` a comment.update names: the uploaded background's key, or the stored one an edit keeps. */
export function backgroundKeyOf(context: Pick<CommentPostingContext, 'snapshot' | 'backgroundUpload'>): { backgroundKey?: string } {
  const background = context.snapshot?.background;
  if (background?.kind === 'stored') return { backgroundKey: background.key };
  if (background?.kind === 'file' && context.backgroundUpload?.key) return { backgroundKey: context.backgroundUpload.key };
  return {};
}

/** A background still to upload (its file), or null. */
export const backgroundFileOf = (snapshot: SnapshotDraft | null): { fileId: string; size: number } | null =>
  snapshot?.background?.kind === 'file' ? snapshot.background : null;

/** An attachment of the draft as the composer shows it: §3 Comment attachment plus what the upload needs. */
export interface DraftAttachment extends CommentAttachment {
  /** The picked file while it is being uploaded; null for stored attachments. */
  fileId: string | null;
  /** Already part of the comment (editing): removing it goes through comment.attachmentDestroy. */
  stored: boolean;
  /** 0 to 1 of the PUT. */
  progress: number;
  /** Why it failed (for the log; the view shows attachment_error). */
  message: string | null;
}

/** Why the draft was not sent: the §5 content rules (with their messages), or the box is read-only. */
export type PostingProblem = ContentProblem | { kind: 'blocked'; reason: PostingBlock };

/** What a composer starts with. */
export interface CommentPostingInput {
  composerId: string;
  target: ComposerTarget;
  placement: PostingPlacement;
  /** Editing: the comment as it stands. */
  comment?: CommentRecord | null;
}

export interface CommentPostingContext {
  composerId: string;
  target: ComposerTarget;
  placement: PostingPlacement;
  /** The comment being edited, or null. */
  editing: CommentRecord | null;
  /** The editor's content (what the view shows). */
  content: RawContent;
  /** The draft on the wire (restored for the draft-restoring refusal). */
  sent: RawContent | null;
  /** Video: seconds captured when the box got focus. */
  currentTime: number | null;
  attachments: DraftAttachment[];
  /** Next attachment child number (`attachment-<n>`). */
  attachmentSeq: number;
  snapshot: SnapshotDraft | null;
  problem: PostingProblem | null;
  /** The last attachment refused before it started (maximum attachments, file size, file type, title), with its message. */
  attachmentProblem: AttachmentProblem | null;
  /** The last failure, prefixed ('While adding comment: …', 'While uploading comment snapshot: …'). */
  error: string | null;
  /** The comment stored, while its snapshot is uploaded. */
  stored: CommentRecord | null;
  /** The snapshot's MD5 and signed PUT address. */
  snapshotUpload: { md5: string; url: string; key: string; type: string } | null;
  /** The clean background's MD5 and signed PUT address (an annotated snapshot's capture). */
  backgroundUpload: { md5: string; url: string; key: string; type: string } | null;
}

export type CommentPostingEvent =
  /** The editor's content changed (the editor ignores typing beyond 1,500 characters). */
  | { type: 'posting.change'; content: RawContent }
  /** The box got focus: a video comment captures the player's time. */
  | { type: 'posting.focus'; currentTime: number | null }
  | { type: 'posting.addAttachments'; files: UploadFileRef[] }
  | { type: 'posting.removeAttachment'; attachmentId: string }
  | { type: 'posting.setSnapshot'; snapshot: SnapshotDraft }
  | { type: 'posting.clearSnapshot' }
  /** "Annotate" (or, editing an annotated comment, "Edit annotation"): the player is captured for the snapshot dialog (child `capture`). */
  /** "Annotate": `dialogId` names the dialog in its tracked events, `prefs` are the remembered tool settings. */
  | { type: 'posting.annotate'; mode: 'image' | 'html'; dialogId?: string; prefs?: AnnotationPrefs }
  /** Enter (or the post button). */
  | { type: 'posting.submit' }
  /** Cancel clears everything; new attachments are forgotten (they were never attached). */
  | { type: 'posting.cancel' }
  /** From `comments`: where the comment goes and whether it may be sent now. */
  | { type: 'posting.placement'; placement: PostingPlacement }
  | AttachmentReport
  | FileTransferEvent;

/** What the saveComment actor sends: an insert, a reply or an update. */
export type SaveCommentInput =
  | { name: 'comment.insert'; payload: CommentPayload<'comment.insert'> }
  | { name: 'comment.reply'; payload: CommentPayload<'comment.reply'> }
  | { name: 'comment.update'; payload: CommentPayload<'comment.update'> };

/** An empty editor. */
export const EMPTY_CONTENT: RawContent = rawFromPlainText('');

export function storedAttachment(attachment: CommentAttachment): DraftAttachment {
  return { ...attachment, state: 'uploaded', fileId: null, stored: true, progress: 1, message: null };
}

/** The draft as a composer starts it: empty, or an edit's stored text and attachments, with nothing pending. */
export type FreshDraft = Omit<CommentPostingContext, 'composerId' | 'target' | 'placement' | 'editing' | 'attachmentSeq'>;

export function freshDraft(editing: CommentRecord | null): FreshDraft {
  return {
    content: editing?.content ?? EMPTY_CONTENT,
    sent: null,
    currentTime: null,
    attachments: editing ? editing.attachments.map(storedAttachment) : [],
    snapshot: null,
    problem: null,
    attachmentProblem: null,
    error: null,
    stored: null,
    snapshotUpload: null,
    backgroundUpload: null,
  };
}

/**
 * §5 annotation needs a non-reply comment: the new-comment box, or the edit of a comment whose snapshot is an
 * annotation (its author redraws it; the service replaces only annotated snapshots). The flag and the product are
 * the view's to check before it offers the button.
 */
export function mayAnnotate(context: Pick<CommentPostingContext, 'target' | 'editing'>): boolean {
  if (context.target.kind === 'new') return true;
  return context.target.kind === 'edit' && context.editing?.replyTo === null && context.editing.snapshot?.isAnnotation === true;
}

/** The request a composer sends for its draft. */
export function saveRequestOf(context: CommentPostingContext): SaveCommentInput {
  const content = context.sent ?? context.content;
  const p = context.placement;
  if (context.target.kind === 'edit') return { name: 'comment.update', payload: { itemId: p.itemId, pass: p.pass, id: context.target.commentId, content } };
  const draft: CommentDraftPayload = {
    itemId: p.itemId,
    pass: p.pass,
    versionId: p.versionId,
    content,
    currentTime: p.family === 'video' ? (context.currentTime ?? p.currentTime) : null,
    slideId: p.family === 'slide' || p.family === 'rise' ? p.slideId : null,
    attachments: context.attachments.filter((a) => a.state === 'uploaded' && a.delaySave && !a.stored).map((a) => ({ key: a.key, title: a.title })),
    withSnapshot: context.snapshot !== null,
  };
  return context.target.kind === 'reply' ? { name: 'comment.reply', payload: { ...draft, replyTo: context.target.parentId } } : { name: 'comment.insert', payload: draft };
}

/** The prefix of a failed save: adding (a comment or reply) or saving an edit. */
export const prefixOf = (context: Pick<CommentPostingContext, 'target'>) => (context.target.kind === 'edit' ? SAVE_COMMENT_ERROR_PREFIX : ADD_COMMENT_ERROR_PREFIX);

export const isUploading = (context: CommentPostingContext) => context.attachments.some((a) => a.state === 'uploading');

/** The draft's editing events; in `done` they also start the next draft. */
export function draftEvents(target?: string) {
  const to = target ? { target } : {};
  return {
    'posting.change': { ...to, actions: 'setContent' as const },
    'posting.focus': { ...to, actions: 'captureTime' as const },
    'posting.addAttachments': { ...to, actions: 'addAttachments' as const },
    'posting.removeAttachment': { ...to, actions: 'removeAttachment' as const },
    'posting.setSnapshot': { ...to, actions: 'setSnapshot' as const },
    'posting.clearSnapshot': { ...to, actions: 'clearSnapshot' as const },
    'posting.annotate': { guard: 'canAnnotate' as const, actions: 'startCapture' as const },
    'posting.cancel': { target: target ?? 'idle', actions: ['discardDraft' as const, { type: 'finish' as const, params: { outcome: 'canceled' as const } }] },
  };
}
