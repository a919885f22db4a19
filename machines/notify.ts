import { enqueueActions, type AnyActorRef, type EventObject } from 'xstate';

/* eslint-disable @typescript-eslint/no-explicit-any -- these action creators serve any machine;
   xstate's generics cannot express "whatever context and event the using machine has" here. */
type Make = (args: { context: any; event: any }) => EventObject;

interface EnqueueArgs {
  context: unknown;
  event: unknown;
  self: AnyActorRef;
  system: { get(id: string): AnyActorRef | undefined };
  enqueue: { sendParent(event: EventObject): void; sendTo(target: AnyActorRef, event: EventObject): void };
}

/**
 * Sends an event to the parent when there is one. A machine run alone (generated path tests,
 * a chart preview) has no parent, and a plain sendParent would fail it.
 */
export function notifyParent(make: Make): any {
  const run = ({ context, event, self, enqueue }: EnqueueArgs) => {
    if ((self as { _parent?: unknown })._parent) enqueue.sendParent(make({ context, event }));
  };
  return enqueueActions(run as any);
}

/** Sends an event to a long-lived actor by systemId, when the system has it (it may not, in a test of one machine). */
export function sendToSystem(systemId: string, make: Make): any {
  const run = ({ context, event, system, enqueue }: EnqueueArgs) => {
    const target = system.get(systemId);
    if (target) enqueue.sendTo(target, make({ context, event }));
  };
  return enqueueActions(run as any);
}
