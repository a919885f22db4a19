/**
 * Comment snapshots and annotations over the real service (review-and-content §3 snapshot fields and annotation
 * data, §7 snapshot upload request and PUT, §9 sizes; domain/commentSnapshots.ts): the upload request for png or
 * html (only for people who may comment), the signed PUT refusing a wrong MD5, the annotated snapshot stored with
 * its shapes under the item and seen by the other viewers, the author replacing it while the comment is editable,
 * and every refusal changing nothing.
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentRecord, SnapshotAttach } from '../../domain/comments.ts';
import { ANNOTATION_MAX_SHAPES, SNAPSHOT_MAX_BYTES, type CommentAnnotation } from '../../domain/commentSnapshots.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { ackData, connectOutcome, connectUsers, itemViewOf, openSocket, refusalReason, type UserClient } from '../support/clients.ts';
import { commentCall as call, commentDraft as draft, latestVersionId, type Who } from '../support/comments.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let sam: UserClient;
let ian: UserClient;
let guest: Socket;
const sockets: Socket[] = [];
/** Style guide (Storyline): owner sam; Team Library: alex owner, sam manager, tara editor. */
let styleGuide: ItemDetail;
/** Workplace safety: Alex's, in his private folders; Ian cannot open it. */
let safety: ItemDetail;

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, sam, ian] = await connectUsers(server.url, ['alex.admin', 'tara.team', 'sam.staff', 'ian.individual'], sockets);
  guest = openSocket(server.url, '/anon', { email: 'guest.snapper@example.org' }, sockets);
  expect(await connectOutcome(guest)).toBe('connected');
  styleGuide = await itemViewOf(alex, SEEDED_ITEMS.threeVersions);
  safety = await itemViewOf(alex, SEEDED_ITEMS.private);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const pngBytes = (seed: number) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, seed, seed + 1, seed + 2]);

async function put(url: string, bytes: Uint8Array, type: string, md5 = md5Base64(bytes)): Promise<number> {
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type, 'content-md5': md5 } });
  await response.arrayBuffer();
  return response.status;
}

async function find(who: Who = alex): Promise<CommentRecord[]> {
  return ackData(await call(who, 'comment.find', { itemId: styleGuide.id, pass: null })).comments;
}

const requestUpload = (who: Who, bytes: Uint8Array, extension: 'png' | 'html' = 'png') =>
  call(who, 'comment.snapshotUploadRequest', { itemId: styleGuide.id, pass: null, versionId: latestVersionId(styleGuide), extension, md5: md5Hex(bytes), size: bytes.length });

/** Request, PUT: the stored snapshot's key. */
async function uploadSnapshot(who: Who, bytes: Uint8Array): Promise<string> {
  const signed = ackData(await requestUpload(who, bytes));
  expect(await put(signed.url, bytes, signed.type)).toBe(200);
  return signed.key;
}

const SHAPES: CommentAnnotation = {
  shapes: [
    { id: 's1', kind: 'draw', color: '#e11d48', opacity: 1, width: 4, points: [0.1, 0.1, 0.2, 0.25, 0.3, 0.2] },
    { id: 's2', kind: 'highlight', color: '#ffff00', opacity: 0.3, width: 16, points: [0.4, 0.5, 0.6, 0.5] },
    { id: 's3', kind: 'rect', color: '#2563eb80', opacity: 1, width: 2, x: 0.5, y: 0.1, w: 0.2, h: 0.1 },
    { id: 's4', kind: 'text', color: '#111', opacity: 0.8, width: 4, x: 0.05, y: 0.8, w: 0.3, text: 'Too small' },
    { id: 's5', kind: 'line', color: '#000000', opacity: 1, width: 6, points: [0, 0, 1, 1] },
  ],
};

const update = (who: Who, id: string, snapshot: unknown) => call(who, 'comment.update', { itemId: styleGuide.id, pass: null, id, snapshot: snapshot as SnapshotAttach });

