import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import {
  COMMENT_EXPORT_WAIT_MS,
  exportOrdersFor,
  isCommentExportJob,
  type CommentExportFormat,
  type CommentExportJob,
  type CommentExportOrder,
} from '../../domain/commentExport.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

export interface CommentExportContext {
  itemId: string | null;
  /** The item's product: which orders are offered (§9). */
  product: string | null;
  order: CommentExportOrder;
  format: CommentExportFormat;
  /** The job as the service last reported it. */
  job: CommentExportJob | null;
  /** A `commentExport.updated` push heard while the start was still unanswered (the job id not yet known). */
  early: CommentExportJob | null;
}

export type CommentExportEvent =
  /** The export menu's "Export comments…" or the comments panel's entry: the dialog opens for this item. */
  | { type: 'commentExport.open'; itemId: string; product: string }
  | { type: 'commentExport.setOrder'; order: CommentExportOrder }
  | { type: 'commentExport.setFormat'; format: CommentExportFormat }
  | { type: 'commentExport.submit' }
  /** After a failure: back to the choices. */
  | { type: 'commentExport.retry' }
  /** The dialog closes; a job still running is left to the service (its file expires there). */
  | { type: 'commentExport.close' }
  /** The service's `commentExport.updated` push (domain/commentExport.ts) on the user's connection, forwarded by the session. */
  | { type: 'commentExport.updated'; job: unknown }
  /** The user's connection is back (forwarded by the session): a push sent while it was down is lost, so the status is read once. */
  | { type: 'commentExport.reconnected' };

/** The toast id of the export (the wait toast, then ready or failed, replacing it). */
export const COMMENT_EXPORT_TOAST_ID = 'commentExport';

/** The words of the export's toasts and dialog states (§8 "export failure reported generically"). */
export const COMMENT_EXPORT_TEXT = {
  wait: { csv: 'Preparing your CSV export. This can take up to a minute.', pdf: 'Preparing your PDF export. This can take up to five minutes.' },
  ready: 'Your comment export is ready to download.',
  failed: 'The export failed. Please try again later.',
} as const;

const CLOSED: CommentExportContext = { itemId: null, product: null, order: 'recent', format: 'csv', job: null, early: null };

type Snapshot = Pick<SnapshotFrom<typeof commentExportMachine>, 'context' | 'matches' | 'hasTag'>;

/** What the dialog shows. */
export interface CommentExportView {
  open: boolean;
  phase: 'choosing' | 'working' | 'ready' | 'failed';
  orders: CommentExportOrder[];
  order: CommentExportOrder;
  format: CommentExportFormat;
  /** 0 to 1 while working. */
  progress: number;
  /** The signed link and file name once ready. */
  download: { url: string; fileName: string } | null;
}

/** The dialog's data. */
export function commentExportViewOf(snapshot: Snapshot): CommentExportView {
  const { context } = snapshot;
  const phase = snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : snapshot.hasTag('working') ? 'working' : 'choosing';
  const job = context.job;
  return {
    open: !snapshot.matches('closed'),
    phase,
    orders: context.product === null ? ['recent'] : exportOrdersFor(context.product),
    order: context.order,
    format: context.format,
    progress: job?.progress ?? 0,
    download: phase === 'ready' && job?.url && job.fileName ? { url: job.url, fileName: job.fileName } : null,
  };
}

const jobOf = (output: unknown): CommentExportJob | null => {
  const job = (output as { job?: unknown } | null)?.job;
  return isCommentExportJob(job) ? job : null;
};

/** The pushed job when it is this dialog's job. */
const pushedJobOf = (context: CommentExportContext, pushed: unknown): CommentExportJob | null =>
  isCommentExportJob(pushed) && context.job !== null && pushed.jobId === context.job.jobId ? pushed : null;

const errorMessageOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'unknown error';
};

