/**
 * The snapshot dialog's capture and the annotated snapshot in the posting flow (review-and-content §4 comment
 * posting and dialogs, §5 annotation needs a non-reply comment, §7 snapshot upload request, §8 screenshot error):
 * "Annotate" captures the player (child `capture`), the committed PNG with its shapes becomes the draft's
 * snapshot and goes up through the pendingSnapshot → uploadingSnapshot path, carrying the shapes; a failure waits
 * on Cancel or retry; replies are never annotated; the author of an annotated comment redraws it in an edit.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { annotationDialogMachine, type AnnotationExport } from '../../machines/annotation/annotationDialogMachine.ts';
import type { canvasMachine } from '../../machines/annotation/canvasMachine.ts';
import type { CommentRecord } from '../../domain/comments.ts';
import type { StoredShape } from '../../domain/commentSnapshots.ts';
import type { ComposerTarget } from '../../machines/comments/commentEvents.ts';
import type { SnapshotDraft } from '../../machines/comments/commentPostingMachine.ts';
import { snapshotCaptureMachine } from '../../machines/comments/snapshotCaptureMachine.ts';
import { comment, fakeCommentAdapters, MD5_HEX, placement, text, type PostingActor } from './commentFixtures.ts';
import { controlled, recorder, settle } from './contentFixtures.ts';

const SHAPES: StoredShape[] = [{ id: 's1', kind: 'rect', color: '#e11d48', opacity: 1, width: 4, x: 0.1, y: 0.2, w: 0.3, h: 0.1 }];
const ANNOTATION: SnapshotDraft = { fileId: 'png-1', size: 8192, width: 1280, height: 720, isAnnotation: true, extension: 'png', annotation: { shapes: SHAPES } };
const IMAGE = { kind: 'image' as const, url: 'blob:http://localhost/cap-1', width: 1280, height: 720 };

function start(target: ComposerTarget = { kind: 'new' }, edited: CommentRecord | null = null) {
  const fakes = fakeCommentAdapters();
  const capture = controlled<{ mode: 'image' | 'html'; background: unknown }>();
  const releasedImages: string[] = [];
  const releasedCaptures: string[] = [];
  let committed = 0;
  let nextExport: AnnotationExport = { fileId: 'png-1', size: 8192, width: 1280, height: 720 };
  const tracked: string[] = [];
  const dialogLogic = annotationDialogMachine.provide({
    actors: { exportPng: fromPromise(async () => nextExport) },
    actions: { track: (_, params) => void tracked.push(params.event) },
  });
  const captureLogic = snapshotCaptureMachine.provide({
    actors: { captureFrame: capture.logic as never, dialog: dialogLogic },
    actions: { reportError: (_, params) => void fakes.reported.push(params.message), releaseImage: (_, params) => void releasedImages.push(params.url), releaseFile: (_, params) => void releasedCaptures.push(params.fileId), annotationCommitted: () => void (committed += 1) },
  });
  const posting = fakes.posting.provide({ actors: { capture: captureLogic } });
  const toasts = recorder();
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'toasts', systemId: 'toasts', src: toasts.logic },
        { id: 'composer', src: posting, input: { composerId: 'composer-test', target, placement: placement(), comment: edited } },
      ],
    }),
  ).start();
  const actor = (root.getSnapshot().children as Record<string, AnyActorRef>).composer as PostingActor;
  const captureActor = () => actor.getSnapshot().children.capture as ActorRefFrom<typeof snapshotCaptureMachine> | undefined;
  const dialogActor = () => captureActor()?.getSnapshot().children.dialog as ActorRefFrom<typeof annotationDialogMachine> | undefined;
  /** "Save annotation" in the dialog: the export (a FileStore id and sizes) and the shapes become the draft's snapshot. */
  const commit = async (draft: SnapshotDraft) => {
    nextExport = { fileId: draft.fileId, size: draft.size, width: draft.width, height: draft.height };
    dialogActor()!.send({ type: 'annotation.save', shapes: draft.annotation?.shapes ?? [] });
    await settle();
  };
  /** The dialog's Cancel (nothing drawn). */
  const cancel = () => dialogActor()!.send({ type: 'annotation.cancel', shapeCount: 0 });
  return { ...fakes, capture, actor, captureActor, dialogActor, commit, cancel, tracked, releasedImages, releasedCaptures, committed: () => committed };
}

