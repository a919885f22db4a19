import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { TRANSLATION_TOOL_MESSAGES, type MemoryReport, type MemoryReportStatus } from '../../domain/translation.ts';
import { MEMORY_REPORT_TOAST_KEYS, fetchingOf, memoryReportMachine, reportViewOf } from '../../machines/translation/memoryReportMachine.ts';
import { appMachine } from '../../machines/index.ts';
import { inert } from '../../machines/inert.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

const K1 = '["sc1","sl1","t1"]';
const report = (status: MemoryReportStatus, over: Partial<MemoryReport> = {}): MemoryReport => ({
  id: 'mr1',
  validationId: 'val-1',
  status,
  sourceLanguage: 'en',
  targetLanguage: 'fr',
  formality: 'default',
  message: null,
  requestedAt: '2026-11-22T10:00:00.000Z',
  completedAt: status === 'completed' ? '2026-11-22T10:00:03.000Z' : null,
  reportItems:
    status === 'completed' ? [{ path: K1, inputSegment: 'Hello', memoryHits: [{ metricValue: 0.9, similarSegment: 'Hello!', origin: 'Onboarding course (fr)', translations: ['Bonjour !'] }] }] : [],
  ...over,
});
const push = (validationId: string, status: MemoryReportStatus) => ({
  type: 'realtime.message' as const,
  namespace: '/item/i-fr',
  event: 'memoryReportUpdated',
  data: { messageId: `m-${status}`, itemId: 'i-fr', validationId, reportId: 'mr2', status },
});
const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

function start() {
  const fetches = controlled<{ validationId: string; pass: string | null }>();
  const requests = controlled<{ validationId: string; pass: string | null }>();
  const reported: string[] = [];
  const toasts = recorder();
  const translation = recorder();
  const machine = memoryReportMachine.provide({
    actors: { fetchMemoryReport: fetches.logic as never, requestMemoryReport: requests.logic as never },
    actions: { reportError: (_, params) => void reported.push(params.message) },
  });
  const root = createActor(systemOf({ memoryReport: machine, toasts: toasts.logic, translation: translation.logic })).start();
  const actor = systemActor(root, 'memoryReport') as AnyActorRef;
  const view = () => reportViewOf(actor.getSnapshot());
  return { actor, fetches: fetches.calls, requests: requests.calls, reported, toasts, translation, view };
}

