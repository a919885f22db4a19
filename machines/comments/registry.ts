/** Registry entries of the comments feature: each machine with its payload cases (charts, path generation, replay read them). */
import { commentAttachmentMachine, commentPostingMachine } from './commentPostingMachine.ts';
import { commentEditorMachine } from './commentEditorMachine.ts';
import { commentsMachine } from './commentsMachine.ts';
import { snapshotCaptureMachine } from './snapshotCaptureMachine.ts';
import { type RegistryEntry, refusal } from '../registryCases.ts';

// Comments: records, subjects and answers as domain/comments.ts carries them.
const blocks = (text: string) => ({ blocks: [{ key: 'b0', text, type: 'unstyled', entityRanges: [] }], entityMap: {} });
const commentRecord = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  itemId: 'i1',
  versionId: 'v2',
  currentVersionId: 'v2',
  archiveVersionId: null,
  body: `Comment ${id}`,
  content: blocks(`Comment ${id}`),
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  currentTime: null,
  slideId: 's1',
  replyTo: null,
  isParent: true,
  resolved: false,
  isResolved: false,
  locked: false,
  readBy: [],
  userId: 'u-alex',
  userEmail: null,
  userKey: 'u-alex',
  profile: { fullName: 'Alex Admin', email: 'alex.admin@example.com', avatar: null },
  attachments: [] as Record<string, unknown>[],
  snapshot: null,
  hash: `h-${id}`,
  ...over,
});
const PARENT = commentRecord('c1', { attachments: [{ id: 'a1', title: 'notes.pdf', key: 'review/attachments/k1/notes.pdf', state: 'uploaded', delaySave: true, size: 2048, url: null }] });
const REPLY = commentRecord('c2', { replyTo: 'c1', isParent: false, userId: 'u-sam', userKey: 'u-sam', profile: { fullName: 'Sam Seat', email: 'sam@example.com', avatar: null } });
const OTHERS = commentRecord('c3', { userId: 'u-sam', userKey: 'u-sam', createdAt: '2026-11-21T11:00:00.000Z' });
const commentsSubject = (over: Record<string, unknown> = {}) => ({
  itemId: 'i1',
  pass: null,
  versionId: 'v2',
  latestVersionId: 'v2',
  family: 'slide',
  slideIds: ['s1', 's2'],
  viewer: { key: 'u-alex', userId: 'u-alex', anonymousEmail: null },
  facts: { isOwner: true, actions: ['viewItem', 'enableComments'], enableComments: true, allowAnonComments: false },
  outOfDate: false,
  ...over,
});
const commentList = (comments: unknown[], enableComments = true) => ({ output: { comments, enableComments, allowAnonComments: false } });
const commentPush = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i1', event, data: { messageId: `m-${event}`, itemId: 'i1', ...data } });
const placement = (blockedBy: string | null = null) => ({ itemId: 'i1', pass: null, versionId: 'v2', family: 'slide', slideId: 's1', currentTime: null, blockedBy });
const ATTACHMENT_FILE = { fileId: 'f5', name: 'notes.pdf', size: 2048, type: 'application/pdf' };
const MD5_HEX = '0cc175b9c0f1b6a831c399e269772661';
const SHAPES = [{ id: 's1', kind: 'rect', color: '#e11d48', opacity: 1, width: 4, x: 0.1, y: 0.1, w: 0.2, h: 0.1 }];
const ANNOTATED = commentRecord('c6', { snapshot: { key: 'review/comments/i1/k6/snapshot.png', width: 1280, height: 720, isAnnotation: true, url: null, annotation: { shapes: SHAPES } } });
const ANNOTATION_DRAFT = { fileId: 'f10', size: 8192, width: 1280, height: 720, isAnnotation: true, extension: 'png', annotation: { shapes: SHAPES } };
/** An annotation with its clean background (the capture) to upload beside it. */
const ANNOTATION_WITH_BACKGROUND = { ...ANNOTATION_DRAFT, background: { kind: 'file', fileId: 'f12', size: 6144 } };