describe('Annotate: capture, dialog, commit (review-and-content §4)', () => {
  it('captures the player, commits the flattened PNG with its shapes, and posts it through the snapshot upload with the shapes', async () => {
    const h = start();
    h.actor.send({ type: 'posting.change', content: text('The button overlaps the title') });
    h.actor.send({ type: 'posting.annotate', mode: 'image' });
    expect(h.captureActor()?.getSnapshot().value).toBe('capturing');
    expect(h.capture.calls[0]!.input).toEqual({ mode: 'image', background: null });
    h.capture.calls[0]!.resolve(IMAGE);
    await settle();
    expect(h.captureActor()?.getSnapshot().value).toBe('annotating');
    expect(h.captureActor()?.getSnapshot().context.image).toEqual({ url: IMAGE.url, width: 1280, height: 720 });
    await h.commit(ANNOTATION);
    await settle();
    expect(h.captureActor()).toBeUndefined();
    expect(h.releasedImages).toEqual([IMAGE.url]);
    expect(h.committed()).toBe(1);
    expect(h.actor.getSnapshot().context.snapshot).toEqual({ ...ANNOTATION, background: null });

    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls[0]!.input.payload).toMatchObject({ withSnapshot: true });
    h.save.calls[0]!.resolve({ comment: comment('c9') });
    await settle();
    h.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    expect(h.snapshotUrl.calls[0]!.input).toMatchObject({ extension: 'png', size: 8192 });
    h.snapshotUrl.calls[0]!.resolve({ url: 'http://localhost/api/uploads/put/s1', type: 'image/png', key: 'review/comments/i1/k/snapshot.png' });
    await settle();
    h.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    expect(h.save.calls[1]!.input).toEqual({
      name: 'comment.update',
      payload: { itemId: 'i1', pass: null, id: 'c9', snapshot: { key: 'review/comments/i1/k/snapshot.png', width: 1280, height: 720, isAnnotation: true, annotation: { shapes: SHAPES } } },
    });
  });

  it('a capture failure waits with its error until Cancel (nothing attached) or a retry', async () => {
    const h = start();
    h.actor.send({ type: 'posting.annotate', mode: 'image' });
    h.capture.calls[0]!.reject(new Error('Time-out capturing a slide after 3 s'));
    await settle();
    expect(h.captureActor()?.getSnapshot().value).toBe('failed');
    expect(h.captureActor()?.getSnapshot().context.error).toBe('Time-out capturing a slide after 3 s');
    expect(h.reported).toEqual(['Error capturing the player: Time-out capturing a slide after 3 s']);
    h.dialogActor()!.send({ type: 'annotation.retry' });
    expect(h.captureActor()?.getSnapshot().value).toBe('capturing');
    expect(h.capture.calls).toHaveLength(2);
    h.capture.calls[1]!.reject(new Error('again'));
    await settle();
    h.cancel();
    await settle();
    expect(h.captureActor()).toBeUndefined();
    expect(h.actor.getSnapshot().context.snapshot).toBeNull();
    expect(h.committed()).toBe(0);
  });

  it('closes on a route change and on cancel while annotating, attaching nothing', async () => {
    const h = start();
    h.actor.send({ type: 'posting.annotate', mode: 'image' });
    h.capture.calls[0]!.resolve(IMAGE);
    await settle();
    h.captureActor()!.send({ type: 'capture.close' });
    await settle();
    expect(h.captureActor()).toBeUndefined();
    expect(h.releasedImages).toEqual([IMAGE.url]);
    expect(h.actor.getSnapshot().context.snapshot).toBeNull();
    // The dialog (its child) was abandoned, tracked, rather than dropped.
    expect(h.tracked).toEqual(['annotation dialog opened', 'annotation dialog abandoned']);
  });

  it('runs the dialog as its child, told of the capture; an image that will not load is captured again on Retry', async () => {
    const h = start();
    h.actor.send({ type: 'posting.annotate', mode: 'image', dialogId: 'annotation-x-1', prefs: { tool: 'rect', color: '#00ff00', opacity: 1, width: 6 } });
    expect(h.dialogActor()?.getSnapshot().value).toBe('capturing');
    expect(h.dialogActor()?.getSnapshot().context.dialogId).toBe('annotation-x-1');
    h.capture.calls[0]!.resolve(IMAGE);
    await settle();
    expect(h.dialogActor()?.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    const canvas = h.dialogActor()!.getSnapshot().children.canvas as ActorRefFrom<typeof canvasMachine>;
    expect(canvas.getSnapshot().context.prefs.tool).toBe('rect');
    // The view could not load the image: the dialog shows the error; Retry captures the player again.
    h.dialogActor()!.send({ type: 'annotation.captureFailed' });
    h.dialogActor()!.send({ type: 'annotation.retry' });
    expect(h.captureActor()?.getSnapshot().value).toBe('capturing');
    expect(h.releasedImages).toEqual([IMAGE.url]);
    h.capture.calls[1]!.resolve(IMAGE);
    await settle();
    expect(h.dialogActor()?.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    await h.commit(ANNOTATION);
    expect(h.actor.getSnapshot().context.snapshot).toEqual({ ...ANNOTATION, background: null });
    expect(h.tracked).toEqual(['annotation dialog opened', 'annotation dialog committed']);
  });

  it('with the server snapshots flag the frame HTML becomes the snapshot at once', async () => {
    const h = start();
    h.actor.send({ type: 'posting.annotate', mode: 'html' });
    expect(h.capture.calls[0]!.input).toEqual({ mode: 'html', background: null });
    h.capture.calls[0]!.resolve({ kind: 'html', fileId: 'html-1', size: 2048, width: 1280, height: 720 });
    await settle();
    expect(h.captureActor()).toBeUndefined();
    expect(h.actor.getSnapshot().context.snapshot).toEqual({ fileId: 'html-1', size: 2048, width: 1280, height: 720, isAnnotation: false, extension: 'html', annotation: null });
  });

  it('is never offered to a reply, nor to the edit of a comment without an annotation', () => {
    const reply = start({ kind: 'reply', parentId: 'c1' });
    reply.actor.send({ type: 'posting.annotate', mode: 'image' });
    expect(reply.captureActor()).toBeUndefined();
    expect(reply.capture.calls).toHaveLength(0);
    const plain = start({ kind: 'edit', commentId: 'c1' }, comment('c1'));
    plain.actor.send({ type: 'posting.annotate', mode: 'image' });
    plain.actor.send({ type: 'posting.setSnapshot', snapshot: ANNOTATION });
    expect(plain.captureActor()).toBeUndefined();
    expect(plain.actor.getSnapshot().context.snapshot).toBeNull();
  });

  it('the author redraws an annotated comment in its edit: the stored shapes come back, the new snapshot follows the saved text', async () => {
    const stored = comment('c6', { snapshot: { key: 'review/comments/i1/old/snapshot.png', width: 1280, height: 720, isAnnotation: true, url: null, annotation: { shapes: SHAPES } } });
    const h = start({ kind: 'edit', commentId: 'c6' }, stored);
    h.actor.send({ type: 'posting.annotate', mode: 'image' });
    expect(h.captureActor()?.getSnapshot().context.shapes).toEqual(SHAPES);
    h.capture.calls[0]!.resolve(IMAGE);
    await settle();
    const moved: SnapshotDraft = { ...ANNOTATION, fileId: 'png-2', annotation: { shapes: [{ ...SHAPES[0]!, x: 0.5 } as StoredShape] } };
    await h.commit(moved);
    await settle();
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls[0]!.input.name).toBe('comment.update');
    h.save.calls[0]!.resolve({ comment: stored });
    await settle();
    expect(h.actor.getSnapshot().value).toBe('pendingSnapshot');
    h.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    expect(h.snapshotUrl.calls[0]!.input).toMatchObject({ versionId: 'v2' });
    h.snapshotUrl.calls[0]!.resolve({ url: 'http://localhost/api/uploads/put/s2', type: 'image/png', key: 'review/comments/i1/new/snapshot.png' });
    await settle();
    h.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    expect(h.save.calls[1]!.input.payload).toMatchObject({ id: 'c6', snapshot: { key: 'review/comments/i1/new/snapshot.png', isAnnotation: true, annotation: moved.annotation } });
  });

  it('a new annotation uploads the capture as its clean background after the image and names it; a canceled capture releases it', async () => {
    const h = start();
    h.actor.send({ type: 'posting.change', content: text('Kept with its background') });
    h.actor.send({ type: 'posting.annotate', mode: 'image' });
    h.capture.calls[0]!.resolve({ ...IMAGE, fileId: 'capture-1', size: 6000 });
    await settle();
    await h.commit(ANNOTATION);
    await settle();
    expect(h.releasedCaptures).toEqual([]);
    expect(h.actor.getSnapshot().context.snapshot?.background).toEqual({ kind: 'file', fileId: 'capture-1', size: 6000 });
    h.actor.send({ type: 'posting.submit' });
    h.save.calls[0]!.resolve({ comment: comment('c10') });
    await settle();
    h.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    expect(h.actor.getSnapshot().value).toBe('pendingBackground');
    expect(h.hash.last().input).toEqual({ fileId: 'capture-1' });
    h.hash.last().sendBack({ type: 'file.hashed', md5: 'b'.repeat(32) });
    await settle();
    h.snapshotUrl.calls[0]!.resolve({ url: 'http://localhost/api/uploads/put/s1', type: 'image/png', key: 'review/comments/i1/k/snapshot.png' });
    await settle();
    h.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    expect(h.snapshotUrl.calls[1]!.input).toMatchObject({ extension: 'png', md5: 'b'.repeat(32), size: 6000 });
    h.snapshotUrl.calls[1]!.resolve({ url: 'http://localhost/api/uploads/put/s2', type: 'image/png', key: 'review/comments/i1/bg/snapshot.png' });
    await settle();
    expect(h.put.last().input).toMatchObject({ fileId: 'capture-1', url: 'http://localhost/api/uploads/put/s2', md5: 'b'.repeat(32) });
    h.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    expect(h.save.calls[1]!.input.payload).toMatchObject({ id: 'c10', snapshot: { key: 'review/comments/i1/k/snapshot.png', backgroundKey: 'review/comments/i1/bg/snapshot.png' } });

    // Canceled after a capture: its file goes.
    const other = start();
    other.actor.send({ type: 'posting.annotate', mode: 'image' });
    other.capture.calls[0]!.resolve({ ...IMAGE, fileId: 'capture-2', size: 6000 });
    await settle();
    other.cancel();
    await settle();
    expect(other.releasedCaptures).toEqual(['capture-2']);
  });

  it('an edit of an annotation with a stored background loads it (no capture) and re-uploads only the flattened image, keeping the background', async () => {
    const background = { key: 'review/comments/i1/bg/snapshot.png', url: 'http://localhost/files/bg.png' };
    const stored = comment('c7', { snapshot: { key: 'review/comments/i1/old/snapshot.png', width: 1280, height: 720, isAnnotation: true, url: null, annotation: { shapes: SHAPES }, backgroundKey: background.key, backgroundUrl: background.url } });
    const h = start({ kind: 'edit', commentId: 'c7' }, stored);
    h.actor.send({ type: 'posting.annotate', mode: 'image' });
    expect(h.capture.calls[0]!.input).toEqual({ mode: 'image', background: { ...background, width: 1280, height: 720 } });
    h.capture.calls[0]!.resolve({ ...IMAGE, url: 'blob:http://localhost/bg' });
    await settle();
    await h.commit({ ...ANNOTATION, fileId: 'png-3' });
    await settle();
    h.actor.send({ type: 'posting.submit' });
    h.save.calls[0]!.resolve({ comment: stored });
    await settle();
    h.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    h.snapshotUrl.calls[0]!.resolve({ url: 'http://localhost/api/uploads/put/s3', type: 'image/png', key: 'review/comments/i1/new/snapshot.png' });
    await settle();
    h.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    expect(h.snapshotUrl.calls).toHaveLength(1);
    expect(h.save.calls[1]!.input.payload).toMatchObject({ id: 'c7', snapshot: { key: 'review/comments/i1/new/snapshot.png', backgroundKey: background.key } });
  });
});
