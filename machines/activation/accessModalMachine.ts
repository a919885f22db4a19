import { setup } from 'xstate';
import type { ToastId } from '../../domain/toasts.ts';
import { promiseSlot } from '../slots.ts';

export type AccessVariant = 'nonAdmin' | 'admin' | 'learningAdmin';

export type AccessModalEvent =
  | { type: 'access.open'; variant: AccessVariant; hasEmail: boolean }
  /** The modal's main button: /rise (non-admin), add me as learning admin (admin), the bridge (learning admin). */
  | { type: 'access.confirm' }
  | { type: 'access.close' }
  | { type: 'access.reset' };

/**
 * The access modal of the learning product (foundation §2, §4, §5, §8): `nonAdmin` (its button goes to /rise),
 * `admin` (self-adds the learning-admin role through the product API's updateUser, then is `learningAdmin`) and
 * `learningAdmin` (its button goes to the bridge redirect). A person without an e-mail gets no modal: the
 * missing-email toast instead. A failed role update raises the update-user-role toast and keeps the admin variant.
 */
export const accessModalMachine = setup({
  types: { events: {} as AccessModalEvent },
  actors: { addLearningAdmin: promiseSlot<unknown>('addLearningAdmin') },
  actions: {
    toast: (_, _params: { id: ToastId }) => {},
    goToRise: () => {},
    goToBridge: () => {},
  },
  guards: {
    noEmail: (_, params: { hasEmail: boolean }) => !params.hasEmail,
    is: (_, params: { variant: AccessVariant; want: AccessVariant }) => params.variant === params.want,
  },
}).createMachine({
  id: 'accessModal',
  initial: 'closed',
  // Sign-out: nothing of the last person's stays open.
  on: { 'access.reset': { target: '.closed' } },
  states: {
    closed: {
      on: {
        'access.open': [
          { guard: { type: 'noEmail', params: ({ event }) => ({ hasEmail: event.hasEmail }) }, actions: { type: 'toast', params: { id: 'missingEmailError' } } },
          { guard: { type: 'is', params: ({ event }) => ({ variant: event.variant, want: 'admin' }) }, target: 'admin' },
          { guard: { type: 'is', params: ({ event }) => ({ variant: event.variant, want: 'learningAdmin' }) }, target: 'learningAdmin' },
          { target: 'nonAdmin' },
        ],
      },
    },
    nonAdmin: { on: { 'access.confirm': { target: 'closed', actions: 'goToRise' }, 'access.close': { target: 'closed' } } },
    admin: {
      initial: 'idle',
      on: { 'access.close': { target: 'closed' } },
      states: {
        idle: { on: { 'access.confirm': { target: 'adding' } } },
        adding: {
          invoke: {
            id: 'addLearningAdmin',
            src: 'addLearningAdmin',
            onDone: { target: '#accessModal.learningAdmin' },
            onError: { target: 'idle', actions: { type: 'toast', params: { id: 'updateUserRoleError' } } },
          },
        },
      },
    },
    learningAdmin: { on: { 'access.confirm': { target: 'closed', actions: 'goToBridge' }, 'access.close': { target: 'closed' } } },
  },
});