async function annotatedComment(text: string): Promise<CommentRecord> {
  const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, text, { withSnapshot: true }))).comment;
  const key = await uploadSnapshot(tara, pngBytes(10));
  return ackData(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true, annotation: SHAPES })).comment;
}

describe('snapshot upload request and PUT', () => {
  it('signs png and html uploads under the item for those who may comment; refuses the others, too-large files and other types', async () => {
    const png = pngBytes(1);
    const signed = ackData(await requestUpload(tara, png));
    expect(signed).toMatchObject({ type: 'image/png', key: expect.stringMatching(new RegExp(`^review/comments/${styleGuide.id}/.+/snapshot\\.png$`)) });
    const html = new TextEncoder().encode('<!doctype html><p>Slide 1</p>');
    expect(ackData(await requestUpload(tara, html, 'html'))).toMatchObject({ type: 'text/html; charset=utf-8', key: expect.stringMatching(/\/snapshot\.html$/) });
    // An item he cannot open: refused (and the owner may).
    const onSafety = { itemId: safety.id, pass: null, versionId: latestVersionId(safety), extension: 'png' as const, md5: md5Hex(png), size: png.length };
    expect(['notFound', 'accessDenied']).toContain(refusalReason(await call(ian, 'comment.snapshotUploadRequest', onSafety)));
    expect(ackData(await call(alex, 'comment.snapshotUploadRequest', onSafety)).key).toMatch(new RegExp(`^review/comments/${safety.id}/`));
    // An anonymous reviewer where the item does not take anonymous comments.
    expect(refusalReason(await requestUpload(guest, png))).toBe('anonymousNotAllowed');
    const tooLarge = { itemId: styleGuide.id, pass: null, versionId: latestVersionId(styleGuide), md5: md5Hex(png) };
    expect(refusalReason(await call(tara, 'comment.snapshotUploadRequest', { ...tooLarge, extension: 'png', size: SNAPSHOT_MAX_BYTES.png + 1 }))).toBe('attachmentTooLarge');
    expect(refusalReason(await call(tara, 'comment.snapshotUploadRequest', { ...tooLarge, extension: 'html', size: SNAPSHOT_MAX_BYTES.html + 1 }))).toBe('attachmentTooLarge');
    expect(refusalReason(await call(tara, 'comment.snapshotUploadRequest', { ...tooLarge, extension: 'gif' as 'png', size: png.length }))).toBe('invalidRequest');
    // No coercion: a size sent as text is malformed.
    expect(refusalReason(await call(tara, 'comment.snapshotUploadRequest', { ...tooLarge, extension: 'png', size: String(png.length) as unknown as number }))).toBe('invalidRequest');
  });

  it('refuses a PUT whose MD5 is wrong; the snapshot cannot then be named and the comment keeps waiting', async () => {
    const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, 'Wrong digest', { withSnapshot: true }))).comment;
    const png = pngBytes(20);
    const signed = ackData(await requestUpload(tara, png));
    // Other bytes under the announced digest, then the right bytes under a digest of other bytes.
    expect(await put(signed.url, pngBytes(21), signed.type, md5Base64(png))).toBeGreaterThanOrEqual(400);
    expect(await put(signed.url, png, signed.type, md5Base64(pngBytes(22)))).toBeGreaterThanOrEqual(400);
    expect(refusalReason(await update(tara, comment.id, { key: signed.key, width: 1280, height: 720, isAnnotation: false }))).toBe('uploadMissing');
    expect((await find()).find((c) => c.id === comment.id)).toMatchObject({ snapshot: null, snapshotToUpload: true });
  });
});

