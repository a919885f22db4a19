import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { COMMENT_ENTER_MS } from '../../domain/constants.ts';
import type { UploadFileRef } from '../../machines/items/itemEvents.ts';
import { EMPTY_CONTENT } from '../../machines/comments/commentPostingMachine.ts';
import { comment, MD5_HEX, placement, startComposer, text } from './commentFixtures.ts';
import { refusal, settle } from './contentFixtures.ts';

const pdf = (n: number, over: Partial<UploadFileRef> = {}): UploadFileRef => ({ fileId: `f${n}`, name: `notes-${n}.pdf`, size: 2048, type: 'application/pdf', ...over });
const SNAPSHOT = { fileId: 'snap-1', size: 4096, width: 1280, height: 720, isAnnotation: false, extension: 'png' as const };

type Harness = ReturnType<typeof startComposer>;
const ctx = (h: Harness) => h.actor.getSnapshot().context;
const value = (h: Harness) => h.actor.getSnapshot().value;
const told = (h: Harness, type: string) => h.told.filter((e) => e.type === type);

/** Drives the upload of file `f<n>` (notes-<n>.pdf) through hashing, presign and the PUT. */
async function uploadAttachment(h: Harness, n: number, key = `review/attachments/k${n}/notes.pdf`) {
  h.hash.runs.find((r) => r.input.fileId === `f${n}`)!.sendBack({ type: 'file.hashed', md5: MD5_HEX });
  await settle();
  const presign = h.presign.calls.find((c) => c.input.fileName === `notes-${n}.pdf`)!;
  presign.resolve({ url: `http://localhost/api/uploads/put/a${n}`, key, type: 'application/pdf' });
  await settle();
  const putRun = h.put.runs.find((r) => r.input.fileId === `f${n}`)!;
  putRun.sendBack({ type: 'file.putDone' });
  await settle();
  return { presign, putRun };
}

describe('comment posting: the happy path (review-and-content §4 comment posting)', () => {
  it('idle → posting (comment.insert; the box is cleared and read-only) → done → idle after the enter transition', async () => {
    const clock = new SimulatedClock();
    const h = startComposer({}, { clock });
    h.actor.send({ type: 'posting.change', content: text('The logo is blurry') });
    h.actor.send({ type: 'posting.submit' });
    expect(h.actor.getSnapshot().hasTag('posting')).toBe(true);
    expect(ctx(h).content).toEqual(EMPTY_CONTENT);
    expect(h.save.calls.map((c) => c.input)).toEqual([
      {
        name: 'comment.insert',
        payload: { itemId: 'i1', pass: null, versionId: 'v2', content: text('The logo is blurry'), currentTime: null, slideId: 's1', attachments: [], withSnapshot: false },
      },
    ]);
    const stored = comment('c9', { content: text('The logo is blurry') });
    h.save.calls[0]!.resolve({ comment: stored });
    await settle();
    expect(value(h)).toBe('done');
    expect(told(h, 'posting.stored')).toEqual([{ type: 'posting.stored', composerId: 'composer-test', comment: stored }]);
    expect(told(h, 'posting.finished')).toEqual([{ type: 'posting.finished', composerId: 'composer-test', outcome: 'saved' }]);
    clock.increment(COMMENT_ENTER_MS);
    expect(value(h)).toBe('idle');
    expect(ctx(h).error).toBeNull();
  });

  it('a video comment carries the time captured when the box got focus, and no slide', async () => {
    const h = startComposer({ placement: placement({ family: 'video', slideId: null, currentTime: 3 }) });
    h.actor.send({ type: 'posting.focus', currentTime: 42.5 });
    h.actor.send({ type: 'posting.change', content: text('Audio drops here') });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls[0]!.input.payload).toMatchObject({ currentTime: 42.5, slideId: null });
  });

  it('with a snapshot: pending comment awaiting its snapshot → snapshot upload (request, PUT, comment.update) → done', async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content: text('See the screenshot') });
    h.actor.send({ type: 'posting.setSnapshot', snapshot: SNAPSHOT });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls[0]!.input.payload).toMatchObject({ withSnapshot: true });
    h.save.calls[0]!.resolve({ comment: comment('c9') });
    await settle();
    expect(value(h)).toBe('pendingSnapshot');
    expect(h.hash.last().input).toEqual({ fileId: 'snap-1' });
    h.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    expect(value(h)).toEqual({ uploadingSnapshot: 'requestingUrl' });
    expect(h.snapshotUrl.calls[0]!.input).toEqual({ itemId: 'i1', pass: null, versionId: 'v2', extension: 'png', md5: MD5_HEX, size: 4096 });
    h.snapshotUrl.calls[0]!.resolve({ url: 'http://localhost/api/uploads/put/s1', type: 'image/png', key: 'review/snapshots/k1/snapshot.png' });
    await settle();
    expect(value(h)).toEqual({ uploadingSnapshot: 'putting' });
    expect(h.put.last().input).toEqual({ fileId: 'snap-1', url: 'http://localhost/api/uploads/put/s1', contentType: 'image/png', fileName: 'snapshot.png', md5: MD5_HEX });
    h.put.last().sendBack({ type: 'file.putDone' });
    await settle();
    expect(value(h)).toEqual({ uploadingSnapshot: 'attaching' });
    expect(h.save.calls[1]!.input).toEqual({
      name: 'comment.update',
      payload: { itemId: 'i1', pass: null, id: 'c9', snapshot: { key: 'review/snapshots/k1/snapshot.png', width: 1280, height: 720, isAnnotation: false } },
    });
    h.save.calls[1]!.resolve({ comment: comment('c9', { snapshot: { key: 'review/snapshots/k1/snapshot.png', width: 1280, height: 720, isAnnotation: false, url: null } }) });
    await settle();
    expect(value(h)).toBe('done');
    expect(told(h, 'posting.stored')).toHaveLength(2);
    expect(h.released).toContain('snap-1');
  });

  it("a failed snapshot upload is reported as 'While uploading comment snapshot: …'; the comment stays", async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content: text('See the screenshot') });
    h.actor.send({ type: 'posting.setSnapshot', snapshot: SNAPSHOT });
    h.actor.send({ type: 'posting.submit' });
    h.save.calls[0]!.resolve({ comment: comment('c9') });
    await settle();
    h.hash.last().sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    h.snapshotUrl.calls[0]!.reject(refusal('serverError', 'The service could not be reached.'));
    await settle();
    expect(value(h)).toBe('done');
    expect(ctx(h).error).toBe('While uploading comment snapshot: The service could not be reached.');
    expect(h.reported).toContain('While uploading comment snapshot: The service could not be reached.');
    expect(h.toasts.events.at(-1)).toMatchObject({ toast: { id: 'commentSnapshotFailed', message: 'While uploading comment snapshot: The service could not be reached.' } });
    expect(told(h, 'posting.stored')).toHaveLength(1);
  });
});

