/**
 * Comment export over the real service (issue 26 "Comment export"; review-and-content §5, §6, §7, §9): who may export,
 * bad payloads refused with words, the orders, the CSV (BOM, columns, one row per comment and reply, mentions as
 * @Name, anonymous e-mails, formula cells neutralised, accents, CJK and right-to-left text), the PDF (embedded fonts,
 * cover counts, CJK and right-to-left text extracted by pdftotext, snapshot images), a 2,000-comment item, nothing of
 * other items, and the signed download link.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentExportJob, CommentExportRequests } from '../../domain/commentExport.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { rawFromPlainText } from '../../domain/richText.ts';
import { SEEDED_COMMENTS, SEEDED_EXPLICIT_SHARE, SEEDED_ITEMS } from '../../server/seedContent.ts';
import { ackData, connectUsers, itemViewOf, refusalReason, type UserClient } from '../support/clients.ts';
import { parseCsv, solidPng } from '../support/png.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let nick: UserClient;
let ian: UserClient;
let tara: UserClient;
const sockets: Socket[] = [];
let styleGuide: ItemDetail;
let video: ItemDetail;
let handbook: ItemDetail;

type Ack = { success: true; data: { job: CommentExportJob } } | { success: false; reason: string; message: string };

const call = (who: UserClient, event: string, payload: unknown): Promise<Ack> => who.socket.timeout(10_000).emitWithAck(event, payload) as Promise<Ack>;

/** Starts an export and reads its status until it is no longer running; answers the finished job. */
async function exportFile(who: UserClient, payload: CommentExportRequests['commentExport.start']): Promise<CommentExportJob> {
  let job = ackData(await call(who, 'commentExport.start', payload)).job;
  expect(job).toMatchObject({ status: 'running', format: payload.format, url: null });
  const deadline = Date.now() + 60_000;
  while (job.status === 'running') {
    if (Date.now() > deadline) throw new Error('export did not finish');
    await new Promise((resolve) => setImmediate(resolve));
    job = ackData(await call(who, 'commentExport.status', { jobId: job.jobId })).job;
  }
  return job;
}