describe('annotated snapshots', () => {
  it('stores the flattened PNG with its shapes; another viewer sees both, and the image is served', async () => {
    const comment = await annotatedComment('Annotated slide');
    expect(comment.snapshot).toMatchObject({ isAnnotation: true, width: 1280, height: 720, annotation: SHAPES, url: expect.any(String) });
    const seen = (await find(sam)).find((c) => c.id === comment.id);
    expect(seen?.snapshot).toMatchObject({ isAnnotation: true, annotation: SHAPES });
    const image = await fetch(seen!.snapshot!.url!);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(pngBytes(10));
    // Where he cannot open the item, he cannot list its comments (and their snapshot links) at all.
    expect(['notFound', 'accessDenied']).toContain(refusalReason(await call(ian, 'comment.find', { itemId: safety.id, pass: null })));
  });

  it.each([
    ['an unknown shape kind', { shapes: [{ kind: 'circle', id: 'c', x: 0.1, y: 0.1 }] }],
    ['a coordinate past 1', { shapes: [{ ...SHAPES.shapes[2], x: 1.5 }] }],
    ['a number sent as text', { shapes: [{ ...SHAPES.shapes[2], w: '0.2' }] }],
    ['an odd number of point coordinates', { shapes: [{ ...SHAPES.shapes[0], points: [0.1, 0.2, 0.3] }] }],
    ['a line of three points', { shapes: [{ ...SHAPES.shapes[4], points: [0, 0, 0.5, 0.5, 1, 1] }] }],
    ['a rectangle without its height', { shapes: [{ id: 's3', kind: 'rect', color: '#000', opacity: 1, width: 2, x: 0.5, y: 0.1, w: 0.2 }] }],
    ['a colour that is not hex', { shapes: [{ ...SHAPES.shapes[0], color: 'red' }] }],
    ['a stroke width past 99', { shapes: [{ ...SHAPES.shapes[0], width: 100 }] }],
    ['repeated ids', { shapes: [SHAPES.shapes[0], { ...SHAPES.shapes[1], id: 's1' }] }],
    ['empty text', { shapes: [{ ...SHAPES.shapes[3], text: '  ' }] }],
    ['an extra field', { shapes: [{ ...SHAPES.shapes[2], onclick: 'x' }] }],
    ['too many shapes', { shapes: Array.from({ length: ANNOTATION_MAX_SHAPES + 1 }, (_, i) => ({ ...SHAPES.shapes[2], id: `r${i}` })) }],
    ['shapes that are not a list', { shapes: 'rect' }],
  ])('refuses %s and changes nothing', async (_, annotation) => {
    const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, 'Bad shapes', { withSnapshot: true }))).comment;
    const key = await uploadSnapshot(tara, pngBytes(30));
    expect(refusalReason(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true, annotation }))).toBe('invalidRequest');
    expect((await find()).find((c) => c.id === comment.id)).toMatchObject({ snapshot: null, snapshotToUpload: true });
    // The file is still there to be named correctly.
    expect(ackData(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true, annotation: SHAPES })).comment.snapshot?.isAnnotation).toBe(true);
  });

  it('refuses an annotation without isAnnotation, an annotated snapshot without shapes, and an annotated html snapshot', async () => {
    const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, 'Mismatched', { withSnapshot: true }))).comment;
    const key = await uploadSnapshot(tara, pngBytes(40));
    expect(refusalReason(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: false, annotation: SHAPES }))).toBe('invalidRequest');
    expect(refusalReason(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true }))).toBe('invalidRequest');
    const html = new TextEncoder().encode('<p>frame</p>');
    const signed = ackData(await requestUpload(tara, html, 'html'));
    expect(await put(signed.url, html, signed.type)).toBe(200);
    expect(refusalReason(await update(tara, comment.id, { key: signed.key, width: 1280, height: 720, isAnnotation: true, annotation: SHAPES }))).toBe('invalidRequest');
    expect((await find()).find((c) => c.id === comment.id)).toMatchObject({ snapshot: null, snapshotToUpload: true });
  });

  it('lets the author replace the annotation while the comment is editable; the old image goes; others and resolved threads are refused', async () => {
    const comment = await annotatedComment('To be redrawn');
    const oldUrl = comment.snapshot!.url!;
    const moved: CommentAnnotation = { shapes: [{ id: 's1', kind: 'rect', color: '#00aa00', opacity: 0.5, width: 6, x: 0.2, y: 0.2, w: 0.3, h: 0.3 }] };
    // Someone else cannot, even with a file of their own.
    const samKey = await uploadSnapshot(sam, pngBytes(50));
    expect(refusalReason(await update(sam, comment.id, { key: samKey, width: 1280, height: 720, isAnnotation: true, annotation: moved }))).toBe('forbidden');
    const key = await uploadSnapshot(tara, pngBytes(60));
    const edited = ackData(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true, annotation: moved })).comment;
    expect(edited.snapshot).toMatchObject({ key, annotation: moved });
    expect(new Uint8Array(await (await fetch(edited.snapshot!.url!)).arrayBuffer())).toEqual(pngBytes(60));
    await expect.poll(async () => (await fetch(oldUrl)).status).toBe(404);
    // Resolved: no more edits.
    expect(ackData(await call(sam, 'comment.setResolved', { itemId: styleGuide.id, pass: null, id: comment.id, resolved: true }))).toBeTruthy();
    const late = await uploadSnapshot(tara, pngBytes(70));
    expect(refusalReason(await update(tara, comment.id, { key: late, width: 1280, height: 720, isAnnotation: true, annotation: SHAPES }))).toBe('resolved');
    expect((await find()).find((c) => c.id === comment.id)?.snapshot).toMatchObject({ key, annotation: moved });
  });

  it('never replaces a plain (pasted) snapshot', async () => {
    const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, 'Pasted', { withSnapshot: true }))).comment;
    const first = await uploadSnapshot(tara, pngBytes(80));
    expect(ackData(await update(tara, comment.id, { key: first, width: 800, height: 600, isAnnotation: false })).comment.snapshot?.isAnnotation).toBe(false);
    const second = await uploadSnapshot(tara, pngBytes(90));
    expect(refusalReason(await update(tara, comment.id, { key: second, width: 800, height: 600, isAnnotation: true, annotation: SHAPES }))).toBe('invalidRequest');
  });
});

