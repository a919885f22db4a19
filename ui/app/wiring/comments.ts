import { fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { commentsSubjectOf } from '../../../machines/comments/commentEvents.ts';
import { commentAttachmentMachine, commentPostingMachine, type SaveCommentInput } from '../../../machines/comments/commentPostingMachine.ts';
import { commentPrefsOf, commentsMachine } from '../../../machines/comments/commentsMachine.ts';
import type { socketMachine } from '../../../machines/session/socketMachine.ts';
import { snapshotCaptureMachine, type CaptureOutput } from '../../../machines/comments/snapshotCaptureMachine.ts';
import { captureFrame } from '../../../adapters/snapshotCapture.ts';
import type { AppSystem } from '../../system.tsx';
import { ANNOTATION_SURVEY_SLUG, annotationSurveyHiding } from './annotation.ts';
import { annotationDialogLogic } from './annotationDialog.ts';
import { fileTransferActors, reportError, subjectTeller, type Adapters, type Running } from './common.ts';

/** Where the comments' sort is kept (review-and-content §9 "persisted"; the key is not named). */
const COMMENT_PREFS_STORAGE_KEY = 'review.commentPrefs';

/**
 * Comments (review-and-content §4, §7): every comment request over the item requests' socket (the user's, or the
 * anonymous reviewer's /anon); attachments and snapshots are hashed in the MD5 worker and PUT to their signed address
 * like uploads. File objects stay in the FileStore; the machines carry their ids.
 */
export function commentsActors(a: Adapters) {
  const { commentClient, files } = a;
  const surveyHiding = annotationSurveyHiding(a);
  const { hashFile: hashCommentFile, putFile: putCommentFile } = fileTransferActors(a, 'file', { hashProgress: false });
  const saveComment = (input: SaveCommentInput) =>
    input.name === 'comment.insert'
      ? commentClient.request('comment.insert', input.payload)
      : input.name === 'comment.reply'
        ? commentClient.request('comment.reply', input.payload)
        : commentClient.request('comment.update', input.payload);
  const releaseFile = (_: unknown, params: { fileId: string }) => files.remove(params.fileId);
  const commentAttachment = commentAttachmentMachine.provide({
    actors: {
      hashFile: hashCommentFile,
      putFile: putCommentFile,
      presignAttachment: fromPromise(({ input }) => commentClient.request('comment.attachmentPresign', input)),
      insertAttachment: fromPromise(({ input }) => commentClient.request('comment.attachmentInsert', input)),
    },
    actions: { reportError },
  });
  // The snapshot dialog's capture: the image as an object URL the dialog draws on; the HTML as a file to upload.
  const capture = snapshotCaptureMachine.provide({
    actors: {
      // The annotation dialog and its canvas (ui/app/wiring/annotationDialog.ts).
      dialog: annotationDialogLogic(a),
      captureFrame: fromPromise(async ({ input }): Promise<CaptureOutput> => {
        // An edit of an annotation stored with its clean background draws on that, not on the player as it is now.
        if (input.background) {
          const response = await fetch(input.background.url);
          if (!response.ok) throw new Error(`The original image could not be loaded (HTTP ${response.status}).`);
          return { kind: 'image', url: URL.createObjectURL(await response.blob()), width: input.background.width, height: input.background.height };
        }
        const captured = await captureFrame(input.mode);
        if (captured.kind === 'image') {
          // The capture is kept as a file too: the annotation's clean background, uploaded beside the flattened PNG.
          const background = new File([captured.blob], 'background.png', { type: 'image/png' });
          return { kind: 'image', url: URL.createObjectURL(captured.blob), width: captured.width, height: captured.height, fileId: files.add(background), size: background.size };
        }
        const file = new File([captured.html], 'snapshot.html', { type: 'text/html' });
        return { kind: 'html', fileId: files.add(file), size: file.size, width: captured.width, height: captured.height };
      }),
    },
    actions: {
      reportError,
      releaseImage: (_, params) => URL.revokeObjectURL(params.url),
      releaseFile,
      // foundation §9 survey `screenshot-annotation`: asked after the first committed annotation, unless answered or
      // dismissed (this session, or within the hide period: wiring/annotation.ts).
      annotationCommitted: ({ system }) => {
        const surveys = system.get('surveys') as AnyActorRef | undefined;
        const context = surveys?.getSnapshot().context as { submitted?: string[]; dismissed?: string[]; asked?: string[]; userId?: string | null } | undefined;
        if (!surveys || !context) return;
        const slug = ANNOTATION_SURVEY_SLUG;
        if (context.submitted?.includes(slug) || context.dismissed?.includes(slug) || context.asked?.includes(slug)) return;
        if (surveyHiding.isHidden(context.userId ?? null)) return;
        surveys.send({ type: 'surveys.ask', slug });
      },
    },
  });
  const commentPosting = commentPostingMachine.provide({
    actors: {
      capture,
      attachment: commentAttachment,
      saveComment: fromPromise(({ input }) => saveComment(input)),
      hashFile: hashCommentFile,
      putFile: putCommentFile,
      requestSnapshotUpload: fromPromise(({ input }) => commentClient.request('comment.snapshotUploadRequest', input)),
    },
    actions: { reportError, releaseFile },
  });
  const comments = commentsMachine.provide({
    actors: {
      posting: commentPosting,
      findComments: fromPromise(({ input }) => commentClient.request('comment.find', input)),
      sendChange: fromPromise(({ input }) => commentClient.request(input.name, input.payload as never)),
      mentionAvailable: fromPromise(({ input }) => commentClient.request('comment.mentionAvailable', input)),
    },
    actions: { reportError },
  });
  return { comments };
}

/**
 * Once the system runs: the sort is remembered; the open item's facts, and the connection the requests travel on,
 * are told to the comments actor whenever they change (views do no side effects).
 */
export function connectComments({ actor, observe, storage }: Running) {
  const commentsRef = actor('comments');
  commentsRef.send({ type: 'comments.prefsLoaded', stored: storage.get(COMMENT_PREFS_STORAGE_KEY) });
  let storedCommentPrefs = commentPrefsOf(commentsRef.getSnapshot().context);
  observe(commentsRef, () => {
    const prefs = commentPrefsOf(commentsRef.getSnapshot().context);
    if (prefs === storedCommentPrefs) return;
    storedCommentPrefs = prefs;
    storage.set(COMMENT_PREFS_STORAGE_KEY, prefs);
  });
  const itemRef = actor('item');
  const tellComments = subjectTeller<NonNullable<ReturnType<typeof commentsSubjectOf>>>((subject, wasOpen) => {
    if (!subject) commentsRef.send({ type: 'comments.close' });
    else commentsRef.send({ type: wasOpen ? 'comments.itemChanged' : 'comments.open', ...subject });
  });
  const tellCommentsAboutItem = (snapshot: ReturnType<AppSystem['item']['getSnapshot']>) => {
    const outOfDate = snapshot.context.outOfDate || snapshot.matches({ open: { fetchSuccess: { oldVersionError: 'open' } } });
    tellComments(commentsSubjectOf({ ...snapshot.context, outOfDate }, snapshot.matches({ open: 'fetchSuccess' })));
  };
  tellCommentsAboutItem(itemRef.getSnapshot());
  observe(itemRef, () => tellCommentsAboutItem(itemRef.getSnapshot()));
  // Offline (§8 "editor offline"): the user's or anonymous reviewer's connection is reconnecting, gone or refused.
  type SocketRef = ActorRefFrom<typeof socketMachine>;
  const sessionRef = actor('session');
  let watchedSocket: SocketRef | null = null;
  let socketWatch: { unsubscribe(): void } | null = null;
  let commentsOnline = true;
  const tellCommentsOnline = (snapshot: ReturnType<SocketRef['getSnapshot']>) => {
    const online = !(snapshot.matches('reconnecting') || snapshot.matches('disconnected') || snapshot.matches('refused'));
    if (online === commentsOnline) return;
    commentsOnline = online;
    commentsRef.send({ type: 'comments.connectionChanged', online });
  };
  const watchUserSocket = (snapshot: ReturnType<AppSystem['session']['getSnapshot']>) => {
    const socket = (snapshot.children as { userSocket?: SocketRef }).userSocket ?? null;
    if (socket === watchedSocket) return;
    socketWatch?.unsubscribe();
    watchedSocket = socket;
    socketWatch = socket ? observe(socket, () => tellCommentsOnline(socket.getSnapshot())) : null;
    if (socket) tellCommentsOnline(socket.getSnapshot());
  };
  watchUserSocket(sessionRef.getSnapshot());
  observe(sessionRef, () => watchUserSocket(sessionRef.getSnapshot()));
}
