import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { COMMENT_EXPORT_WAIT_MS, type CommentExportJob } from '../../domain/commentExport.ts';
import { toastDurationMs } from '../../domain/toasts.ts';
import { COMMENT_EXPORT_TEXT, commentExportMachine, commentExportViewOf } from '../../machines/commentExport/commentExportMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

const job = (status: CommentExportJob['status'], format: CommentExportJob['format'] = 'csv', progress = 0.5): { job: CommentExportJob } => ({
  job: { jobId: 'job-1', status, format, progress, url: status === 'ready' ? 'http://localhost/api/downloads/t?name=x' : null, fileName: status === 'ready' ? `Style guide comments.${format}` : null },
});

function start() {
  const clock = new SimulatedClock();
  const starts = controlled<{ itemId: string; order: string; format: string }>();
  const statuses = controlled<{ jobId: string }>();
  const reported: string[] = [];
  const toasts = recorder();
  const machine = commentExportMachine.provide({
    actors: { startExport: starts.logic as never, readExportStatus: statuses.logic as never },
    actions: { reportError: (_, params) => void reported.push(params.message) },
  });
  const root = createActor(systemOf({ commentExport: machine, toasts: toasts.logic }), { clock }).start();
  const actor = systemActor(root, 'commentExport') as AnyActorRef;
  const view = () => commentExportViewOf(actor.getSnapshot());
  const toastTexts = () => toasts.events.map((event) => (event as unknown as { toast: { text: string; kind: string } }).toast);
  return { clock, actor, view, starts: starts.calls, statuses: statuses.calls, reported, toastTexts };
}