describe('comment posting: refusals (§8)', () => {
  it('oldItemVersion: the draft is restored and the parent told, so the item is flagged out of date', async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content: text('Typo here') });
    h.actor.send({ type: 'posting.submit' });
    h.save.calls[0]!.reject(refusal('oldItemVersion', 'The item has a newer version.'));
    await settle();
    expect(value(h)).toBe('idle');
    expect(ctx(h).content).toEqual(text('Typo here'));
    expect(ctx(h).error).toBe('While adding comment: The item has a newer version.');
    expect(told(h, 'posting.refused')).toEqual([{ type: 'posting.refused', composerId: 'composer-test', reason: 'oldItemVersion' }]);
  });

  it("another refusal is reported as 'While adding comment: …' (inline and a toast); the draft is not restored", async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content: text('Hello') });
    h.actor.send({ type: 'posting.submit' });
    h.save.calls[0]!.reject(refusal('commentsDisabled', 'Comments are turned off for this item.'));
    await settle();
    expect(value(h)).toBe('idle');
    expect(ctx(h).error).toBe('While adding comment: Comments are turned off for this item.');
    expect(h.reported).toEqual(['While adding comment: Comments are turned off for this item.']);
    expect(h.toasts.events).toEqual([
      { type: 'toast.show', toast: expect.objectContaining({ id: 'commentAddFailed', severity: 'error', message: 'While adding comment: Comments are turned off for this item.' }) },
    ]);
    expect(ctx(h).content).toEqual(EMPTY_CONTENT);
    expect(told(h, 'posting.refused')).toEqual([]);
  });

  it.each([
    ['1,501 characters', text('x'.repeat(1_501)), 'tooLong', 'Comments can be at most 1500 characters.'],
    ['whitespace only', text('   \n  '), 'empty', 'Write a comment first.'],
    ['a script tag', text('Nice <script>alert(1)</script>'), 'unsafe', 'Comments cannot contain a script tag. Remove it and try again.'],
  ])('%s is refused on the client: no request, the message is shown', (_name, content, kind, message) => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls).toEqual([]);
    expect(value(h)).toBe('idle');
    expect(ctx(h).problem).toEqual({ kind, message });
    expect(ctx(h).content).toEqual(content);
  });

  it('1,500 characters (emoji count as one) are accepted', () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content: text(`${'😀'.repeat(10)}${'x'.repeat(1_490)}`) });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls).toHaveLength(1);
  });

  it('a mention name with an event-handler attribute is refused', () => {
    const h = startComposer();
    const content = {
      blocks: [{ key: 'b0', text: '@Sam look', type: 'unstyled' as const, entityRanges: [{ offset: 0, length: 4, key: 0 }] }],
      entityMap: { '0': { type: 'mention' as const, mutability: 'IMMUTABLE' as const, data: { userId: 'u-sam', email: 'sam@example.com', name: '<img src=x onerror=alert(1)>' } } },
    };
    h.actor.send({ type: 'posting.change', content });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls).toEqual([]);
    expect(ctx(h).problem).toEqual({ kind: 'unsafe', message: 'Mention names cannot contain an event-handler attribute. Remove it and try again.' });
  });

  it('a read-only box sends nothing', () => {
    const h = startComposer({ placement: placement({ blockedBy: 'outOfDate' }) });
    h.actor.send({ type: 'posting.change', content: text('Hello') });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls).toEqual([]);
    expect(ctx(h).problem).toEqual({ kind: 'blocked', reason: 'outOfDate' });
  });
});

