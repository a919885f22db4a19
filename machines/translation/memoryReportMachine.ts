import { assign, setup, type SnapshotFrom } from 'xstate';
import { TRANSLATION_TOOL_MESSAGES, type MemoryReport, type MemoryReportItem, type MemoryReportStatus } from '../../domain/translation.ts';
import { failedReportText, memoryReportForVariant, parseMemoryReports, type MemoryReportFetching } from '../../domain/translationAssist.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

/** What opens the report: the variant's validation (the translation actor's) and the item password. */
export interface MemoryReportSubject {
  validationId: string;
  pass: string | null;
}

export interface MemoryReportContext {
  subject: MemoryReportSubject | null;
  /** §3 the variant's report, or null (none yet, or not read). */
  report: MemoryReport | null;
  /** §4 fetching state: init, fetching, fetched, error. */
  fetching: MemoryReportFetching;
  /** The §8 words of a failed read: none for the variant, fetch failed, or unreadable. */
  errorText: string | null;
  /** The report item whose segment view is open (its path key). */
  openPath: string | null;
}

export type MemoryReportEvent =
  | ({ type: 'memoryReport.open' } & MemoryReportSubject)
  | { type: 'memoryReport.close' }
  /** Ask the service for a new report (none yet, or the last one was rejected). */
  | { type: 'memoryReport.request' }
  /** Read it again ("Check again" while processing). */
  | { type: 'memoryReport.refresh' }
  /** The segment view of a report item. */
  | { type: 'memoryReport.openSegment'; path: string }
  | { type: 'memoryReport.closeSegment' }
  /** The report's dialog: shown (and the report read again), hidden, or left for a segment in the table. */
  | { type: 'memoryReport.showDialog' }
  | { type: 'memoryReport.hideDialog' }
  | { type: 'memoryReport.goToSegment'; path: string }
  /** Pushes on /item/<itemId>, forwarded by the app (memoryReportUpdated). */
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> };

const CLOSED: MemoryReportContext = { subject: null, report: null, fetching: 'init', errorText: null, openPath: null };

/** The push (on /item/<itemId>) that a report of the validation changed status (MemoryReportPush). */
export const MEMORY_REPORT_PUSH = 'memoryReportUpdated';
/** Toast ids of this actor whose words live in the views' catalogue (ui/strings/translationAssistMachine.ts; the toasts view reads every `translationToast.*` id there). */
export const MEMORY_REPORT_TOAST_KEYS = {
  requestFailed: 'translationToast.memoryReportRequestFailed',
} as const;


// ---------------------------------------------------------------------------------------------------------
// Selectors

type Snapshot = Pick<SnapshotFrom<typeof memoryReportMachine>, 'context' | 'matches'>;

/** §4 the fetching state of the report. */
export function fetchingOf(snapshot: Pick<SnapshotFrom<typeof memoryReportMachine>, 'context'>): MemoryReportFetching {
  return snapshot.context.fetching;
}

/** What the memory report view shows. */
export interface MemoryReportView {
  fetching: MemoryReportFetching;
  status: MemoryReportStatus | null;
  report: MemoryReport | null;
  items: MemoryReportItem[];
  /** The item of the open segment view, or null. */
  openItem: MemoryReportItem | null;
  /** §8 the failed-report text (rejected), else null. */
  failedText: string | null;
  /** §8 "try again in a few minutes" while requested or processing, else null. */
  processingText: string | null;
  /** §8 the read's error: none for the variant, fetch failed, unreadable. */
  errorText: string | null;
  /** "Request report" is offered: none for the variant, or the last one was rejected, and no request on the wire. */
  canRequest: boolean;
  /** A request is on the wire. */
  requesting: boolean;
  /** The report's dialog is open. */
  dialogOpen: boolean;
}

/** The memory report view's data. */
export function reportViewOf(snapshot: Snapshot): MemoryReportView {
  const { report, fetching, errorText, openPath } = snapshot.context;
  const status = report?.status ?? null;
  const items = report?.status === 'completed' ? report.reportItems : [];
  const requesting = snapshot.matches({ open: { report: 'requesting' } });
  const none = snapshot.matches({ open: { report: 'none' } });
  return {
    fetching,
    status,
    report,
    items,
    openItem: openPath === null ? null : (items.find((item) => item.path === openPath) ?? null),
    failedText: report?.status === 'rejected' ? failedReportText(report) : null,
    processingText: status === 'requested' || status === 'processing' ? TRANSLATION_TOOL_MESSAGES.memoryReport.processing : null,
    errorText,
    canRequest: !requesting && (none || status === 'rejected'),
    requesting,
    dialogOpen: isDialogOpenOf(snapshot),
  };
}

