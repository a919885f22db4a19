import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { toastsMachine, MAX_VISIBLE_TOASTS, type ToastInput } from '../../machines/session/toastsMachine.ts';

const toast = (id: string, kind: ToastInput['kind'] = 'default'): ToastInput => ({ id, severity: 'error', kind, text: null, message: null });

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock }).start();
  const ids = () => actor.getSnapshot().context.toasts.map((t) => t.id);
  return { clock, actor, ids };
}

describe('toasts (foundation §9: default 5 s; edit and survey 10 s; pause on hover)', () => {
  it('a default toast goes after 5 s, an edit or survey toast after 10 s', () => {
    const { clock, actor, ids } = start();
    actor.send({ type: 'toast.show', toast: toast('requestSent') });
    actor.send({ type: 'toast.show', toast: toast('segmentSaved', 'edit') });
    actor.send({ type: 'toast.show', toast: toast('surveyThanks', 'survey') });
    clock.increment(4_999);
    expect(ids()).toEqual(['requestSent', 'segmentSaved', 'surveyThanks']);
    clock.increment(1);
    expect(ids()).toEqual(['segmentSaved', 'surveyThanks']);
    clock.increment(5_000);
    expect(ids()).toEqual([]);
  });

  it('hovering pauses the toast; leaving gives it its full time again', () => {
    const { clock, actor, ids } = start();
    actor.send({ type: 'toast.show', toast: toast('requestSent') });
    const key = actor.getSnapshot().context.toasts[0]!.key;
    clock.increment(4_000);
    actor.send({ type: 'toast.pause', key });
    expect(actor.getSnapshot().context.toasts[0]!.paused).toBe(true);
    clock.increment(60_000);
    expect(ids()).toEqual(['requestSent']);
    actor.send({ type: 'toast.resume', key });
    clock.increment(4_999);
    expect(ids()).toEqual(['requestSent']);
    clock.increment(1);
    expect(ids()).toEqual([]);
  });

  it('dismissing removes at once; pausing an unknown toast changes nothing', () => {
    const { actor, ids } = start();
    actor.send({ type: 'toast.show', toast: toast('requestSent') });
    actor.send({ type: 'toast.pause', key: 999 });
    actor.send({ type: 'toast.dismiss', key: actor.getSnapshot().context.toasts[0]!.key });
    expect(ids()).toEqual([]);
  });

  it('one toast per id: showing it again replaces the old one and restarts its time', () => {
    const { clock, actor, ids } = start();
    actor.send({ type: 'toast.show', toast: { ...toast('updateUserRoleError'), message: 'first' } });
    clock.increment(4_000);
    actor.send({ type: 'toast.show', toast: { ...toast('updateUserRoleError'), message: 'second' } });
    clock.increment(4_000);
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['second']);
    clock.increment(1_000);
    expect(ids()).toEqual([]);
  });

  it(`keeps at most ${MAX_VISIBLE_TOASTS} on screen, dropping the oldest`, () => {
    const { actor, ids } = start();
    for (let i = 1; i <= MAX_VISIBLE_TOASTS + 2; i++) actor.send({ type: 'toast.show', toast: toast(`t${i}`) });
    expect(ids()).toEqual(Array.from({ length: MAX_VISIBLE_TOASTS }, (_, i) => `t${i + 3}`));
  });
});