describe('comment posting: attachments (§3 Comment attachment, §5)', () => {
  it('an attachment uploads (MD5, presign, PUT) and goes with the insert (delaySave); posting waits until none is uploading', async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.addAttachments', files: [pdf(1)] });
    expect(ctx(h).attachments).toMatchObject([{ id: 'attachment-1', title: 'notes-1.pdf', state: 'uploading', delaySave: true }]);
    h.actor.send({ type: 'posting.change', content: text('Notes attached') });
    h.actor.send({ type: 'posting.submit' });
    expect(value(h)).toEqual({ posting: 'waitingForAttachments' });
    expect(h.save.calls).toEqual([]);
    const { presign, putRun } = await uploadAttachment(h, 1);
    expect(presign.input).toEqual({ itemId: 'i1', pass: null, fileName: 'notes-1.pdf', size: 2048, md5: MD5_HEX, contentType: 'application/pdf' });
    expect(putRun.input).toMatchObject({ fileId: 'f1', url: 'http://localhost/api/uploads/put/a1', contentType: 'application/pdf', md5: MD5_HEX });
    expect(h.released).toContain('f1');
    expect(h.save.calls[0]!.input.payload).toMatchObject({ attachments: [{ key: 'review/attachments/k1/notes.pdf', title: 'notes-1.pdf' }] });
  });

  it("a sixth attachment is refused with 'maximum attachments'; a 6 GB file and an .exe too, before anything starts", () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.addAttachments', files: [1, 2, 3, 4, 5].map((n) => pdf(n)) });
    expect(ctx(h).attachments).toHaveLength(5);
    expect(ctx(h).attachmentProblem).toBeNull();
    h.actor.send({ type: 'posting.addAttachments', files: [pdf(6)] });
    expect(ctx(h).attachments).toHaveLength(5);
    expect(ctx(h).attachmentProblem).toEqual({ kind: 'maximumAttachments', message: 'You can attach a maximum of 5 files to a comment.' });
    expect(h.hash.runs).toHaveLength(5);
    expect(h.released).toEqual(['f6']);

    const other = startComposer();
    other.actor.send({ type: 'posting.addAttachments', files: [pdf(7, { name: 'huge.mov', size: 6_000_000_000 })] });
    expect(ctx(other).attachmentProblem?.kind).toBe('fileSize');
    other.actor.send({ type: 'posting.addAttachments', files: [pdf(8, { name: 'setup.exe' })] });
    expect(ctx(other).attachmentProblem).toEqual({ kind: 'fileType', message: 'This file type is not supported as an attachment.' });
    expect(ctx(other).attachments).toEqual([]);
    expect(other.hash.runs).toEqual([]);
  });

  it('a failed upload shows as an error and can be removed; failed ones are not sent', async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.addAttachments', files: [pdf(1), pdf(2)] });
    h.hash.runs[0]!.sendBack({ type: 'file.hashed', md5: MD5_HEX });
    await settle();
    h.presign.calls[0]!.reject(refusal('attachmentType', 'This file type is not supported as an attachment.'));
    await settle();
    expect(ctx(h).attachments[0]).toMatchObject({ id: 'attachment-1', state: 'error', message: 'This file type is not supported as an attachment.' });
    h.actor.send({ type: 'posting.removeAttachment', attachmentId: 'attachment-1' });
    expect(ctx(h).attachments.map((a) => a.id)).toEqual(['attachment-2']);
    await uploadAttachment(h, 2);
    h.actor.send({ type: 'posting.change', content: text('Second try') });
    h.actor.send({ type: 'posting.submit' });
    expect(h.save.calls[0]!.input.payload).toMatchObject({ attachments: [{ key: 'review/attachments/k2/notes.pdf', title: 'notes-2.pdf' }] });
  });

  it('cancel clears everything and forgets new attachments: uploads stop, files are released, nothing is sent', async () => {
    const h = startComposer();
    h.actor.send({ type: 'posting.change', content: text('Draft') });
    h.actor.send({ type: 'posting.addAttachments', files: [pdf(1), pdf(2)] });
    await uploadAttachment(h, 1);
    h.actor.send({ type: 'posting.setSnapshot', snapshot: SNAPSHOT });
    h.actor.send({ type: 'posting.cancel' });
    expect(ctx(h)).toMatchObject({ content: EMPTY_CONTENT, attachments: [], snapshot: null, problem: null, attachmentProblem: null });
    expect(h.hash.runs[1]!.stopped).toBe(true);
    expect(h.attachmentActor('attachment-2')).toBeUndefined();
    expect(h.released.sort()).toEqual(['f1', 'f2', 'snap-1']);
    expect(h.save.calls).toEqual([]);
    expect(h.insertAttachment.calls).toEqual([]);
    expect(told(h, 'posting.finished')).toEqual([{ type: 'posting.finished', composerId: 'composer-test', outcome: 'canceled' }]);
  });
});