/** Whether the report's dialog is open. */
export function isDialogOpenOf(snapshot: Pick<SnapshotFrom<typeof memoryReportMachine>, 'matches'>): boolean {
  return snapshot.matches({ open: { dialog: 'visible' } });
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type ReadOutcome = { kind: 'report'; report: MemoryReport } | { kind: 'none' } | { kind: 'malformed' };

/** A GET answer read for the variant: its latest report, none, or unreadable (the domain decides each). */
function readOutcomeOf(raw: unknown, validationId: string): ReadOutcome {
  let reports: MemoryReport[];
  try {
    reports = parseMemoryReports(raw);
  } catch {
    return { kind: 'malformed' };
  }
  try {
    return { kind: 'report', report: memoryReportForVariant(reports, validationId) };
  } catch {
    return { kind: 'none' };
  }
}

/** The report of a POST answer ({ report }), or null when unreadable. */
function requestedReportOf(raw: unknown): MemoryReport | null {
  if (!isRecord(raw)) return null;
  try {
    return parseMemoryReports({ reports: [raw.report] })[0] ?? null;
  } catch {
    return null;
  }
}

const isPushFor = (event: MemoryReportEvent, validationId: string | undefined): boolean =>
  event.type === 'realtime.message' && event.event === MEMORY_REPORT_PUSH && validationId !== undefined && event.data.validationId === validationId;

const errorMessageOf = (error: unknown): string | null => {
  const message = isRecord(error) ? error.message : null;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
};

/**
 * The translation-memory report of a variant (translation-editor §3 Translation-memory report, §4 report status and
 * fetching state, §5 "no entries for the variant is an error", §7 GET / POST memory-report, §8 its words; systemId
 * `memoryReport`).
 *
 * `closed` until `memoryReport.open` with the validation. `open.loading` reads the reports (fetching; a re-read keeps
 * the shown report, fetching stays fetched) → `shown` with the variant's latest report, or `none` (error: "No
 * translation memory report for this variant.", the view offers "Request report"), or `failed` ("Error fetching
 * translation memory report", or "There was a problem loading the translation memory report" for an unreadable
 * answer). `memoryReport.request` POSTs (`requesting`), shows the new report and reads again; a memoryReportUpdated
 * push for the validation, or `memoryReport.refresh`, reads again. These are the `report` region of `open`; beside it,
 * the `dialog` region is the report's dialog: `hidden` → `visible.list` at `memoryReport.showDialog` (which also reads
 * the report again) ⇄ `visible.segment` (one item's memory hits) → `hidden` at `memoryReport.hideDialog`, or at
 * `memoryReport.goToSegment`, which also tells the translation actor to go to that segment.
 */
export const memoryReportMachine = setup({
  types: {
    context: {} as MemoryReportContext,
    events: {} as MemoryReportEvent,
  },
  actors: {
    fetchMemoryReport: promiseSlot<unknown, MemoryReportSubject>('fetchMemoryReport'),
    requestMemoryReport: promiseSlot<unknown, MemoryReportSubject>('requestMemoryReport'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
    /** A first read shows fetching; a re-read keeps the report on screen. */
    markFetching: assign(({ context }) => (context.report ? {} : { fetching: 'fetching' as const, errorText: null })),
    /** The table goes to the report item's segment (the translation actor's goToDuplicate). */
    goToSegment: sendToSystem('translation', ({ event }: { event: MemoryReportEvent }) =>
      event.type === 'memoryReport.goToSegment' ? { type: 'translation.goToDuplicate', key: event.path } : { type: 'memoryReport.ignored' },
    ),
    showRequestFailed: sendToSystem('toasts', ({ event }: { event: { error?: unknown } }) => ({
      type: 'toast.show',
      toast: { id: MEMORY_REPORT_TOAST_KEYS.requestFailed, severity: 'error', kind: 'default', text: null, message: errorMessageOf(event.error), data: null },
    })),
  },
  guards: {
    isReport: ({ context }, params: { output: unknown }) => readOutcomeOf(params.output, context.subject?.validationId ?? '').kind === 'report',
    isNone: ({ context }, params: { output: unknown }) => readOutcomeOf(params.output, context.subject?.validationId ?? '').kind === 'none',
    isPush: ({ context, event }) => isPushFor(event, context.subject?.validationId),
    isSameSubject: ({ context, event }) =>
      event.type === 'memoryReport.open' && context.subject?.validationId === event.validationId && context.subject.pass === event.pass,
    hasItem: ({ context, event }) =>
      event.type === 'memoryReport.openSegment' && context.report?.status === 'completed' && context.report.reportItems.some((item) => item.path === event.path),
    canRequest: ({ context }) => context.report === null || context.report.status === 'rejected',
    isConflict: (_, params: { error: unknown }) => isRecord(params.error) && params.error.status === 409,
    /** The open segment view's item left the report (a re-read without it). */
    hasNoOpenItem: ({ context }) => context.openPath === null,
  },
}).createMachine({
  id: 'memoryReport',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'memoryReport.open': { target: 'open', actions: assign(({ event }) => ({ ...CLOSED, subject: { validationId: event.validationId, pass: event.pass } })) },
      },
    },
    open: {
      type: 'parallel',
      on: {
        'memoryReport.open': [
          { guard: 'isSameSubject' },
          // Another variant: its report is read, and a dialog showing the other one's closes.
          { target: 'open', reenter: true, actions: assign(({ event }) => ({ ...CLOSED, subject: { validationId: event.validationId, pass: event.pass } })) },
        ],
        'memoryReport.close': { target: 'closed', actions: assign(() => CLOSED) },
      },
      states: {
        report: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'markFetching',
              invoke: {
                id: 'fetchMemoryReport',
                src: 'fetchMemoryReport',
                input: ({ context }) => context.subject ?? { validationId: '', pass: null },
                onDone: [
                  {
                    guard: { type: 'isReport', params: ({ event }) => ({ output: event.output }) },
                    target: 'shown',
                    actions: assign(({ context, event }) => {
                      const outcome = readOutcomeOf(event.output, context.subject?.validationId ?? '');
                      const report = outcome.kind === 'report' ? outcome.report : null;
                      // The open segment view stays only while its item is still in the report.
                      const openPath = report && context.openPath && report.reportItems.some((item) => item.path === context.openPath) ? context.openPath : null;
                      return { report, fetching: 'fetched' as const, errorText: null, openPath };
                    }),
                  },
                  {
                    guard: { type: 'isNone', params: ({ event }) => ({ output: event.output }) },
                    target: 'none',
                    actions: assign({ report: null, fetching: 'error', errorText: TRANSLATION_TOOL_MESSAGES.memoryReport.none, openPath: null }),
                  },
                  {
                    target: 'failed',
                    actions: [
                      assign({ report: null, fetching: 'error', errorText: TRANSLATION_TOOL_MESSAGES.memoryReport.load, openPath: null }),
                      { type: 'reportError', params: { message: TRANSLATION_TOOL_MESSAGES.memoryReport.load } },
                    ],
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: [
                    assign({ report: null, fetching: 'error', errorText: TRANSLATION_TOOL_MESSAGES.memoryReport.fetch, openPath: null }),
                    { type: 'reportError', params: { message: TRANSLATION_TOOL_MESSAGES.memoryReport.fetch } },
                  ],
                },
              },
              on: {
                // The report changed while being read: read again so that the answer is not older than the push.
                'realtime.message': { guard: 'isPush', target: 'loading', reenter: true },
              },
            },
            shown: {
              on: {
                'memoryReport.refresh': { target: 'loading' },
                'memoryReport.showDialog': { target: 'loading' },
                'memoryReport.request': { guard: 'canRequest', target: 'requesting' },
                'realtime.message': { guard: 'isPush', target: 'loading' },
              },
            },
            none: {
              on: {
                'memoryReport.refresh': { target: 'loading' },
                'memoryReport.showDialog': { target: 'loading' },
                'memoryReport.request': { target: 'requesting' },
                'realtime.message': { guard: 'isPush', target: 'loading' },
              },
            },
            failed: {
              on: {
                'memoryReport.refresh': { target: 'loading' },
                'memoryReport.showDialog': { target: 'loading' },
                'realtime.message': { guard: 'isPush', target: 'loading' },
              },
            },
            requesting: {
              invoke: {
                id: 'requestMemoryReport',
                src: 'requestMemoryReport',
                input: ({ context }) => context.subject ?? { validationId: '', pass: null },
                // The new report (requested) shows at once; the read that follows catches any push that came meanwhile.
                onDone: {
                  target: 'loading',
                  actions: assign(({ context, event }) => {
                    const report = requestedReportOf(event.output);
                    return report ? { report, fetching: 'fetched' as const, errorText: null, openPath: null } : { report: context.report };
                  }),
                },
                onError: [
                  // A 409: one is being computed already — read it.
                  { guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) }, target: 'loading' },
                  { target: 'loading', actions: 'showRequestFailed' },
                ],
              },
            },
          },
        },
        dialog: {
          initial: 'hidden',
          states: {
            hidden: {
              on: { 'memoryReport.showDialog': { target: 'visible' } },
            },
            visible: {
              initial: 'list',
              on: {
                'memoryReport.hideDialog': { target: 'hidden', actions: assign({ openPath: null }) },
                'memoryReport.goToSegment': { target: 'hidden', actions: [assign({ openPath: null }), 'goToSegment'] },
              },
              states: {
                list: {
                  on: { 'memoryReport.openSegment': { guard: 'hasItem', target: 'segment', actions: assign({ openPath: ({ event }) => event.path }) } },
                },
                segment: {
                  // A re-read without the item (or an error) drops the segment view.
                  always: { guard: 'hasNoOpenItem', target: 'list' },
                  on: {
                    'memoryReport.closeSegment': { target: 'list', actions: assign({ openPath: null }) },
                    'memoryReport.openSegment': { guard: 'hasItem', actions: assign({ openPath: ({ event }) => event.path }) },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