describe('comment export machine (review-and-content §2, §5, §7–§9)', () => {
  it('offers the orders of the item’s product and asks for the chosen order and format', async () => {
    const t = start();
    expect(t.view().open).toBe(false);
    t.actor.send({ type: 'commentExport.open', itemId: 'i-video', product: 'video' });
    expect(t.view()).toMatchObject({ open: true, phase: 'choosing', orders: ['recent', 'time'], order: 'recent', format: 'csv' });
    // An order the item does not offer is not taken.
    t.actor.send({ type: 'commentExport.setOrder', order: 'slide' });
    expect(t.view().order).toBe('recent');
    t.actor.send({ type: 'commentExport.setOrder', order: 'time' });
    t.actor.send({ type: 'commentExport.setFormat', format: 'pdf' });
    t.actor.send({ type: 'commentExport.submit' });
    expect(t.view().phase).toBe('working');
    expect(t.starts.map((call) => call.input)).toEqual([{ itemId: 'i-video', order: 'time', format: 'pdf' }]);
    t.actor.send({ type: 'commentExport.open', itemId: 'i-rise', product: 'rise' });
    expect(t.starts).toHaveLength(1);
  });

  it('follows the job by its pushes under the wait toast, without reading its status, then offers the signed link', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[0]!.resolve(job('running', 'csv', 0));
    await settle();
    expect(t.toastTexts()).toEqual([expect.objectContaining({ text: COMMENT_EXPORT_TEXT.wait.csv, kind: 'exportWaitCsv' })]);
    expect(toastDurationMs('exportWaitCsv')).toBe(60_000);
    expect(toastDurationMs('exportWaitPdf')).toBe(300_000);
    t.clock.increment(10_000);
    expect(t.statuses).toHaveLength(0);
    t.actor.send({ type: 'commentExport.updated', ...job('running', 'csv', 0.6) });
    expect(t.view()).toMatchObject({ phase: 'working', progress: 0.6 });
    // Another job's push (an export from another tab) and a malformed one change nothing.
    t.actor.send({ type: 'commentExport.updated', job: { ...job('ready').job, jobId: 'job-2' } });
    t.actor.send({ type: 'commentExport.updated', job: { jobId: 'job-1', status: 'ready' } });
    expect(t.view()).toMatchObject({ phase: 'working', progress: 0.6 });
    t.actor.send({ type: 'commentExport.updated', ...job('ready') });
    expect(t.view()).toMatchObject({ phase: 'ready', download: { url: 'http://localhost/api/downloads/t?name=x', fileName: 'Style guide comments.csv' } });
    expect(t.toastTexts().at(-1)).toMatchObject({ text: COMMENT_EXPORT_TEXT.ready });
    expect(t.statuses).toHaveLength(0);
    t.actor.send({ type: 'commentExport.close' });
    expect(t.view().open).toBe(false);
  });

  it('keeps a push that arrives before the start is answered and applies it once the job is known', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.actor.send({ type: 'commentExport.updated', ...job('ready') });
    expect(t.view().phase).toBe('working');
    t.starts[0]!.resolve(job('running', 'csv', 0));
    await settle();
    expect(t.view()).toMatchObject({ phase: 'ready', download: { fileName: 'Style guide comments.csv' } });
    expect(t.statuses).toHaveLength(0);
  });

  it('reads the status once after a reconnect (a push may have been lost), then listens again', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[0]!.resolve(job('running', 'csv', 0.1));
    await settle();
    t.actor.send({ type: 'commentExport.reconnected' });
    expect(t.statuses.map((call) => call.input)).toEqual([{ jobId: 'job-1' }]);
    t.statuses[0]!.resolve(job('running', 'csv', 0.7));
    await settle();
    expect(t.view()).toMatchObject({ phase: 'working', progress: 0.7 });
    t.clock.increment(10_000);
    expect(t.statuses).toHaveLength(1);
    // A job that ended while the connection was down is read as ended.
    t.actor.send({ type: 'commentExport.reconnected' });
    t.statuses[1]!.resolve(job('ready'));
    await settle();
    expect(t.view().phase).toBe('ready');
  });

  it('gives up when the file is not there within the format’s wait (60 s CSV), reported generically', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[0]!.resolve(job('running'));
    await settle();
    t.clock.increment(COMMENT_EXPORT_WAIT_MS.csv - 1);
    t.actor.send({ type: 'commentExport.updated', ...job('running', 'csv', 0.9) });
    expect(t.view().phase).toBe('working');
    t.clock.increment(1);
    expect(t.view().phase).toBe('failed');
    expect(t.reported).toEqual(['Comment export: no file within the wait']);
    expect(t.toastTexts().at(-1)).toMatchObject({ text: COMMENT_EXPORT_TEXT.failed });
  });

  it('a refused start, a failed job or an unreadable answer fail with the same words; Try again goes back to the choices', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[0]!.reject(Object.assign(new Error('You are not allowed to export the comments of this item.'), { reason: 'forbidden' }));
    await settle();
    expect(t.view().phase).toBe('failed');
    t.actor.send({ type: 'commentExport.retry' });
    expect(t.view().phase).toBe('choosing');
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[1]!.resolve(job('running'));
    await settle();
    t.actor.send({ type: 'commentExport.updated', ...job('failed') });
    expect(t.view().phase).toBe('failed');
    t.actor.send({ type: 'commentExport.retry' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[2]!.resolve({ nonsense: true });
    await settle();
    expect(t.view().phase).toBe('failed');
    expect(t.reported).toEqual([
      'Comment export failed: You are not allowed to export the comments of this item.',
      'Comment export: the job failed',
      'Comment export: unreadable commentExport.start answer',
    ]);
    expect(t.toastTexts().filter((toast) => toast.text === COMMENT_EXPORT_TEXT.failed)).toHaveLength(3);
  });
  it('a failed job run again (by staff) is followed again: back to waiting on its running push, then the file', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[0]!.resolve(job('running'));
    await settle();
    t.actor.send({ type: 'commentExport.updated', ...job('failed') });
    expect(t.view().phase).toBe('failed');
    // Another job's pushes leave the failed dialog as it is.
    t.actor.send({ type: 'commentExport.updated', job: { ...job('running').job, jobId: 'job-2' } });
    t.actor.send({ type: 'commentExport.updated', job: { ...job('ready').job, jobId: 'job-2' } });
    expect(t.view().phase).toBe('failed');
    t.actor.send({ type: 'commentExport.updated', ...job('running', 'csv', 0.2) });
    expect(t.view()).toMatchObject({ phase: 'working', progress: 0.2 });
    expect(t.toastTexts().at(-1)).toMatchObject({ text: COMMENT_EXPORT_TEXT.wait.csv });
    t.actor.send({ type: 'commentExport.updated', ...job('ready') });
    expect(t.view()).toMatchObject({ phase: 'ready', download: { fileName: 'Style guide comments.csv' } });
    expect(t.toastTexts().at(-1)).toMatchObject({ text: COMMENT_EXPORT_TEXT.ready });
  });

  it('a ready push for the failed job (made after the wait ran out) offers its file', async () => {
    const t = start();
    t.actor.send({ type: 'commentExport.open', itemId: 'i1', product: 'storyline' });
    t.actor.send({ type: 'commentExport.submit' });
    t.starts[0]!.resolve(job('running'));
    await settle();
    t.clock.increment(COMMENT_EXPORT_WAIT_MS.csv);
    expect(t.view().phase).toBe('failed');
    t.actor.send({ type: 'commentExport.updated', ...job('ready') });
    expect(t.view()).toMatchObject({ phase: 'ready', download: { url: 'http://localhost/api/downloads/t?name=x' } });
  });
});