describe('comment posting: edit mode', () => {
  const stored = comment('c1', {
    content: text('Old text'),
    attachments: [{ id: 'a1', title: 'old.pdf', key: 'review/attachments/k0/old.pdf', state: 'uploaded', delaySave: true, size: 10, url: null }],
  });

  it('starts with the comment; save sends comment.update and keeps the text while saving', async () => {
    const h = startComposer({ target: { kind: 'edit', commentId: 'c1' }, comment: stored });
    expect(ctx(h).content).toEqual(text('Old text'));
    h.actor.send({ type: 'posting.change', content: text('New text') });
    h.actor.send({ type: 'posting.submit' });
    expect(ctx(h).content).toEqual(text('New text'));
    expect(h.save.calls[0]!.input).toEqual({ name: 'comment.update', payload: { itemId: 'i1', pass: null, id: 'c1', content: text('New text') } });
    h.save.calls[0]!.reject(refusal('resolved', 'The thread is resolved.'));
    await settle();
    expect(ctx(h).content).toEqual(text('New text'));
    expect(ctx(h).error).toBe('While saving comment: The thread is resolved.');
  });

  it('an attachment added while editing is attached right after its upload (delaySave false)', async () => {
    const h = startComposer({ target: { kind: 'edit', commentId: 'c1' }, comment: stored });
    h.actor.send({ type: 'posting.addAttachments', files: [pdf(1)] });
    expect(ctx(h).attachments.map((a) => [a.id, a.delaySave, a.stored])).toEqual([
      ['a1', true, true],
      ['attachment-1', false, false],
    ]);
    await uploadAttachment(h, 1);
    expect(h.insertAttachment.calls[0]!.input).toEqual({ itemId: 'i1', pass: null, commentId: 'c1', attachment: { key: 'review/attachments/k1/notes.pdf', title: 'notes-1.pdf' } });
    const withIt = { ...stored, attachments: [...stored.attachments, { id: 'a2', title: 'notes-1.pdf', key: 'review/attachments/k1/notes.pdf', state: 'uploaded' as const, delaySave: false, size: 2048, url: null }] };
    h.insertAttachment.calls[0]!.resolve({ comment: withIt });
    await settle();
    expect(ctx(h).attachments.map((a) => [a.id, a.stored])).toEqual([
      ['a1', true],
      ['a2', true],
    ]);
    expect(told(h, 'posting.stored')).toEqual([{ type: 'posting.stored', composerId: 'composer-test', comment: withIt }]);
    // Removing a stored attachment goes through the comments actor (comment.attachmentDestroy).
    h.actor.send({ type: 'posting.removeAttachment', attachmentId: 'a1' });
    expect(told(h, 'comments.removeAttachment')).toEqual([{ type: 'comments.removeAttachment', commentId: 'c1', attachmentId: 'a1' }]);
    expect(ctx(h).attachments.map((a) => a.id)).toEqual(['a2']);
  });
});