export const commentsEntries: readonly RegistryEntry[] = [
  {
    name: 'comments',
    machine: commentsMachine,
    description:
      'The comments of the open item: load (comment.find) → ready | error with retry; the list as a projection of the server list and optimistic changes (resolve/reopen, delete, mark read, mark all read, comments on/off, attachment removal) sent one at a time with exact rollback; live pushes; a quiet refetch on refresh or reconnect; mention suggestions; sort (persisted) and show resolved; the composers with their placement (review-and-content §3–§8).',
    cases: {
      // One case per event where another would only multiply the states the path search visits (the view's
      // preferences and the connection keep their defaults here; tests/machines/comments/commentsMachine.test.ts drives them).
      'comments.open': [commentsSubject(), commentsSubject({ itemId: 'i2', family: 'video', slideIds: [] })],
      'comments.itemChanged': [commentsSubject({ latestVersionId: 'v3' }), commentsSubject({ itemId: 'i2', family: 'video', slideIds: [] })],
      'comments.prefsLoaded': [{ stored: '{"sort":"slide"}' }],
      'comments.sort': [{ sort: 'slide' }],
      'comments.showResolved': [{ show: false }],
      'comments.slideChanged': [{ slideId: null }],
      'comments.slideTracking': [{ tracking: false }],
      'comments.videoTime': [{ seconds: 12.5 }],
      'comments.connectionChanged': [{ online: true }],
      'comments.resolve': [{ id: 'c1', resolved: true }],
      'comments.destroy': [{ id: 'c3' }],
      'comments.askDestroy': [{ id: 'c3' }],
      'comments.threadClicked': [{ id: 'c1' }],
      'comments.setEnabled': [{ enabled: false }],
      'comments.removeAttachment': [{ commentId: 'c1', attachmentId: 'a1' }],
      'comments.mentionQuery': [{ query: 'sa' }],
      'comments.compose': [{ target: { kind: 'reply', parentId: 'c1' } }, { target: { kind: 'edit', commentId: 'c1' } }],
      'comments.discard': [{ composerId: 'composer-reply-c1' }],
      'posting.stored': [{ composerId: 'composer-new', comment: commentRecord('c4', { createdAt: '2026-11-21T12:00:00.000Z' }) }],
      'posting.refused': [{ composerId: 'composer-new', reason: 'oldItemVersion' }],
      'posting.finished': [{ composerId: 'composer-reply-c1', outcome: 'saved' }],
      'realtime.message': [
        commentPush('comment.insert', { comment: commentRecord('c5', { userId: 'u-sam', userKey: 'u-sam' }) }),
        commentPush('comment.setResolved', { comments: [{ ...PARENT, resolved: true, isResolved: true }] }),
        commentPush('comment.refresh', { enableComments: false, allowAnonComments: true }),
        commentPush('comment.insert', { comment: 'not a comment' }),
      ],
      'realtime.reconnected': [{ namespace: '/item/i1' }],
      'xstate.done.actor.findComments': [commentList([PARENT, REPLY, OTHERS]), { output: 'not a list' }],
      'xstate.error.actor.findComments': [refusal('passwordFailed', 'Password required.')],
      'xstate.done.actor.refetchComments': [commentList([PARENT, REPLY]), { output: 'not a list' }],
      'xstate.error.actor.refetchComments': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.sendChange': [{ output: { comments: [{ ...PARENT, resolved: true, isResolved: true }] } }, { output: { ids: ['c2', 'c3'], readerId: 'u-alex' } }, { output: null }],
      'xstate.error.actor.sendChange': [refusal('locked', 'The comment is locked.')],
      'xstate.done.actor.mentionAvailable': [{ output: { suggestions: [{ userId: 'u-sam', email: 'sam@example.com', firstName: 'Sam', lastName: 'Seat', avatar: null, userType: 'user' }] } }, { output: null }],
      'xstate.error.actor.mentionAvailable': [refusal('serverError', 'The service could not be reached.')],
    },
  },
  {
    name: 'commentPosting',
    machine: commentPostingMachine,
    input: { composerId: 'composer-new', target: { kind: 'new' }, placement: placement() },
    // An edit composer too: a failed save keeps the edited text (the draft is not cleared).
    // The edit of an annotated comment: its author redraws the annotation (a new snapshot and shapes).
    inputs: [
      { composerId: 'composer-edit-c1', target: { kind: 'edit', commentId: 'c1' }, placement: placement(), comment: PARENT },
      { composerId: 'composer-edit-c6', target: { kind: 'edit', commentId: 'c6' }, placement: placement(), comment: ANNOTATED },
    ],
    description:
      "One comment composer (new comment, reply or edit): the draft (content, attachments uploading → uploaded | error, an optional snapshot), the §5 checks before sending, posting (waits for uploads; comment.insert / reply / update), pending snapshot → snapshot upload (request, PUT, comment.update) → done; 'While adding comment:' failures, the draft restored for oldItemVersion, cancel clears everything (review-and-content §3, §4, §5, §8).",
    cases: {
      'posting.change': [{ content: blocks('Looks good') }, { content: blocks('   ') }, { content: blocks('x'.repeat(1_501)) }],
      'posting.focus': [{ currentTime: 12 }],
      'posting.addAttachments': [{ files: [ATTACHMENT_FILE] }, { files: [{ ...ATTACHMENT_FILE, fileId: 'f6', name: 'huge.mov', size: 6_000_000_000 }] }],
      'posting.removeAttachment': [{ attachmentId: 'attachment-1' }],
      'posting.setSnapshot': [{ snapshot: { fileId: 'f9', size: 4096, width: 1280, height: 720, isAnnotation: false, extension: 'png' } }, { snapshot: ANNOTATION_DRAFT }, { snapshot: ANNOTATION_WITH_BACKGROUND }],
      'posting.annotate': [{ mode: 'image', dialogId: 'annotation-1', prefs: { tool: 'rect', color: '#00ff00', opacity: 1, width: 6 } }],
      'posting.placement': [{ placement: placement('offline') }, { placement: placement() }],
      'attachment.changed': [
        { attachmentId: 'attachment-1', state: 'uploaded', key: 'review/attachments/k5/notes.pdf', progress: 1, message: null, comment: null },
        { attachmentId: 'attachment-1', state: 'error', key: '', progress: 0, message: 'This file type is not supported as an attachment.', comment: null },
      ],
      'file.hashed': [{ md5: MD5_HEX }],
      'file.hashFailed': [{ message: 'Hashing failed: the worker stopped' }],
      'file.putFailed': [{ status: 0, message: 'The upload could not reach the server.' }],
      'xstate.done.actor.saveComment': [{ output: { comment: commentRecord('c4') } }, { output: null }],
      'xstate.error.actor.saveComment': [refusal('oldItemVersion', 'The item has a newer version.'), refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.requestSnapshotUpload': [{ output: { url: 'http://localhost/api/uploads/put/s1', type: 'image/png', key: 'review/snapshots/k1/snapshot.png' } }, { output: {} }],
      'xstate.error.actor.requestSnapshotUpload': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.requestBackgroundUpload': [{ output: { url: 'http://localhost/api/uploads/put/s2', type: 'image/png', key: 'review/snapshots/k2/snapshot.png' } }, { output: {} }],
      'xstate.error.actor.requestBackgroundUpload': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.attachSnapshot': [{ output: { comment: commentRecord('c4') } }, { output: null }],
      'xstate.error.actor.attachSnapshot': [refusal('forbidden', 'Only the author may add the snapshot.')],
    },
  },
  {
    name: 'snapshotCapture',
    machine: snapshotCaptureMachine,
    input: { mode: 'image', shapes: null },
    // The server snapshots flag: the frame's HTML becomes the snapshot; and an edit redrawing stored shapes.
    inputs: [
      { mode: 'html', shapes: null },
      { mode: 'image', shapes: SHAPES },
      // An edit of an annotation stored with its clean background: loaded instead of a capture.
      { mode: 'image', shapes: SHAPES, background: { key: 'review/comments/i1/k2/snapshot.png', url: 'http://localhost/files/background.png', width: 1280, height: 720 } },
    ],
    description:
      "The snapshot dialog's capture, one per composer: capturing the player frame (an image at scale 2, or its HTML with the server snapshots flag) → annotating → commit (the flattened PNG and its shapes become the composer's snapshot) → closed; a failure shows review.snapshot.error with Cancel and retry; cancel or a route change closes it (review-and-content §4, §7, §8, §9).",
    cases: {
      // The dialog (its child) committed the flattened PNG (a FileStore id) with the shapes, or was abandoned.
      'xstate.done.actor.dialog': [{ output: { outcome: 'committed', export: { fileId: 'f10', size: 8192, width: 1280, height: 720 }, shapes: SHAPES } }, { output: { outcome: 'abandoned' } }],
      'xstate.done.actor.captureFrame': [
        { output: { kind: 'image', url: 'blob:http://localhost/capture-1', width: 1280, height: 720 } },
        { output: { kind: 'image', url: 'blob:http://localhost/capture-2', width: 1280, height: 720, fileId: 'f13', size: 6144 } },
        { output: { kind: 'html', fileId: 'f11', size: 2048, width: 1280, height: 720 } },
        { output: null },
      ],
      'xstate.error.actor.captureFrame': [{ error: { message: 'Time-out capturing a slide after 3 s' } }],
    },
  },
  {
    name: 'commentAttachment',
    machine: commentAttachmentMachine,
    input: { attachmentId: 'attachment-1', file: ATTACHMENT_FILE, itemId: 'i1', pass: null, delaySave: false, commentId: 'c1' },
    // Added to a new comment's draft (delaySave): uploaded after the PUT, saved with the comment.
    inputs: [{ attachmentId: 'attachment-1', file: ATTACHMENT_FILE, itemId: 'i1', pass: null, delaySave: true, commentId: null }],
    description: 'One comment attachment: MD5, comment.attachmentPresign, the PUT, and for an existing comment (delaySave false) comment.attachmentInsert; uploaded or error (review-and-content §3 Comment attachment, §7).',
    cases: {
      'file.hashed': [{ md5: MD5_HEX }],
      'file.hashFailed': [{ message: 'Hashing failed: the worker stopped' }],
      'file.progress': [{ loaded: 1024, total: 2048 }],
      'file.putFailed': [{ status: 403, message: 'The signed address expired.' }],
      'xstate.done.actor.presignAttachment': [{ output: { url: 'http://localhost/api/uploads/put/a1', key: 'review/attachments/k5/notes.pdf', type: 'application/pdf' } }, { output: {} }],
      'xstate.error.actor.presignAttachment': [refusal('attachmentType', 'This file type is not supported as an attachment.')],
      'xstate.done.actor.insertAttachment': [{ output: { comment: PARENT } }, { output: null }],
      'xstate.error.actor.insertAttachment': [refusal('tooManyAttachments', 'You can attach a maximum of 5 files to a comment.')],
    },
  },
  {
    name: 'commentEditor',
    machine: commentEditorMachine,
    description:
      "The comment editor's own states, one per composer: empty or filled (told by the composer), focused, and one pop-up at a time — mention suggestions while an '@word' is typed, or the emoji picker (review-and-content §4 comment editor, §9).",
    cases: {
      'editor.contentChanged': [{ empty: false }, { empty: true }],
      'editor.mentionQuery': [{ query: 'sa' }, { query: null }],
    },
  },
];
