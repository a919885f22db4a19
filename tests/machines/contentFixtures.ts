/**
 * Shared fixtures for the content actors' tests: folder and item records, controllable fake requests, and
 * stand-in actors that record what the content actors tell each other.
 */
import { createMachine, fromPromise, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate';
import type { FolderRecord } from '../../domain/folderTree.ts';

export const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

export const folder = (id: number, name: string, parent: number, folderType: FolderRecord['folderType'], role?: string): FolderRecord => ({
  id,
  name,
  parent,
  folderType,
  ...(role ? { role } : {}),
});

export { itemRecord as item, archivedRecord as archived } from '../../domain/content.fixtures.ts';

/** A request the test settles by hand. */
export interface Call<TInput> {
  input: TInput;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A fake promise actor: every call is kept, unsettled, for the test to answer. */
export function controlled<TInput>() {
  const calls: Call<TInput>[] = [];
  const logic = fromPromise<unknown, TInput>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push({ input, resolve, reject });
      }),
  );
  return { logic, calls };
}

/** A refusal as the content client raises it. */
export const refusal = (reason: string, message = 'Refused', failedId?: string | number) => Object.assign(new Error(message), { name: 'ContentRequestError', reason, failedId, delivery: 'refused' });

/**
 * A change the content client could not send (`unsent`: offline) or whose answer it lost (`unanswered`: timed out, or
 * the connection dropped while waiting): the service may have done it.
 */
export const lost = (delivery: 'unsent' | 'unanswered', message = delivery === 'unsent' ? 'Not connected' : 'The connection dropped') =>
  Object.assign(new Error(message), { name: 'ContentRequestError', reason: 'serverError', delivery });

/** A stand-in actor that records every event it receives (a dialogs, grid, folders or toasts of a test system). */
export function recorder() {
  const events: EventObject[] = [];
  const logic = createMachine({ on: { '*': { actions: ({ event }) => void events.push(event) } } });
  return { logic, events, types: () => events.map((e) => e.type) };
}

/** A root that invokes the given actors with their systemIds, so they reach each other as in the app. */
export function systemOf(actors: Record<string, AnyActorLogic>) {
  return createMachine({ invoke: Object.entries(actors).map(([id, src]) => ({ id, systemId: id, src })) });
}

/** The actor a test system holds under a systemId. */
export function systemActor(root: AnyActorRef, id: string): AnyActorRef {
  const actor = root.system.get(id);
  if (!actor) throw new Error(`No ${id} in the test system`);
  return actor;
}
