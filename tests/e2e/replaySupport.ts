import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseEventLog, type ParsedLog } from '../../adapters/eventLog.ts';
import { appMachine, definitionHashes } from '../../machines/index.ts';
import { formatReplay, replayLog, type ReplayResult } from '../../tools/replayer.ts';
import { expect, test } from './fixtures.ts';

/**
 * Downloads the session log the way support asks a user to (account menu → Download session log), replays it with
 * the headless replayer (tools/replayer.ts, as `npm run replay` does) and expects no divergence and no warning; the
 * report is printed when it fails.
 */
export async function downloadAndReplay(page: Page, options: { allowDroppedHead?: boolean } = {}): Promise<{ log: ParsedLog; result: ReplayResult }> {
  await page.getByRole('button', { name: /account menu/i }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download session log' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^review-session-.*\.jsonl\.gz$/);
  const file = await download.path();
  const log = parseEventLog(readFileSync(file));
  const result = replayLog(log, { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
  const report = formatReplay(result);
  await test.info().attach('replay report', { body: report, contentType: 'text/plain' });
  if (process.env.REPLAY_REPORT) await download.saveAs(test.info().outputPath('session.jsonl.gz'));
  if (process.env.REPLAY_REPORT) console.log(`${log.header.entries} entries, ${readFileSync(file).length} bytes gz\n${report}`);
  expect(result.divergences, report).toEqual([]);
  if (!options.allowDroppedHead) expect(log.header.dropped, 'the log lost its head').toBe(0);
  expect(result.warnings, report).toEqual([]);
  return { log, result };
}

/** The event types delivered in a log, in order (to check a session did what the test says it did). */
export function eventTypes(log: ParsedLog): string[] {
  return log.entries.flatMap((entry) => (entry.k === 'event' ? [String((entry.event as { type?: unknown }).type)] : []));
}
