import { enqueueActions, setup } from 'xstate';
import type { ToastData, ToastKind, ToastSeverity } from '../../domain/toasts.ts';
import { toastDurationMs } from '../../domain/toasts.ts';
import { notifyParent } from '../notify.ts';

/** At most this many toasts are on screen; a new one pushes out the oldest. */
export const MAX_VISIBLE_TOASTS = 4;

/** What a feature asks to show. `id` names the toast (foundation §8 ids, or a feature's own); one per id at a time. */
export interface ToastInput {
  id: string;
  severity: ToastSeverity;
  kind: ToastKind;
  /** Fixed text (the spec's), or null where the views' catalogue has the words for `id`. */
  text: string | null;
  /** The error's own message, for toasts that include it. */
  message: string | null;
  /** Toast data (review-and-content §3) for the content toasts: counts and names the words are made from. */
  data?: ToastData | null;
}

export interface ShownToast extends ToastInput {
  key: number;
  durationMs: number;
  paused: boolean;
}

export interface ToastsContext {
  toasts: ShownToast[];
  nextKey: number;
}

export type ToastsEvent =
  | { type: 'toast.show'; toast: ToastInput }
  | { type: 'toast.dismiss'; key: number }
  | { type: 'toast.pause'; key: number }
  | { type: 'toast.resume'; key: number }
  | { type: 'toast.expired'; key: number };

const timerId = (key: number) => `toast-${key}`;

/**
 * One toast's clock: runs for its duration, then tells the toasts actor it expired. Hovering (or
 * focusing) the toast pauses it; leaving starts the full duration again, so nobody loses a message
 * they were reading.
 */
export const toastTimerMachine = setup({
  types: { input: {} as { key: number; durationMs: number }, context: {} as { key: number; durationMs: number }, events: {} as { type: 'toast.pause' } | { type: 'toast.resume' } },
  delays: { duration: ({ context }) => context.durationMs },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => input,
  initial: 'running',
  states: {
    running: {
      after: { duration: { target: 'done' } },
      on: { 'toast.pause': { target: 'paused' } },
    },
    paused: { on: { 'toast.resume': { target: 'running' } } },
    done: { type: 'final', entry: notifyParent(({ context }) => ({ type: 'toast.expired', key: context.key })) },
  },
});

/**
 * The toasts on screen (foundation §9: default 5 s; edit and survey toasts 10 s; pause on hover).
 * Long-lived with systemId `toasts`; any actor or view sends `toast.show`.
 */
export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
  actors: { toastTimer: toastTimerMachine },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextKey: 1 },
  on: {
    'toast.show': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const key = context.nextKey;
        const durationMs = toastDurationMs(event.toast.kind);
        // One toast per id: a repeat replaces the old one (and its clock).
        const replaced = context.toasts.filter((toast) => toast.id === event.toast.id);
        const kept = context.toasts.filter((toast) => toast.id !== event.toast.id);
        const overflow = kept.length >= MAX_VISIBLE_TOASTS ? kept.slice(0, kept.length - MAX_VISIBLE_TOASTS + 1) : [];
        for (const toast of [...replaced, ...overflow]) enqueue.stopChild(timerId(toast.key));
        const remaining = kept.filter((toast) => !overflow.includes(toast));
        enqueue.assign({ nextKey: key + 1, toasts: [...remaining, { ...event.toast, key, durationMs, paused: false }] });
        enqueue.spawnChild('toastTimer', { id: timerId(key), input: { key, durationMs } });
      }),
    },
    'toast.dismiss': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.stopChild(timerId(event.key));
        enqueue.assign({ toasts: ({ context }) => context.toasts.filter((toast) => toast.key !== event.key) });
      }),
    },
    'toast.expired': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.stopChild(timerId(event.key));
        enqueue.assign({ toasts: ({ context }) => context.toasts.filter((toast) => toast.key !== event.key) });
      }),
    },
    'toast.pause': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!context.toasts.some((toast) => toast.key === event.key)) return;
        enqueue.sendTo(timerId(event.key), { type: 'toast.pause' });
        enqueue.assign({ toasts: context.toasts.map((toast) => (toast.key === event.key ? { ...toast, paused: true } : toast)) });
      }),
    },
    'toast.resume': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (!context.toasts.some((toast) => toast.key === event.key)) return;
        enqueue.sendTo(timerId(event.key), { type: 'toast.resume' });
        enqueue.assign({ toasts: context.toasts.map((toast) => (toast.key === event.key ? { ...toast, paused: false } : toast)) });
      }),
    },
  },
});