describe('memory report machine (translation-editor §3, §4, §5, §8)', () => {
  it('reads the variant’s latest report: init → fetching → fetched, with its items and segment view', async () => {
    const t = start();
    expect(fetchingOf(t.actor.getSnapshot())).toBe('init');
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: 'letmein' });
    expect(fetchingOf(t.actor.getSnapshot())).toBe('fetching');
    expect(t.fetches[0]!.input).toEqual({ validationId: 'val-1', pass: 'letmein' });
    const older = report('rejected', { id: 'mr0', requestedAt: '2026-11-21T10:00:00.000Z' });
    const other = report('completed', { id: 'mr9', validationId: 'val-de', requestedAt: '2026-11-23T10:00:00.000Z' });
    t.fetches[0]!.resolve({ reports: [older, report('completed'), other] });
    await settle();
    expect(t.view()).toMatchObject({ fetching: 'fetched', status: 'completed', items: report('completed').reportItems, failedText: null, processingText: null, errorText: null, canRequest: false });
    expect(t.view().report?.id).toBe('mr1');
    // The segment view is a step of the report's dialog.
    t.actor.send({ type: 'memoryReport.openSegment', path: K1 });
    expect(t.view().openItem).toBeNull();
    t.actor.send({ type: 'memoryReport.showDialog' });
    t.fetches[1]!.resolve({ reports: [report('completed')] });
    await settle();
    t.actor.send({ type: 'memoryReport.openSegment', path: K1 });
    expect(t.view().openItem?.memoryHits[0]?.similarSegment).toBe('Hello!');
    t.actor.send({ type: 'memoryReport.closeSegment' });
    expect(t.view().openItem).toBeNull();
    t.actor.send({ type: 'memoryReport.openSegment', path: '["nowhere"]' });
    expect(t.view().openItem).toBeNull();
  });

  it('says requested and processing reports are still being computed, and a rejected one failed with the server’s message or the default', async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.resolve({ reports: [report('processing')] });
    await settle();
    expect(t.view()).toMatchObject({ status: 'processing', processingText: TRANSLATION_TOOL_MESSAGES.memoryReport.processing, items: [] });
    t.actor.send({ type: 'memoryReport.refresh' });
    // A re-read keeps the report on screen.
    expect(t.view().fetching).toBe('fetched');
    t.fetches[1]!.resolve({ reports: [report('rejected', { message: 'The memory index is offline.' })] });
    await settle();
    expect(t.view()).toMatchObject({ status: 'rejected', failedText: `${TRANSLATION_TOOL_MESSAGES.memoryReport.failed} The memory index is offline.`, canRequest: true });
    t.actor.send({ type: 'memoryReport.refresh' });
    t.fetches[2]!.resolve({ reports: [report('rejected')] });
    await settle();
    expect(t.view().failedText).toBe(`${TRANSLATION_TOOL_MESSAGES.memoryReport.failed} ${TRANSLATION_TOOL_MESSAGES.memoryReport.failedDefault}`);
  });

  it('no report for the variant is an error the view offers to request', async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.resolve({ reports: [report('completed', { validationId: 'val-de' })] });
    await settle();
    expect(t.view()).toMatchObject({ fetching: 'error', errorText: 'No translation memory report for this variant.', canRequest: true, report: null });
  });

  it('a failed read is "Error fetching translation memory report", an unreadable one the load text', async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(t.view()).toMatchObject({ fetching: 'error', errorText: 'Error fetching translation memory report', canRequest: false });
    t.actor.send({ type: 'memoryReport.refresh' });
    expect(fetchingOf(t.actor.getSnapshot())).toBe('fetching');
    t.fetches[1]!.resolve({ reports: [{ id: 'mr1', status: 'lost' }] });
    await settle();
    expect(t.view().errorText).toBe('There was a problem loading the translation memory report');
    expect(t.reported).toEqual(['Error fetching translation memory report', 'There was a problem loading the translation memory report']);
  });

  it('requests a report: shows it as requested, reads again, and re-reads at its pushes only', async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.resolve({ reports: [] });
    await settle();
    t.actor.send({ type: 'memoryReport.request' });
    expect(t.view()).toMatchObject({ requesting: true, canRequest: false });
    expect(t.requests[0]!.input).toEqual({ validationId: 'val-1', pass: null });
    t.requests[0]!.resolve({ report: report('requested', { id: 'mr2' }) });
    await settle();
    expect(t.view()).toMatchObject({ status: 'requested', fetching: 'fetched', processingText: TRANSLATION_TOOL_MESSAGES.memoryReport.processing });
    expect(t.fetches).toHaveLength(2);
    t.fetches[1]!.resolve({ reports: [report('processing', { id: 'mr2' })] });
    await settle();
    expect(t.view().status).toBe('processing');
    // Another variant's push changes nothing.
    t.actor.send(push('val-de', 'completed'));
    expect(t.fetches).toHaveLength(2);
    t.actor.send(push('val-1', 'completed'));
    expect(t.fetches).toHaveLength(3);
    t.fetches[2]!.resolve({ reports: [report('completed', { id: 'mr2' })] });
    await settle();
    expect(t.view()).toMatchObject({ status: 'completed', processingText: null });
    expect(t.view().items).toHaveLength(1);
  });

  it('a refused request shows a toast with the service’s message; a 409 just reads the running one', async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.resolve({ reports: [] });
    await settle();
    t.actor.send({ type: 'memoryReport.request' });
    t.requests[0]!.reject(httpError(403, 'You cannot request reports.'));
    await settle();
    expect(t.toasts.events).toEqual([
      { type: 'toast.show', toast: { id: MEMORY_REPORT_TOAST_KEYS.requestFailed, severity: 'error', kind: 'default', text: null, message: 'You cannot request reports.', data: null } },
    ]);
    t.fetches[1]!.resolve({ reports: [] });
    await settle();
    t.actor.send({ type: 'memoryReport.request' });
    t.requests[1]!.reject(httpError(409, 'A report is being computed.'));
    await settle();
    expect(t.toasts.events).toHaveLength(1);
    t.fetches[2]!.resolve({ reports: [report('processing')] });
    await settle();
    expect(t.view().status).toBe('processing');
  });

  it('opening another variant starts over; closing forgets it', async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.resolve({ reports: [report('completed')] });
    await settle();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    expect(t.fetches).toHaveLength(1);
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-de', pass: null });
    expect(t.view()).toMatchObject({ fetching: 'fetching', report: null });
    expect(t.fetches[1]!.input.validationId).toBe('val-de');
    t.actor.send({ type: 'memoryReport.close' });
    expect(t.view()).toMatchObject({ fetching: 'init', report: null });
  });
});

