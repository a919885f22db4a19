import { assign, sendTo, setup } from 'xstate';
import { SOCKET_JUST_RECONNECTED_MS } from '../../domain/constants.ts';
import {
  emptyMessageMemory,
  isValidMessageData,
  rememberMessage,
  type ConnectionCommand,
  type ConnectionInput,
  type ConnectionReport,
  type MessageMemory,
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
  attempt: number;
  lastError: string | null;
  memory: MessageMemory;
  droppedMessages: number;
}

const TOKEN_ERRORS = new Set(['token_expired', 'token_revoked']);

/** The server closed the connection on purpose; socket.io does not come back by itself then. */
const isServerDisconnect = (reason: string) => reason === 'io server disconnect';

/**
 * One realtime connection per namespace (foundation §4 "Realtime connection"): connected,
 * disconnected or reconnecting. socket.io's manager does the backoff (5 s up to 60 s, randomisation
 * 0.9, 6 attempts) and reports each step; the machine decides what the person sees, refreshes the
 * token on token errors, keeps the "just reconnected" window of 3 s, and filters messages
 * (object-or-undefined data, ids handled in the last 10 s ignored) before passing them up.
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
  },
  delays: { justReconnectedWindow: SOCKET_JUST_RECONNECTED_MS },
  guards: {
    isTokenError: (_, params: { message: string }) => TOKEN_ERRORS.has(params.message),
    isUnauthorized: (_, params: { message: string }) => params.message === 'unauthorized' || params.message === 'forbidden',
    isServerDisconnect: (_, params: { reason: string }) => isServerDisconnect(params.reason),
    isClientDisconnect: (_, params: { reason: string }) => params.reason === 'io client disconnect',
    hasBadData: (_, params: { data: unknown }) => !isValidMessageData(params.data),
    isDuplicate: ({ context }, params: { data: unknown; receivedAt: number }) => {
      const id = (params.data as { messageId?: unknown } | undefined)?.messageId;
      return typeof id === 'string' && rememberMessage(context.memory, id, params.receivedAt).duplicate;
    },
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({ ...input, attempt: 0, lastError: null, memory: emptyMessageMemory(), droppedMessages: 0 }),
  invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ namespace: context.namespace, credentials: context.credentials }) },
  initial: 'connecting',
  on: {
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
    'socket.loginFailed': {
      actions: [assign({ lastError: ({ event }) => event.message }), { type: 'logSocketError', params: ({ event }) => ({ message: `Socket login failed: ${event.message}` }) }],
    },
  },
  states: {
    connecting: {
      on: {
        'socket.connected': { target: 'connected' },
        'socket.reconnecting': { target: 'reconnecting', actions: assign({ attempt: ({ event }) => event.attempt }) },
        'socket.connectError': [
          { guard: { type: 'isTokenError', params: ({ event }) => event }, target: 'refreshingToken' },
          { guard: { type: 'isUnauthorized', params: ({ event }) => event }, target: 'refused', actions: assign({ lastError: ({ event }) => event.message }) },
          { actions: assign({ lastError: ({ event }) => event.message }) },
        ],
        'socket.reconnectFailed': { target: 'disconnected' },
      },
    },
    connected: {
      initial: 'steady',
      entry: assign({ attempt: 0, lastError: null }),
      states: {
        steady: {},
        // "Manager just reconnected" (foundation §9): 3 s in which reconnect side effects settle.
        justReconnected: { after: { justReconnectedWindow: { target: 'steady' } } },
      },
      on: {
        // The server says the token expired and is about to close the connection.
        'socket.connectError': { guard: { type: 'isTokenError', params: ({ event }) => event }, target: 'refreshingToken' },
        'socket.disconnected': [
          { guard: { type: 'isClientDisconnect', params: ({ event }) => event }, target: 'disconnected' },
          {
            guard: { type: 'isServerDisconnect', params: ({ event }) => event },
            target: 'reconnecting',
            actions: sendTo('connection', { type: 'connection.reconnect' }),
          },
          { target: 'reconnecting' },
        ],
      },
    },
    reconnecting: {
      on: {
        'socket.reconnecting': { actions: assign({ attempt: ({ event }) => event.attempt }) },
        'socket.connected': {
          target: 'connected.justReconnected',
          // A reconnect makes the folder list refetch (foundation §4).
          actions: notifyParent(({ context }) => ({ type: 'realtime.reconnected', namespace: context.namespace })),
        },
        'socket.connectError': [
          { guard: { type: 'isTokenError', params: ({ event }) => event }, target: 'refreshingToken' },
          { guard: { type: 'isUnauthorized', params: ({ event }) => event }, target: 'refused', actions: assign({ lastError: ({ event }) => event.message }) },
          { actions: assign({ lastError: ({ event }) => event.message }) },
        ],
        'socket.reconnectFailed': { target: 'disconnected' },
      },
    },
    // Token expired or revoked (foundation §8): refresh it, then connect again with the new one.
    refreshingToken: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'refused', actions: assign({ lastError: 'token_unavailable' }) },
          { target: 'reconnecting', actions: sendTo('connection', { type: 'connection.reconnect' }) },
        ],
        onError: { target: 'refused', actions: assign({ lastError: 'token_unavailable' }) },
      },
    },
    // After the last attempt: the banner that cannot be closed and has no time-out, with a manual reconnect link.
    disconnected: {
      tags: ['banner'],
      on: {
        'socket.reconnect': { target: 'reconnecting', actions: [assign({ attempt: 0 }), sendTo('connection', { type: 'connection.reconnect' })] },
        // Back after the banner: the same as any reconnect (the folder list refetches, held changes go again).
        'socket.connected': { target: 'connected.justReconnected', actions: notifyParent(({ context }) => ({ type: 'realtime.reconnected', namespace: context.namespace })) },
      },
    },
    // The server refused who we are: the session, not the banner, deals with it.
    refused: {
      entry: notifyParent(({ context }) => ({ type: 'realtime.refused', namespace: context.namespace, reason: context.lastError ?? 'unauthorized' })),
      on: {
        'socket.reconnect': { target: 'reconnecting', actions: sendTo('connection', { type: 'connection.reconnect' }) },
      },
    },
  },
});
