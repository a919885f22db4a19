import { CONTENT_ACK_TIMEOUT_MS } from '../../domain/constants.ts';
import { refusalOf } from './contentEvents.ts';

/** What the queue reads of a content actor's context: the changes not yet confirmed, oldest first. */
interface QueueContext {
  pending: ReadonlyArray<{ change: { kind: string } }>;
}

/**
 * The `changes` region of the content actors (`folders`, `grid`): the head of the queue is sent (`sending`), then
 * folded in (`commitHead`) or, on the service's refusal, rolled back (`rollbackHead`: exactly that change) with the
 * error dialog. A head that could not be sent (offline) or whose answer was lost may have been done: it is not rolled
 * back on a guess but held (`waiting`, tag `waiting`, every queued change still shown) until the connection returns
 * (the session's reconnect sends `refetch`) or after `changeRetry`, then goes again with the same change id: the
 * service confirms what it did already, does it now, or refuses it.
 *
 * The machine names `hasPending`, `isAnswerLost`, `commitHead`, `rollbackHead`, `reportError` and the delays
 * `changeRetry` and `ackTimeout` (no answer in time: taken as lost); `sendingAfter` adds timers to `sending` (the folder insert's time-out).
 */
export function changeQueueRegion<TContext, const TSend extends string, const TRefetch extends string, TInput, const TAfter extends object = never>(options: {
  /** The actor slot that sends the head (also the invoke id). */
  send: TSend;
  input: (args: { context: TContext }) => TInput;
  /** How the console names a change: `Folder rename …`, `Item trash …`. */
  noun: string;
  /** How the console says the service refused it. */
  refusedWord: string;
  /** The event that ends the wait at once (the session's reconnect). */
  refetch: TRefetch;
  sendingAfter?: TAfter;
}) {
  const headKind = (context: QueueContext) => context.pending[0]?.change.kind ?? 'change';
  return {
    initial: 'idle',
    states: {
      idle: {
        always: { guard: 'hasPending', target: 'sending' },
      },
      sending: {
        tags: ['busy'],
        invoke: {
          id: options.send,
          src: options.send,
          input: options.input,
          onDone: { target: 'idle', actions: 'commitHead' },
          onError: [
            {
              // Not sent (offline) or not answered (time-out, connection dropped): it may have been done. It stays
              // shown as pending and is asked again with the same change id, never rolled back on a guess.
              guard: { type: 'isAnswerLost', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
              target: 'waiting',
              actions: {
                type: 'reportError',
                params: ({ context, event }: { context: QueueContext; event: { error: unknown } }) => ({
                  message: `${options.noun} ${headKind(context)} not confirmed yet: ${refusalOf(event.error).message}`,
                }),
              },
            },
            {
              target: 'idle',
              actions: [
                {
                  type: 'reportError',
                  params: ({ context, event }: { context: QueueContext; event: { error: unknown } }) => ({
                    message: `${options.noun} ${headKind(context)} ${options.refusedWord}: ${refusalOf(event.error).message}`,
                  }),
                },
                { type: 'rollbackHead', params: ({ event }: { event: { error: unknown } }) => refusalOf(event.error) },
              ],
            },
          ],
        },
        after: {
          // No acknowledgement within CONTENT_ACK_TIMEOUT_MS (30 s): the answer is taken as lost, like a dropped
          // connection — kept pending and asked again with its change id (the adapter does not time it itself).
          ackTimeout: {
            target: 'waiting',
            actions: {
              type: 'reportError',
              params: ({ context }: { context: QueueContext }) => ({ message: `${options.noun} ${headKind(context)} not confirmed yet: no answer within ${CONTENT_ACK_TIMEOUT_MS} ms.` }),
            },
          },
          ...((options.sendingAfter ?? {}) as TAfter),
        },
      },
      waiting: {
        tags: ['busy', 'waiting'],
        on: { [options.refetch]: { target: 'sending' } } as Record<TRefetch, { target: 'sending' }>,
        after: { changeRetry: { target: 'sending' } },
      },
    },
  } as const;
}
