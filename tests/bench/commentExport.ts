/**
 * Issue 26 bench: comment export of a 2,000-comment item (1,000 threads with one reply each, accents and CJK in the
 * text, an annotated snapshot image on every 20th thread) through the real service: commentExport.start until the job
 * is ready, for CSV and for PDF. Goals: CSV < 1 s, PDF < 10 s, the server's memory rise < 100 MB (peak resident set
 * while the job runs, sampled every 10 ms, over the level before it; the service runs in this process).
 * `BENCH_EXPORT_KEEP=1` keeps the files and prints where.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import type { CommentExportFormat, CommentExportJob } from '../../domain/commentExport.ts';
import { rawFromPlainText } from '../../domain/richText.ts';
import { SEEDED_COMMENTS } from '../../server/seedContent.ts';
import { ackData, connectUsers, itemViewOf } from '../support/clients.ts';
import { solidPng } from '../support/png.ts';
import { startTestServer } from '../support/testServer.ts';

const GOALS_MS: Record<CommentExportFormat, number> = { csv: 1_000, pdf: 10_000 };
const MEMORY_GOAL_MB = 100;
const THREADS = 1_000;

const gc = () => (globalThis as { gc?: () => void }).gc?.();

type Ack = { success: true; data: { job: CommentExportJob } } | { success: false; reason: string; message: string };

/** Prints the figures beside their goals; asserts nothing. */
export async function benchCommentExport(): Promise<void> {
  const server = await startTestServer({ accessTokenTtlSeconds: 600 });
  const sockets: Socket[] = [];
  try {
    const [alex] = await connectUsers(server.url, ['alex.admin'], sockets);
    const video = await itemViewOf(alex, SEEDED_COMMENTS.video);
    const versionId = video.versions.filter((v) => v.state === 'ready').at(-1)!.id;
    const snapshotKey = `review/comments/${video.id}/${randomUUID()}/snapshot.png`;
    const blob = path.join(server.dataDir, 'blobs', snapshotKey);
    mkdirSync(path.dirname(blob), { recursive: true });
    writeFileSync(blob, solidPng(640, 360, [37, 99, 235]));

    const sqlite = new SQLite(path.join(server.dataDir, 'review.sqlite'));
    const insert = sqlite.prepare(
      `INSERT INTO comments (id, item_id, version_id, current_version_id, reply_to, body, content_json, user_aid, user_email, "current_time", slide_id, resolved, locked, snapshot_json, snapshot_pending, hash, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, 0, ?, 0, ?, ?, ?)`,
    );
    const base = Date.now() - 30 * 86_400_000;
    sqlite.transaction(() => {
      for (let i = 0; i < THREADS; i += 1) {
        const id = randomUUID();
        const at = new Date(base + i * 60_000).toISOString();
        const text = `Comment ${i}: the narration here is a little fast — peut-être ralentir? 速度を少し落としてください。 Also check the caption timing against the script before the next review round.`;
        const snapshot = i % 20 === 0 ? JSON.stringify({ key: snapshotKey, width: 1280, height: 720, isAnnotation: true }) : null;
        insert.run(id, video.id, versionId, versionId, null, text, JSON.stringify(rawFromPlainText(text)), alex.aid, i % 300, i % 3 === 0 ? 1 : 0, snapshot, randomUUID(), at, at);
        const reply = `Reply ${i}: done, re-exported with the slower narration.`;
        insert.run(randomUUID(), video.id, versionId, versionId, id, reply, JSON.stringify(rawFromPlainText(reply)), alex.aid, i % 300, 0, null, randomUUID(), at, at);
      }
    })();
    sqlite.close();

    const call = (event: string, payload: unknown) => alex.socket.timeout(30_000).emitWithAck(event, payload) as Promise<Ack>;
    for (const format of ['csv', 'pdf'] as const) {
      gc();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 10);
      const started = performance.now();
      let job = ackData(await call('commentExport.start', { itemId: video.id, order: 'time', format })).job;
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 5));
        job = ackData(await call('commentExport.status', { jobId: job.jobId })).job;
      }
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const response = job.url ? await fetch(job.url) : null;
      const bytes = response ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
      const riseMb = (peak - before) / 1_048_576;
      console.log(
        `comment export ${format.toUpperCase()}: ${(THREADS * 2).toLocaleString('en')} comments in ${elapsed.toFixed(0)} ms (goal < ${GOALS_MS[format].toLocaleString('en')} ms), ` +
          `${(bytes.length / 1024).toFixed(0)} KB, server memory rise ${riseMb.toFixed(1)} MB (goal < ${MEMORY_GOAL_MB} MB), job ${job.status}`,
      );
      if (process.env.BENCH_EXPORT_KEEP === '1') {
        const file = path.join(os.tmpdir(), `bench-comment-export.${format}`);
        writeFileSync(file, bytes);
        console.log(`  kept: ${file}`);
      }
    }
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await benchCommentExport();
