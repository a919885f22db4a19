/**
 * Package files behind view tickets (server/README.md "File access"): a player loads many files at once, each request
 * checked against the database. Against the real service (fresh data folder, free port), a folder member's player
 * address of the seeded "Style guide": 400 file requests, 20 at a time, with the decision remembered for 2 s (the
 * default) and with it asked on every request, and the time of one decision. Prints, asserts nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ItemAck, ItemAckData } from '../../domain/items.ts';
import { startServer } from '../../server/app.ts';
import { fetchPackage, connectUser } from '../support/clients.ts';
import type { Socket } from 'socket.io-client';

const FILES = ['story.html', 'story_content/user.js', 'story_content/data.js', 'story_content/thumbnail.jpg', 'threeSixty.json'];
const REQUESTS = 400;
const PARALLEL = 20;

async function timeRequests(cacheMs: number): Promise<{ perSecond: number; medianMs: number; p95Ms: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-bench-packages-'));
  const server = await startServer({ port: 0, dataDir, clientDir: path.join(dataDir, 'no-client'), accessTokenTtlSeconds: 600, fileAccessCacheMs: cacheMs });
  const sockets: Socket[] = [];
  try {
    const nick = await connectUser(server.url, 'nick.nonadmin@example.com', sockets);
    const listed = (await nick.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: 'Style guide', product: 'all' })) as { data: { items: { id: string; title: string }[] } };
    const id = listed.data.items.find((item) => item.title === 'Style guide')!.id;
    const ack = (await nick.socket.timeout(5000).emitWithAck('item.get', { id, pass: null, protectedLinksFlagEnabled: true })) as ItemAck<ItemAckData<'item.get'>>;
    if (!ack.success) throw new Error('item.get refused');
    const prefix = ack.data.item.latestVersion!.contentPrefix!;
    await fetchPackage(`${prefix}story.html`); // warm up
    const times: number[] = [];
    const started = performance.now();
    for (let done = 0; done < REQUESTS; done += PARALLEL) {
      await Promise.all(
        Array.from({ length: PARALLEL }, async (_, i) => {
          const t = performance.now();
          const response = await fetchPackage(`${prefix}${FILES[(done + i) % FILES.length]}`);
          if (response.status !== 200) throw new Error(`status ${response.status}`);
          times.push(performance.now() - t);
        }),
      );
    }
    const total = performance.now() - started;
    times.sort((a, b) => a - b);
    return { perSecond: REQUESTS / (total / 1000), medianMs: times[Math.floor(times.length / 2)]!, p95Ms: times[Math.floor(times.length * 0.95)]! };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchPackageAccess(): Promise<void> {
  for (const [label, cacheMs] of [
    ['decision remembered 2 s', 2000],
    ['decision on every request', 0],
  ] as const) {
    const { perSecond, medianMs, p95Ms } = await timeRequests(cacheMs);
    console.log(`package files (${label}): ${REQUESTS} requests, ${PARALLEL} at a time: ${Math.round(perSecond)} files/s, median ${medianMs.toFixed(1)} ms, p95 ${p95Ms.toFixed(1)} ms`);
  }
}