/**
 * The comments export dialog and its job (review-and-content §2 comments export dialog, §5 an order and a format, §7
 * "export comments to CSV or PDF", §8 export failure reported generically, §9 wait toast 60 s for CSV, 300 s for PDF).
 * `closed` until `commentExport.open`; `choosing` the order (recent, or time for video, slide, lesson for Rise) and the
 * format; `requesting` asks the service to start the job; `waiting` shows the wait toast and listens for the job's
 * `commentExport.updated` pushes (progress, then ready with the signed link, or failed) until the format's wait is over
 * (60 s CSV, 300 s PDF), which counts as failed. A push heard before the start was answered is kept and applied once
 * the job id is known; after a reconnect (a push may have been lost meanwhile) the status is read once (`checking`).
 * A failed job run again (by staff) is followed again: its running push returns to `waiting`, its ready push to `ready`.
 * Every failure is reported and shown with the same generic words.
 */
export const commentExportMachine = setup({
  types: {
    context: {} as CommentExportContext,
    events: {} as CommentExportEvent,
  },
  actors: {
    startExport: promiseSlot<unknown, { itemId: string; order: CommentExportOrder; format: CommentExportFormat }>('startExport'),
    readExportStatus: promiseSlot<unknown, { jobId: string }>('readExportStatus'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
    toastWait: sendToSystem('toasts', ({ context }: { context: CommentExportContext }) => ({
      type: 'toast.show',
      toast: { id: COMMENT_EXPORT_TOAST_ID, severity: 'info', kind: context.format === 'pdf' ? 'exportWaitPdf' : 'exportWaitCsv', text: COMMENT_EXPORT_TEXT.wait[context.format], message: null },
    })),
    toastReady: sendToSystem('toasts', () => ({ type: 'toast.show', toast: { id: COMMENT_EXPORT_TOAST_ID, severity: 'success', kind: 'default', text: COMMENT_EXPORT_TEXT.ready, message: null } })),
    toastFailed: sendToSystem('toasts', () => ({ type: 'toast.show', toast: { id: COMMENT_EXPORT_TOAST_ID, severity: 'error', kind: 'default', text: COMMENT_EXPORT_TEXT.failed, message: null } })),
  },
  guards: {
    isRunningJob: (_, params: { output: unknown }) => jobOf(params.output)?.status === 'running',
    isReadyJob: (_, params: { output: unknown }) => jobOf(params.output)?.status === 'ready',
    /** A push about this dialog's job with that status. */
    isPushed: ({ context }, params: { job: unknown; status: CommentExportJob['status'] }) => pushedJobOf(context, params.job)?.status === params.status,
    isOfferedOrder: ({ context }, params: { order: CommentExportOrder }) => context.product !== null && exportOrdersFor(context.product).includes(params.order),
  },
  delays: {
    waitLimit: ({ context }) => COMMENT_EXPORT_WAIT_MS[context.format],
  },
}).createMachine({
  id: 'commentExport',
  context: CLOSED,
  initial: 'closed',
  on: {
    'commentExport.close': { target: '.closed', actions: assign(() => CLOSED) },
  },
  states: {
    closed: {
      on: {
        'commentExport.open': { target: 'choosing', actions: assign(({ event }) => ({ ...CLOSED, itemId: event.itemId, product: event.product })) },
      },
    },
    choosing: {
      on: {
        'commentExport.setOrder': { guard: { type: 'isOfferedOrder', params: ({ event }) => ({ order: event.order }) }, actions: assign({ order: ({ event }) => event.order }) },
        'commentExport.setFormat': { actions: assign({ format: ({ event }) => event.format }) },
        'commentExport.submit': { target: 'requesting' },
      },
    },
    requesting: {
      tags: ['working'],
      on: {
        'commentExport.updated': { guard: ({ event }) => isCommentExportJob(event.job), actions: assign({ early: ({ event }) => (isCommentExportJob(event.job) ? event.job : null) }) },
      },
      invoke: {
        id: 'startExport',
        src: 'startExport',
        input: ({ context }) => ({ itemId: context.itemId ?? '', order: context.order, format: context.format }),
        onDone: [
          { guard: { type: 'isReadyJob', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: [assign({ job: ({ event }) => jobOf(event.output) }), 'toastReady'] },
          { guard: { type: 'isRunningJob', params: ({ event }) => ({ output: event.output }) }, target: 'waiting', actions: assign({ job: ({ event }) => jobOf(event.output) }) },
          { target: 'failed', actions: [{ type: 'reportError', params: { message: 'Comment export: unreadable commentExport.start answer' } }, 'toastFailed'] },
        ],
        onError: { target: 'failed', actions: [{ type: 'reportError', params: ({ event }) => ({ message: `Comment export failed: ${errorMessageOf(event.error)}` }) }, 'toastFailed'] },
      },
    },
    waiting: {
      tags: ['working'],
      entry: [
        'toastWait',
        enqueueActions(({ context, enqueue }) => {
          if (context.early !== null) enqueue.raise({ type: 'commentExport.updated', job: context.early });
        }),
      ],
      exit: assign({ early: null }),
      after: { waitLimit: { target: 'failed', actions: [{ type: 'reportError', params: { message: 'Comment export: no file within the wait' } }, 'toastFailed'] } },
      on: {
        'commentExport.updated': [
          { guard: { type: 'isPushed', params: ({ event }) => ({ job: event.job, status: 'ready' as const }) }, target: 'ready', actions: [assign({ job: ({ event }) => event.job as CommentExportJob }), 'toastReady'] },
          { guard: { type: 'isPushed', params: ({ event }) => ({ job: event.job, status: 'running' as const }) }, actions: assign({ job: ({ event }) => event.job as CommentExportJob }) },
          {
            guard: { type: 'isPushed', params: ({ event }) => ({ job: event.job, status: 'failed' as const }) },
            target: 'failed',
            actions: [{ type: 'reportError', params: { message: 'Comment export: the job failed' } }, 'toastFailed'],
          },
        ],
        'commentExport.reconnected': { target: '.checking' },
      },
      initial: 'listening',
      states: {
        listening: {},
        checking: {
          invoke: {
            id: 'readExportStatus',
            src: 'readExportStatus',
            input: ({ context }) => ({ jobId: context.job?.jobId ?? '' }),
            onDone: [
              { guard: { type: 'isReadyJob', params: ({ event }) => ({ output: event.output }) }, target: '#commentExport.ready', actions: [assign({ job: ({ event }) => jobOf(event.output) }), 'toastReady'] },
              { guard: { type: 'isRunningJob', params: ({ event }) => ({ output: event.output }) }, target: 'listening', actions: assign({ job: ({ event }) => jobOf(event.output) }) },
              { target: '#commentExport.failed', actions: [{ type: 'reportError', params: { message: 'Comment export: the job failed' } }, 'toastFailed'] },
            ],
            onError: { target: '#commentExport.failed', actions: [{ type: 'reportError', params: ({ event }) => ({ message: `Comment export status failed: ${errorMessageOf(event.error)}` }) }, 'toastFailed'] },
          },
        },
      },
    },
    ready: {},
    // A failed job may still be run again by staff from the sandbox's failed jobs: its pushes bring the dialog
    // back to waiting, or straight to the file.
    failed: {
      on: {
        'commentExport.retry': { target: 'choosing', actions: assign({ job: null }) },
        'commentExport.updated': [
          { guard: { type: 'isPushed', params: ({ event }) => ({ job: event.job, status: 'ready' as const }) }, target: 'ready', actions: [assign({ job: ({ event }) => event.job as CommentExportJob }), 'toastReady'] },
          { guard: { type: 'isPushed', params: ({ event }) => ({ job: event.job, status: 'running' as const }) }, target: 'waiting', actions: assign({ job: ({ event }) => event.job as CommentExportJob }) },
        ],
      },
    },
  },
});