async function download(job: CommentExportJob): Promise<Buffer> {
  expect(job.status).toBe('ready');
  const response = await fetch(job.url!);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function csvOf(who: UserClient, payload: CommentExportRequests['commentExport.start']): Promise<{ bytes: Buffer; rows: string[][] }> {
  const bytes = await download(await exportFile(who, payload));
  return { bytes, rows: parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')) };
}

function pdfText(bytes: Buffer): string {
  const dir = path.join(os.tmpdir(), `export-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'export.pdf');
  writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function pdfTool(tool: string, bytes: Buffer): string {
  const file = path.join(os.tmpdir(), `export-${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync(`/usr/bin/${tool}`, tool === 'pdfimages' ? ['-list', file] : [file], { encoding: 'utf8' });
}

/** Writes comment rows straight into the database (many at once, anonymous ones, snapshots). */
function insertComments(rows: { itemId: string; versionId: string; text: string; userAid?: string | null; email?: string | null; replyTo?: string | null; at: string; currentTime?: number | null; slideId?: string | null; snapshotKey?: string | null; id?: string }[]): string[] {
  const sqlite = new SQLite(path.join(server.dataDir, 'review.sqlite'));
  const insert = sqlite.prepare(
    `INSERT INTO comments (id, item_id, version_id, current_version_id, reply_to, body, content_json, user_aid, user_email, "current_time", slide_id, resolved, locked, snapshot_json, snapshot_pending, hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, 0, ?, ?, ?)`,
  );
  const ids: string[] = [];
  sqlite.transaction(() => {
    for (const row of rows) {
      const id = row.id ?? randomUUID();
      ids.push(id);
      const snapshot = row.snapshotKey ? JSON.stringify({ key: row.snapshotKey, width: 1280, height: 720, isAnnotation: true }) : null;
      insert.run(id, row.itemId, row.versionId, row.versionId, row.replyTo ?? null, row.text, JSON.stringify(rawFromPlainText(row.text)), row.userAid ?? null, row.email ?? null, row.currentTime ?? null, row.slideId ?? null, snapshot, randomUUID(), row.at, row.at);
    }
  })();
  sqlite.close();
  return ids;
}

const latestReady = (item: ItemDetail) => item.versions.filter((v) => v.state === 'ready').at(-1)!.id;

const MULTILINGUAL = {
  accents: 'Crème brûlée für Ærøskøbing — naïve café',
  cjk: '日本語のコメントです。中文评论。한국어 댓글',
  arabic: 'مرحبا بالعالم',
  hebrew: 'שלום עולם',
  formula: '=HYPERLINK("http://evil.example","click")',
};

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, nick, ian, tara] = await connectUsers(server.url, ['alex.admin', 'nick.nonadmin', 'ian.individual', 'tara.team'], sockets);
  styleGuide = await itemViewOf(alex, SEEDED_COMMENTS.slides);
  video = await itemViewOf(alex, SEEDED_COMMENTS.video);
  handbook = await itemViewOf(alex, SEEDED_COMMENTS.lessons);
  // Multilingual, formula-like and anonymous comments, and one with an annotated snapshot image, on the Style guide.
  const snapshotKey = `review/comments/${styleGuide.id}/${randomUUID()}/snapshot.png`;
  const blob = path.join(server.dataDir, 'blobs', snapshotKey);
  mkdirSync(path.dirname(blob), { recursive: true });
  writeFileSync(blob, solidPng(320, 180, [220, 38, 38]));
  const versionId = latestReady(styleGuide);
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  insertComments([
    { itemId: styleGuide.id, versionId, text: MULTILINGUAL.accents, userAid: null, email: 'guest.reviewer@example.org', at: at(5), slideId: 'slide-1' },
    { itemId: styleGuide.id, versionId, text: `${MULTILINGUAL.cjk}\n${MULTILINGUAL.arabic}\n${MULTILINGUAL.hebrew}`, userAid: null, email: 'guest.reviewer@example.org', at: at(4), slideId: 'slide-2' },
    { itemId: styleGuide.id, versionId, text: MULTILINGUAL.formula, userAid: null, email: 'guest.reviewer@example.org', at: at(3), slideId: 'slide-3' },
    { itemId: styleGuide.id, versionId, text: 'See the annotated screenshot.', userAid: null, email: 'guest.reviewer@example.org', at: at(2), slideId: 'slide-1', snapshotKey },
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

describe('who may export', () => {
  it('lets the owner and every folder role that views the item export, and no one else', async () => {
    // alex owns the team folder, nick is its viewer.
    expect((await exportFile(alex, { itemId: styleGuide.id, order: 'recent', format: 'csv' })).status).toBe('ready');
    expect((await exportFile(nick, { itemId: styleGuide.id, order: 'recent', format: 'csv' })).status).toBe('ready');
    // ian has no folder role: a private item is not his to see.
    const privateItem = await itemViewOf(alex, SEEDED_ITEMS.private);
    expect(refusalReason(await call(ian, 'commentExport.start', { itemId: privateItem.id, order: 'recent', format: 'csv' }))).toBe('notFound');
    // ian sees the explicit share, without a folder role: he may view it, not export its reviewers' e-mails.
    const shared = await itemViewOf(alex, SEEDED_EXPLICIT_SHARE.title, ian);
    const refused = await call(ian, 'commentExport.start', { itemId: shared.id, order: 'recent', format: 'csv' });
    expect(refused).toMatchObject({ success: false, reason: 'forbidden', message: 'You are not allowed to export the comments of this item.' });
    expect(refusalReason(await call(alex, 'commentExport.start', { itemId: 'no-such-item', order: 'recent', format: 'pdf' }))).toBe('notFound');
  });

  it('reads a job back only to the account that started it', async () => {
    const job = ackData(await call(alex, 'commentExport.start', { itemId: styleGuide.id, order: 'recent', format: 'csv' })).job;
    expect(refusalReason(await call(tara, 'commentExport.status', { jobId: job.jobId }))).toBe('notFound');
    expect(refusalReason(await call(alex, 'commentExport.status', { jobId: 'unknown' }))).toBe('notFound');
    // The job finishes (the next tests start their own: one at a time per account).
    let status = job.status;
    while (status === 'running') status = ackData(await call(alex, 'commentExport.status', { jobId: job.jobId })).job.status;
    expect(status).toBe('ready');
  });
});

describe('bad input', () => {
  it('refuses malformed payloads with words that name the field, without coercion', async () => {
    const cases: [unknown, RegExp][] = [
      [{ itemId: styleGuide.id, order: 'recent' }, /payload must have required property 'format'/],
      [{ itemId: styleGuide.id, order: 'newest', format: 'csv' }, /payload\.order must be equal to one of the allowed values/],
      [{ itemId: styleGuide.id, order: 'recent', format: 'xls' }, /payload\.format must be equal to one of the allowed values/],
      [{ itemId: styleGuide.id, order: 'recent', format: ['csv'] }, /payload\.format must be string/],
      [{ itemId: 42, order: 'recent', format: 'csv' }, /payload\.itemId must be string/],
      [{ itemId: styleGuide.id, order: 'recent', format: 'csv', all: true }, /must NOT have additional properties \(all\)/],
      [null, /payload must be object/],
    ];
    for (const [payload, message] of cases) {
      const ack = await call(alex, 'commentExport.start', payload);
      expect(ack).toMatchObject({ success: false, reason: 'invalidRequest' });
      expect((ack as { message: string }).message).toMatch(message);
    }
    expect(await call(alex, 'commentExport.status', { jobId: 7 })).toMatchObject({ success: false, reason: 'invalidRequest', message: expect.stringMatching(/payload\.jobId must be string/) });
  });

  it('refuses an order the item does not offer (§9: time for video, slide for slides, lesson for Rise)', async () => {
    expect(await call(alex, 'commentExport.start', { itemId: styleGuide.id, order: 'time', format: 'csv' })).toMatchObject({ success: false, reason: 'orderNotOffered', message: 'This order is not offered for this item.' });
    expect(refusalReason(await call(alex, 'commentExport.start', { itemId: video.id, order: 'slide', format: 'csv' }))).toBe('orderNotOffered');
    expect(refusalReason(await call(alex, 'commentExport.start', { itemId: handbook.id, order: 'slide', format: 'csv' }))).toBe('orderNotOffered');
    expect((await exportFile(alex, { itemId: handbook.id, order: 'lesson', format: 'csv' })).status).toBe('ready');
  });
});

describe('CSV', () => {
  it('is UTF-8 with a BOM, one row per comment and reply with every column, mentions as @Name', async () => {
    const { bytes, rows } = await csvOf(alex, { itemId: styleGuide.id, order: 'slide', format: 'csv' });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...body] = rows;
    expect(header).toEqual(['Thread ID', 'Parent ID', 'Item title', 'Version', 'Slide, lesson or video time', 'Author name', 'Author e-mail', 'Created (UTC)', 'Updated (UTC)', 'Resolved', 'Text', 'Attachments', 'Snapshot link']);
    // 9 seeded comments on the Style guide (5 threads, 4 replies) plus the 4 threads written above.
    expect(body).toHaveLength(13);
    expect(new Set(body.map((row) => row[2]))).toEqual(new Set([SEEDED_ITEMS.threeVersions]));
    const byText = (text: string) => body.find((row) => row[10]!.startsWith(text))!;
    const question = byText('Can you suggest two example sentences?');
    expect(question[10]).toBe('Can you suggest two example sentences? @Tara Team');
    const parent = byText('The tone section reads a bit formal.');
    expect(question[0]).toBe(parent[0]);
    expect(question[1]).toBe(parent[0]);
    expect(parent[1]).toBe('');
    expect(parent[5]).toBe('Tara Team');
    expect(parent[6]).toBe('tara.team@example.com');
    expect(parent[7]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byText('The logo on the welcome slide is blurry.')[9]).toBe('yes');
    expect(byText('Replaced it with the vector version.')[9]).toBe('yes');
    expect(parent[9]).toBe('no');
    expect(body.some((row) => row[11] === SEEDED_COMMENTS.attachmentTitle)).toBe(true);
    // Anonymous comments carry their e-mail; accents, CJK and right-to-left text arrive as written.
    const anonymous = byText(MULTILINGUAL.accents);
    expect(anonymous.slice(5, 7)).toEqual(['Anonymous reviewer', 'guest.reviewer@example.org']);
    expect(byText(MULTILINGUAL.cjk)[10]).toBe(`${MULTILINGUAL.cjk}\n${MULTILINGUAL.arabic}\n${MULTILINGUAL.hebrew}`);
    // The snapshot's signed link opens the image.
    const withSnapshot = byText('See the annotated screenshot.');
    const image = await fetch(withSnapshot[12]!);
    expect(image.status).toBe(200);
    expect([...new Uint8Array(await image.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // Slide order: the threads follow the slides' order in the package, replies beneath their thread.
    const places = body.filter((row) => row[1] === '').map((row) => row[4]);
    const firstOf = (slide: string) => places.findIndex((place) => place!.includes(slide));
    expect(places.every((place) => place !== '')).toBe(true);
    expect(firstOf(places[0]!)).toBe(0);
    expect(body.indexOf(question)).toBeGreaterThan(body.indexOf(parent));
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { rows } = await csvOf(alex, { itemId: styleGuide.id, order: 'recent', format: 'csv' });
    const cell = rows.find((row) => row[10]!.includes('HYPERLINK'))![10];
    expect(cell).toBe(`'${MULTILINGUAL.formula}`);
    for (const row of rows) for (const value of row) expect(value).not.toMatch(/^[=+\-@]/);
  });

  it('puts the newest thread first in the recent order and video times in the time order', async () => {
    const { rows } = await csvOf(alex, { itemId: styleGuide.id, order: 'recent', format: 'csv' });
    const threads = rows.slice(1).filter((row) => row[1] === '');
    const created = threads.map((row) => row[7]!);
    expect(created).toEqual([...created].sort().reverse());
    const timed = (await csvOf(alex, { itemId: video.id, order: 'time', format: 'csv' })).rows.slice(1).filter((row) => row[1] === '').map((row) => row[4]);
    expect(timed).toEqual(['0:00', '0:00']);
    // Nothing of other items.
    expect(rows.slice(1).some((row) => row[10]!.includes('audio drops out'))).toBe(false);
  });
});

describe('PDF', () => {
  it('embeds its fonts and shows the cover, the threads, accents, CJK, right-to-left text and the snapshot', async () => {
    const bytes = await download(await exportFile(alex, { itemId: styleGuide.id, order: 'slide', format: 'pdf' }));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(SEEDED_ITEMS.threeVersions);
    expect(text).toContain('Version 3');
    expect(text).toMatch(/9 comments, 4 replies/);
    expect(text).toMatch(/\d+ open, \d+ resolved/);
    expect(text).toContain('Order: Slide');
    expect(text).toContain('@Tara Team');
    expect(text).toContain('Resolved');
    expect(text).toContain(MULTILINGUAL.accents);
    expect(text).toContain('日本語のコメントです。中文评论。');
    expect(text).toContain('한국어');
    for (const word of ['مرحبا', 'بالعالم', 'שלום', 'עולם']) expect(text).toContain(word);
    expect(text).toContain('Annotated snapshot');
    const fonts = pdfTool('pdffonts', bytes);
    for (const line of fonts.split('\n').slice(2).filter((l) => l.trim() !== '')) expect(line).toMatch(/\byes\s+yes\s+yes\b/);
    expect(fonts).toMatch(/NotoSansCJK/);
    expect(fonts).toMatch(/NotoSansArabic/);
    expect(fonts).toMatch(/NotoSansHebrew/);
    const images = pdfTool('pdfimages', bytes).split('\n').slice(2).filter((l) => l.trim() !== '');
    expect(images.length).toBeGreaterThanOrEqual(1);
  });
});

describe('a 2,000-comment item', () => {
  it('exports every comment and reply to CSV and PDF', async () => {
    const versionId = latestReady(video);
    const base = Date.now() - 10 * 24 * 3_600_000;
    const authors = [alex.aid, tara.aid, nick.aid];
    const parents = Array.from({ length: 1_000 }, (_, i) => ({ id: randomUUID(), itemId: video.id, versionId, text: `Bulk comment ${i} — ça va? 日本 ${i}`, userAid: authors[i % 3]!, at: new Date(base + i * 60_000).toISOString(), currentTime: i % 90 }));
    insertComments(parents);
    insertComments(parents.map((parent, i) => ({ itemId: video.id, versionId, text: `Bulk reply ${i}`, userAid: authors[(i + 1) % 3]!, replyTo: parent.id, at: new Date(base + i * 60_000 + 30_000).toISOString(), currentTime: parent.currentTime })));
    const { rows } = await csvOf(alex, { itemId: video.id, order: 'time', format: 'csv' });
    // 2,000 written here plus the seeded video comments (2 threads, 1 reply), plus the header.
    expect(rows).toHaveLength(1 + 2_000 + 3);
    const started = ackData(await call(alex, 'commentExport.start', { itemId: video.id, order: 'time', format: 'pdf' })).job;
    // One file at a time per account.
    expect(await call(alex, 'commentExport.start', { itemId: video.id, order: 'recent', format: 'csv' })).toMatchObject({ success: false, reason: 'busy' });
    let job = started;
    while (job.status === 'running') {
      await new Promise((resolve) => setImmediate(resolve));
      job = ackData(await call(alex, 'commentExport.status', { jobId: job.jobId })).job;
    }
    const pdf = await download(job);
    const text = pdfText(pdf);
    expect(text).toContain('1002 comments, 1001 replies');
    expect(text).toContain('Bulk comment 999');
    expect(text).toContain('Bulk reply 999');
  }, 120_000);
});
