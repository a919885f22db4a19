import { assign, setup } from 'xstate';
import { checkLmsTitle, clampCompletePercent, DEFAULT_LMS_TARGET, isLmsTarget, LMS_COMPLETE_PERCENT_DEFAULT, lmsPackageFileName, type LmsTarget } from '../../domain/lmsExport.ts';
import { promiseSlot } from '../slots.ts';

/** §8 "Export failure reported generically": what the dialog says whatever went wrong (the details go to the report). */
export const LMS_EXPORT_FAILED_MESSAGE = 'The export failed. Please try again.';

/** How long the dialog waits for the package once the service took the request (the push may never come). */
export const LMS_PACKAGE_WAIT_MS = 300_000;

export interface LmsExportContext {
  itemId: string | null;
  /** The version's package key to export; null: the item's latest version. */
  versionKey: string | null;
  /** The item's title, the title's default. */
  itemTitle: string;
  target: LmsTarget;
  completePercent: number;
  title: string;
  /** The title's problem once export was tried with it, or null. */
  titleError: string | null;
  /** The exported version's number while the package is built. */
  version: number | null;
  /** The signed download link of the built package. */
  url: string | null;
}

export type LmsExportEvent =
  /** The grid's item menu "Export to LMS" or the item header's export menu (review-and-content §2, §6). */
  | { type: 'lmsExport.open'; itemId: string; title: string; versionKey?: string | null }
  | { type: 'lmsExport.setTarget'; target: string }
  /** The typed percent: clamped 0–100 (§5), anything unreadable is the default. */
  | { type: 'lmsExport.setPercent'; value: unknown }
  | { type: 'lmsExport.setTitle'; title: string }
  | { type: 'lmsExport.submit' }
  /** The push `item.packageReadyForDownload` (domain/items.ts) on the user's connection, forwarded by the session. */
  | { type: 'lmsExport.packageReady'; itemId: string; version: number; url: string }
  | { type: 'lmsExport.download' }
  | { type: 'lmsExport.retry' }
  | { type: 'lmsExport.close' }
  /** Sign-out (the session): nothing of this person's export stays open for the next one. */
  | { type: 'lmsExport.reset' };

/** What the composition root's `requestExport` sends (domain/lmsExport.ts `lms.export`, the key resolved when null). */
export interface LmsExportRequest {
  itemId: string;
  versionKey: string | null;
  target: LmsTarget;
  completePercent: number;
  title: string;
}

const CLOSED: LmsExportContext = {
  itemId: null,
  versionKey: null,
  itemTitle: '',
  target: DEFAULT_LMS_TARGET,
  completePercent: LMS_COMPLETE_PERCENT_DEFAULT,
  title: '',
  titleError: null,
  version: null,
  url: null,
};

const versionOf = (output: unknown): number | null => {
  const version = (output as { version?: unknown } | null)?.version;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : null;
};

/**
 * The LMS export dialog of one video item (review-and-content §2 LMS export dialog, §3 Scorm export input, §5
 * completion percent, §6, §8, §9 targets; systemId `lmsExport`): `closed` until `lmsExport.open`; `editing` the
 * target (default SCORM 1.2), the completion percent (default 80, clamped 0–100) and the title (default the item's);
 * `requesting` sends `lms.export`; `building` waits for the package's `item.packageReadyForDownload` push (or gives up
 * after LMS_PACKAGE_WAIT_MS); `ready` offers the signed download; `failed` says so generically (§8) and offers to try
 * again with the same choices. `lmsExport.reset` (sign-out) closes it from anywhere.
 */
export const lmsExportMachine = setup({
  types: {
    context: {} as LmsExportContext,
    events: {} as LmsExportEvent,
  },
  actors: {
    requestExport: promiseSlot<unknown, LmsExportRequest>('requestExport'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
    /** Saves `url` as `fileName` (an <a download> click), provided by the composition root. */
    startDownload: (_: unknown, _params: { url: string; fileName: string }) => {},
  },
  guards: {
    titleOk: ({ context }) => checkLmsTitle(context.title).ok,
    isThisPackage: ({ context }, params: { itemId: string; version: number; url: unknown }) =>
      params.itemId === context.itemId && params.version === context.version && typeof params.url === 'string' && params.url !== '',
    answered: (_, params: { output: unknown }) => versionOf(params.output) !== null,
  },
  delays: { packageWait: LMS_PACKAGE_WAIT_MS },
}).createMachine({
  id: 'lmsExport',
  context: CLOSED,
  initial: 'closed',
  on: { 'lmsExport.reset': { target: '.closed', actions: assign(() => CLOSED) } },
  states: {
    closed: {
      on: {
        'lmsExport.open': {
          target: 'editing',
          actions: assign(({ event }) => ({ ...CLOSED, itemId: event.itemId, versionKey: event.versionKey ?? null, itemTitle: event.title, title: event.title })),
        },
      },
    },
    editing: {
      tags: ['open'],
      on: {
        'lmsExport.setTarget': { actions: assign({ target: ({ context, event }) => (isLmsTarget(event.target) ? event.target : context.target) }) },
        'lmsExport.setPercent': { actions: assign({ completePercent: ({ event }) => clampCompletePercent(event.value) }) },
        'lmsExport.setTitle': { actions: assign({ title: ({ event }) => event.title, titleError: null }) },
        'lmsExport.submit': [
          { guard: 'titleOk', target: 'requesting', actions: assign({ titleError: null }) },
          { actions: assign({ titleError: ({ context }) => {
            const check = checkLmsTitle(context.title);
            return check.ok ? null : check.message;
          } }) },
        ],
        'lmsExport.close': { target: 'closed', actions: assign(() => CLOSED) },
      },
    },
    requesting: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        input: ({ context }) => ({ itemId: context.itemId ?? '', versionKey: context.versionKey, target: context.target, completePercent: context.completePercent, title: context.title }),
        onDone: [
          { guard: { type: 'answered', params: ({ event }) => ({ output: event.output }) }, target: 'building', actions: assign({ version: ({ event }) => versionOf(event.output) }) },
          { target: 'failed', actions: { type: 'reportError', params: { message: 'LMS export: unreadable lms.export answer' } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ message: `LMS export failed: ${(event.error as { message?: unknown } | null)?.message ?? String(event.error)}` }) },
        },
      },
      on: { 'lmsExport.close': { target: 'closed', actions: assign(() => CLOSED) } },
    },
    building: {
      tags: ['open', 'busy'],
      after: { packageWait: { target: 'failed', actions: { type: 'reportError', params: { message: 'LMS export: no packageReadyForDownload push in time' } } } },
      on: {
        'lmsExport.packageReady': { guard: { type: 'isThisPackage', params: ({ event }) => event }, target: 'ready', actions: assign({ url: ({ event }) => event.url }) },
        'lmsExport.close': { target: 'closed', actions: assign(() => CLOSED) },
      },
    },
    ready: {
      tags: ['open'],
      on: {
        'lmsExport.download': { actions: { type: 'startDownload', params: ({ context }) => ({ url: context.url ?? '', fileName: lmsPackageFileName(checkTitle(context.title), context.target) }) } },
        'lmsExport.close': { target: 'closed', actions: assign(() => CLOSED) },
      },
    },
    failed: {
      tags: ['open'],
      on: {
        'lmsExport.retry': { target: 'editing', actions: assign({ version: null, url: null }) },
        'lmsExport.close': { target: 'closed', actions: assign(() => CLOSED) },
      },
    },
  },
});

function checkTitle(title: string): string {
  const check = checkLmsTitle(title);
  return check.ok ? check.title : title;
}
