import { fromPromise, fromCallback, type EventObject } from 'xstate';

/**
 * A named place for an adapter: machines declare it in `setup({ actors })`, the composition root,
 * tests and replay provide the real, fake or inert implementation. Left unprovided it fails loudly.
 */
export function promiseSlot<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is provided at the composition root`);
  });
}

/** A callback-actor slot (subscriptions, sockets): unprovided it does nothing. */
export function callbackSlot<TEvent extends EventObject, TInput = void>() {
  return fromCallback<TEvent, TInput>(() => () => {});
}