describe('annotated snapshots with their clean background', () => {
  /** An annotated comment whose flattened image and background were both uploaded (as the composer does). */
  async function withBackground(text: string): Promise<{ comment: CommentRecord; background: string }> {
    const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, text, { withSnapshot: true }))).comment;
    const key = await uploadSnapshot(tara, pngBytes(100));
    const background = await uploadSnapshot(tara, pngBytes(110));
    const stored = ackData(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true, annotation: SHAPES, backgroundKey: background })).comment;
    return { comment: stored, background };
  }

  it('stores the background beside the flattened image and serves it to the viewers of the comment', async () => {
    const { comment, background } = await withBackground('With its background');
    expect(comment.snapshot).toMatchObject({ backgroundKey: background, backgroundUrl: expect.any(String) });
    const seen = (await find(sam)).find((c) => c.id === comment.id);
    expect(seen?.snapshot?.backgroundKey).toBe(background);
    const image = await fetch(seen!.snapshot!.backgroundUrl!);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(pngBytes(110));
    // A snapshot stored without one says so.
    const plain = await annotatedComment('Without a background');
    expect(plain.snapshot).toMatchObject({ backgroundKey: null, backgroundUrl: null });
  });

  it('an edit replaces the flattened image and keeps the background; the old image goes, the background stays', async () => {
    const { comment, background } = await withBackground('Redrawn over the original');
    const oldUrl = comment.snapshot!.url!;
    const key = await uploadSnapshot(tara, pngBytes(120));
    const moved: CommentAnnotation = { shapes: [{ id: 's9', kind: 'rect', color: '#00aa00', opacity: 0.5, width: 6, x: 0.2, y: 0.2, w: 0.3, h: 0.3 }] };
    const edited = ackData(await update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation: true, annotation: moved, backgroundKey: background })).comment;
    expect(edited.snapshot).toMatchObject({ key, annotation: moved, backgroundKey: background });
    await expect.poll(async () => (await fetch(oldUrl)).status).toBe(404);
    expect(new Uint8Array(await (await fetch(edited.snapshot!.backgroundUrl!)).arrayBuffer())).toEqual(pngBytes(110));
    // Deleting the comment removes both files.
    const backgroundUrl = edited.snapshot!.backgroundUrl!;
    expect(ackData(await call(tara, 'comment.destroy', { itemId: styleGuide.id, pass: null, id: comment.id }))).toBeTruthy();
    await expect.poll(async () => (await fetch(backgroundUrl)).status).toBe(404);
  });

  it('refuses a background that is not an upload of the author for this item, not PUT, PUT with a wrong MD5, not a PNG, on a plain snapshot, or the image itself; nothing changes', async () => {
    const comment = ackData(await call(tara, 'comment.insert', draft(styleGuide, 'Bad backgrounds', { withSnapshot: true }))).comment;
    const key = await uploadSnapshot(tara, pngBytes(130));
    const attach = (backgroundKey: string, isAnnotation = true) => update(tara, comment.id, { key, width: 1280, height: 720, isAnnotation, ...(isAnnotation ? { annotation: SHAPES } : {}), backgroundKey });
    // Someone else's upload.
    expect(refusalReason(await attach(await uploadSnapshot(sam, pngBytes(140))))).toBe('uploadMissing');
    // Requested, never PUT.
    const png = pngBytes(150);
    const unsent = ackData(await requestUpload(tara, png));
    expect(refusalReason(await attach(unsent.key))).toBe('uploadMissing');
    // PUT with a digest of other bytes: refused at the PUT, so it cannot be named.
    const wrong = ackData(await requestUpload(tara, pngBytes(160)));
    expect(await put(wrong.url, pngBytes(161), wrong.type, md5Base64(pngBytes(160)))).toBeGreaterThanOrEqual(400);
    expect(refusalReason(await attach(wrong.key))).toBe('uploadMissing');
    // An html upload.
    const html = new TextEncoder().encode('<p>frame</p>');
    const htmlUpload = ackData(await requestUpload(tara, html, 'html'));
    expect(await put(htmlUpload.url, html, htmlUpload.type)).toBe(200);
    expect(refusalReason(await attach(htmlUpload.key))).toBe('invalidRequest');
    // On a plain snapshot; the flattened image named as its own background; a key sent as a number.
    const background = await uploadSnapshot(tara, pngBytes(170));
    expect(refusalReason(await attach(background, false))).toBe('invalidRequest');
    expect(refusalReason(await attach(key))).toBe('invalidRequest');
    expect(refusalReason(await attach(42 as unknown as string))).toBe('invalidRequest');
    expect((await find()).find((c) => c.id === comment.id)).toMatchObject({ snapshot: null, snapshotToUpload: true });
    // The same files, named correctly, are taken.
    expect(ackData(await attach(background)).comment.snapshot).toMatchObject({ key, backgroundKey: background });
  });

  it('the background upload has the snapshot limits', async () => {
    const png = pngBytes(180);
    const request = { itemId: styleGuide.id, pass: null, versionId: latestVersionId(styleGuide), extension: 'png' as const, md5: md5Hex(png) };
    expect(refusalReason(await call(tara, 'comment.snapshotUploadRequest', { ...request, size: SNAPSHOT_MAX_BYTES.png + 1 }))).toBe('attachmentTooLarge');
    expect(refusalReason(await call(guest, 'comment.snapshotUploadRequest', { ...request, size: png.length }))).toBe('anonymousNotAllowed');
  });
});
