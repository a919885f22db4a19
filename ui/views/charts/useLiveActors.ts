import { useEffect, useState } from 'react';
import { StateMachine, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { runningLogicOf } from '../../../machines/featureLogic.ts';
import { useSystem } from '../../system.tsx';

/** One actor of the running system, by its path of ids from the root (`app/auth/loadStoredSession`). */
export interface LiveActor {
  path: string;
  ref: AnyActorRef;
  /** The machine it runs (null for promises, callbacks, stores). */
  machine: AnyStateMachine | null;
  stopped: boolean;
}

const pathOf = (ref: AnyActorRef): string => {
  const ids: string[] = [];
  for (let cur: AnyActorRef | undefined = ref; cur; cur = cur._parent) ids.unshift(cur.id);
  return ids.join('/');
};

function walk(ref: AnyActorRef, out: Map<string, AnyActorRef>) {
  out.set(pathOf(ref), ref);
  const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> } | undefined)?.children ?? {};
  for (const child of Object.values(children)) if (child) walk(child, out);
}

/** Active state node ids of an actor running a machine. */
export function activeIdsOf(ref: AnyActorRef): Set<string> {
  const nodes = (ref.getSnapshot() as { _nodes?: { id: string }[] } | undefined)?._nodes ?? [];
  return new Set(nodes.map((node) => node.id));
}

/**
 * The signed-in user's running actors, spawned and invoked ones included, read from the root down and refreshed (once
 * a frame at most) on every inspection event of the system; actors seen before and gone since are kept, marked stopped.
 * `version` changes whenever a snapshot may have changed.
 */
export function useLiveActors(enabled: boolean): { actors: LiveActor[]; version: number } {
  const { app } = useSystem();
  const [state, setState] = useState<{ actors: LiveActor[]; version: number }>({ actors: [], version: 0 });
  useEffect(() => {
    if (!enabled) return;
    const known = new Map<string, LiveActor>();
    let frame = 0;
    const refresh = () => {
      frame = 0;
      const now = new Map<string, AnyActorRef>();
      walk(app, now);
      for (const [path, ref] of now) {
        // A feature's actor runs a stand-in (machines/featureLogic.ts) that runs the feature's machine once loaded.
        const logic = runningLogicOf((ref as unknown as { logic?: unknown }).logic);
        const status = (ref.getSnapshot() as { status?: string } | undefined)?.status;
        known.set(path, { path, ref, machine: logic instanceof StateMachine ? (logic as AnyStateMachine) : null, stopped: status === 'stopped' });
      }
      for (const [path, actor] of known) if (!now.has(path) && !actor.stopped) known.set(path, { ...actor, stopped: true });
      setState((prev) => ({ actors: [...known.values()].sort((a, b) => a.path.localeCompare(b.path)), version: prev.version + 1 }));
    };
    refresh();
    const subscription = app.system.inspect(() => {
      if (!frame) frame = requestAnimationFrame(refresh);
    });
    return () => {
      subscription.unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [app, enabled]);
  return state;
}
