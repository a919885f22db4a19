import { assign, sendTo, setup } from 'xstate';
import { SOCKET_JUST_RECONNECTED_MS, SOCKET_LOGIN_ACK_TIMEOUT_MS } from '../../domain/constants.ts';
import {
  canRetryReconnect,
  emptyMessageMemory,
  isValidMessageData,
  reconnectDelayMs,
  reconnectRandom01,
  rememberMessage,
  SPEC_RECONNECT_POLICY,
  type ConnectionCommand,
  type ConnectionInput,
  type ConnectionReport,
  type MessageMemory,
  type ReconnectPolicy,
  type SocketCredentials,
} from '../../domain/realtime.ts';
import { notifyParent } from '../notify.ts';
import { callbackSlot, promiseSlot } from '../slots.ts';

export type { SocketCredentials };

/** The socket machine's input: which namespace, as whom. */
export type SocketInput = ConnectionInput;

/** What the connection adapter reports, plus the person's manual reconnect. */
export type SocketEvent = ConnectionReport | { type: 'socket.reconnect' };

export interface SocketContext extends SocketInput {
  /** Reconnect attempts made since the connection was last up (or since the person's manual reconnect). */
  attempt: number;
  lastError: string | null;
  memory: MessageMemory;
  droppedMessages: number;
  /** The deployment's reconnect policy (the spec's until the connection says otherwise: `socket.opened`). */
  policy: ReconnectPolicy;
  /** Seed of this connection's random draws (the randomisation of each delay), from `socket.opened`. */
  seed: number;
}

const TOKEN_ERRORS = new Set(['token_expired', 'token_revoked']);

/** The server closed the connection on purpose (or we did): nothing comes back after a wait, so try at once. */
const isServerDisconnect = (reason: string) => reason === 'io server disconnect';

/** The delay before the next reconnect attempt: the schedule of foundation §9, randomised by the connection's seed. */
export function nextReconnectDelayMs(context: Pick<SocketContext, 'attempt' | 'policy' | 'seed'>): number {
  return reconnectDelayMs(context.attempt, reconnectRandom01(context.seed, context.attempt), context.policy);
}

/**
 * One realtime connection per namespace (foundation §4 "Realtime connection"): connected,
 * disconnected or reconnecting. The machine owns the reconnect schedule (socket.io's own reconnection is
 * off): after a drop or a failed attempt it waits `reconnectDelay` (5 s doubling up to 60 s, randomisation
 * 0.9, from a seed the connection reports so replay draws the same) and tells the connection to try again;
 * after the 6th failed attempt it shows the banner. It refreshes the token on token errors, waits
 * `loginAck` (10 s) for the acknowledgement of `login`, keeps the "just reconnected" window of 3 s, and
 * filters messages (object-or-undefined data, ids handled in the last 10 s ignored) before passing them up.
 */