describe('memory report machine: the report’s dialog (translation-editor §2 translation memory report and its segment view)', () => {
  const opened = async () => {
    const t = start();
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    t.fetches[0]!.resolve({ reports: [report('completed')] });
    await settle();
    return t;
  };

  it('opens on the list and reads the report again; the segment view is a step back to the list; closing forgets the step', async () => {
    const t = await opened();
    expect(t.view().dialogOpen).toBe(false);
    t.actor.send({ type: 'memoryReport.showDialog' });
    expect(t.actor.getSnapshot().value).toEqual({ open: { report: 'loading', dialog: { visible: 'list' } } });
    expect(t.view()).toMatchObject({ dialogOpen: true, fetching: 'fetched', status: 'completed' });
    expect(t.fetches).toHaveLength(2);
    t.fetches[1]!.resolve({ reports: [report('completed')] });
    await settle();
    t.actor.send({ type: 'memoryReport.openSegment', path: K1 });
    expect(t.actor.getSnapshot().value).toEqual({ open: { report: 'shown', dialog: { visible: 'segment' } } });
    t.actor.send({ type: 'memoryReport.closeSegment' });
    expect(t.actor.getSnapshot().value).toEqual({ open: { report: 'shown', dialog: { visible: 'list' } } });
    t.actor.send({ type: 'memoryReport.openSegment', path: K1 });
    t.actor.send({ type: 'memoryReport.hideDialog' });
    expect(t.view()).toMatchObject({ dialogOpen: false, openItem: null });
    t.actor.send({ type: 'memoryReport.showDialog' });
    expect(t.actor.getSnapshot().value).toEqual({ open: { report: 'loading', dialog: { visible: 'list' } } });
  });

  it('a re-read without the open item goes back to the list', async () => {
    const t = await opened();
    t.actor.send({ type: 'memoryReport.showDialog' });
    t.fetches[1]!.resolve({ reports: [report('completed')] });
    await settle();
    t.actor.send({ type: 'memoryReport.openSegment', path: K1 });
    t.actor.send({ type: 'memoryReport.refresh' });
    t.fetches[2]!.resolve({ reports: [report('completed', { reportItems: [] })] });
    await settle();
    expect(t.actor.getSnapshot().value).toEqual({ open: { report: 'shown', dialog: { visible: 'list' } } });
  });

  it('going to a segment closes the dialog and tells the translation actor; another variant closes it too', async () => {
    const t = await opened();
    t.actor.send({ type: 'memoryReport.showDialog' });
    t.actor.send({ type: 'memoryReport.goToSegment', path: K1 });
    expect(t.view().dialogOpen).toBe(false);
    expect(t.translation.events).toEqual([{ type: 'translation.goToDuplicate', key: K1 }]);
    t.actor.send({ type: 'memoryReport.showDialog' });
    t.actor.send({ type: 'memoryReport.open', validationId: 'val-de', pass: null });
    expect(t.view().dialogOpen).toBe(false);
    // Not open (no validation, or the flag off): nothing to show.
    t.actor.send({ type: 'memoryReport.close' });
    t.actor.send({ type: 'memoryReport.showDialog' });
    expect(t.actor.getSnapshot().value).toBe('closed');
  });
});

describe('the app forwards memoryReportUpdated from the item namespace', () => {
  it('the open report reads again when its push arrives', () => {
    const app = createActor(inert(appMachine)).start();
    // The translate tab's machines start once their chunk has loaded (machines/featureLogic.ts).
    app.send({ type: 'app.featureLoaded', feature: 'translation' });
    const actor = app.system.get('memoryReport') as AnyActorRef;
    actor.send({ type: 'memoryReport.open', validationId: 'val-1', pass: null });
    actor.send({ type: 'xstate.done.actor.fetchMemoryReport', output: { reports: [report('processing')] } });
    expect(actor.getSnapshot().value).toEqual({ open: { report: 'shown', dialog: 'hidden' } });
    app.send({ type: 'item.opened', itemId: 'i-fr', password: null, anonymousEmail: null });
    app.send(push('val-1', 'completed'));
    expect(actor.getSnapshot().value).toEqual({ open: { report: 'loading', dialog: 'hidden' } });
  });
});