export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
  },
  actors: {
    connection: callbackSlot<ConnectionCommand, SocketInput>(),
    refreshToken: promiseSlot<string | null>('refreshToken'),
  },
  actions: {
    logDroppedMessage: (_, _params: { event: string; reason: string }) => {},
    logSocketError: (_, _params: { message: string }) => {},
    /** Tell the connection to try now; each try counts towards the policy's attempts. */
    tryToConnect: sendTo('connection', { type: 'connection.reconnect' }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    rememberError: assign({ lastError: (_, params: { message: string }) => params.message }),
  },
  delays: {
    justReconnectedWindow: SOCKET_JUST_RECONNECTED_MS,
    reconnectDelay: ({ context }) => nextReconnectDelayMs(context),
    loginAck: SOCKET_LOGIN_ACK_TIMEOUT_MS,
  },
  guards: {
    isTokenError: (_, params: { message: string }) => TOKEN_ERRORS.has(params.message),
    isUnauthorized: (_, params: { message: string }) => params.message === 'unauthorized' || params.message === 'forbidden',
    isServerDisconnect: (_, params: { reason: string }) => isServerDisconnect(params.reason),
    isClientDisconnect: (_, params: { reason: string }) => params.reason === 'io client disconnect',
    canRetry: ({ context }) => canRetryReconnect(context.attempt, context.policy),
    hasBadData: (_, params: { data: unknown }) => !isValidMessageData(params.data),
    isDuplicate: ({ context }, params: { data: unknown; receivedAt: number }) => {
      const id = (params.data as { messageId?: unknown } | undefined)?.messageId;
      return typeof id === 'string' && rememberMessage(context.memory, id, params.receivedAt).duplicate;
    },
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ ...input, attempt: 0, lastError: null, memory: emptyMessageMemory(), droppedMessages: 0, policy: SPEC_RECONNECT_POLICY, seed: 0 }),
  invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ namespace: context.namespace, credentials: context.credentials }) },
  initial: 'connecting',
  on: {
    'socket.opened': { actions: assign({ policy: ({ event }) => event.policy, seed: ({ event }) => event.seed }) },
    'socket.message': [
      {
        guard: { type: 'hasBadData', params: ({ event }) => ({ data: event.data }) },
        actions: [
          assign({ droppedMessages: ({ context }) => context.droppedMessages + 1 }),
          { type: 'logDroppedMessage', params: ({ event }) => ({ event: event.event, reason: 'data must be an object or undefined' }) },
        ],
      },
      { guard: { type: 'isDuplicate', params: ({ event }) => ({ data: event.data, receivedAt: event.receivedAt }) } },
      {
        actions: [
          assign({
            memory: ({ context, event }) => {
              const id = (event.data as { messageId?: unknown } | undefined)?.messageId;
              return typeof id === 'string' ? rememberMessage(context.memory, id, event.receivedAt).state : context.memory;
            },
          }),
          notifyParent(({ context, event }) => ({
            type: 'realtime.message',
            namespace: context.namespace,
            event: event.type === 'socket.message' ? event.event : '',
            data: event.type === 'socket.message' ? (event.data ?? {}) : {},
          })),
        ],
      },
    ],
  },
  states: {
    // The first connection (socket.io connects at once); a failure that is not about who we are starts the schedule.
    connecting: {
      on: {
        'socket.connected': { target: 'connected' },
        'socket.connectError': [
          { guard: { type: 'isTokenError', params: ({ event }) => event }, target: 'refreshingToken' },
          { guard: { type: 'isUnauthorized', params: ({ event }) => event }, target: 'refused', actions: { type: 'rememberError', params: ({ event }) => event } },
          { target: 'reconnecting', actions: { type: 'rememberError', params: ({ event }) => event } },
        ],
      },
    },
    connected: {
      type: 'parallel',
      entry: assign({ attempt: 0, lastError: null }),
      states: {
        window: {
          initial: 'steady',
          states: {
            steady: {},
            // "Manager just reconnected" (foundation §9): 3 s in which reconnect side effects settle.
            justReconnected: { after: { justReconnectedWindow: { target: 'steady' } } },
          },
        },
        // `login` is emitted on every connect (foundation §7); its acknowledgement is awaited for `loginAck`.
        login: {
          initial: 'awaitingAck',
          states: {
            awaitingAck: {
              on: {
                'socket.loginAcked': { target: 'acknowledged' },
                'socket.loginFailed': {
                  target: 'failed',
                  actions: [
                    { type: 'rememberError', params: ({ event }) => event },
                    { type: 'logSocketError', params: ({ event }) => ({ message: `Socket login failed: ${event.message}` }) },
                  ],
                },
              },
              after: {
                loginAck: {
                  target: 'failed',
                  actions: [
                    { type: 'rememberError', params: { message: 'login timed out' } },
                    { type: 'logSocketError', params: { message: 'Socket login failed: login timed out' } },
                  ],
                },
              },
            },
            acknowledged: {},
            failed: {},
          },
        },
      },
      on: {
        // The server says the token expired and is about to close the connection.
        'socket.connectError': { guard: { type: 'isTokenError', params: ({ event }) => event }, target: 'refreshingToken' },
        'socket.disconnected': [
          { guard: { type: 'isClientDisconnect', params: ({ event }) => event }, target: 'disconnected' },
          // socket.io does not come back by itself after the server's own disconnect: try again at once.
          { guard: { type: 'isServerDisconnect', params: ({ event }) => event }, target: 'reconnecting.attempting' },
          { target: 'reconnecting' },
        ],
      },
    },
    // The reconnect schedule (foundation §9): wait, try, and after the last failed attempt the banner.
    reconnecting: {
      initial: 'waiting',
      states: {
        waiting: { after: { reconnectDelay: { target: 'attempting' } } },
        attempting: {
          entry: ['countAttempt', 'tryToConnect'],
          on: {
            'socket.connectError': [
              { guard: { type: 'isTokenError', params: ({ event }) => event }, target: '#socket.refreshingToken' },
              { guard: { type: 'isUnauthorized', params: ({ event }) => event }, target: '#socket.refused', actions: { type: 'rememberError', params: ({ event }) => event } },
              { guard: 'canRetry', target: 'waiting', actions: { type: 'rememberError', params: ({ event }) => event } },
              { target: '#socket.disconnected', actions: { type: 'rememberError', params: ({ event }) => event } },
            ],
          },
        },
      },
      on: {
        // Back (this attempt, or the shared connection another namespace reopened). A reconnect makes the folder list refetch (foundation §4).
        'socket.connected': {
          target: 'connected.window.justReconnected',
          actions: notifyParent(({ context }) => ({ type: 'realtime.reconnected', namespace: context.namespace })),
        },
      },
    },
    // Token expired or revoked (foundation §8): refresh it, then connect again with the new one.
    refreshingToken: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'refused', actions: assign({ lastError: 'token_unavailable' }) },
          { target: 'reconnecting.attempting' },
        ],
        onError: { target: 'refused', actions: assign({ lastError: 'token_unavailable' }) },
      },
    },
    // After the last attempt: the banner that cannot be closed and has no time-out, with a manual reconnect link.
    disconnected: {
      tags: ['banner'],
      on: {
        'socket.reconnect': { target: 'reconnecting.attempting', actions: assign({ attempt: 0 }) },
        // Back after the banner: the same as any reconnect (the folder list refetches, held changes go again).
        'socket.connected': {
          target: 'connected.window.justReconnected',
          actions: notifyParent(({ context }) => ({ type: 'realtime.reconnected', namespace: context.namespace })),
        },
      },
    },
    // The server refused who we are: the session, not the banner, deals with it.
    refused: {
      entry: notifyParent(({ context }) => ({ type: 'realtime.refused', namespace: context.namespace, reason: context.lastError ?? 'unauthorized' })),
      on: {
        'socket.reconnect': { target: 'reconnecting.attempting', actions: assign({ attempt: 0 }) },
      },
    },
  },
});
