import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { WalkthroughStep } from '../../domain/translationAssist.ts';
import { currentStepOf, walkthroughMachine } from '../../machines/translation/walkthroughMachine.ts';

const STEPS: WalkthroughStep[] = [
  { id: 'segments', highlightSelector: '[data-walkthrough="segments"]' },
  { id: 'filter', highlightSelector: '[data-walkthrough="filter"]' },
  { id: 'complete', highlightSelector: '[data-walkthrough="complete"]', altButton: true },
];
const AT = '2026-11-22T10:00:00.000Z';

function start() {
  const stored: string[] = [];
  const actor = createActor(walkthroughMachine.provide({ actions: { storeWalkthroughDone: (_, params) => void stored.push(params.at) } })).start();
  const current = () => currentStepOf(actor.getSnapshot());
  return { actor, stored, current };
}

describe('walkthrough machine (translation-editor §3 Walkthrough step, §4)', () => {
  it('steps with Next and Previous within bounds, and finishes only at the last step', () => {
    const t = start();
    expect(t.current()).toBeNull();
    t.actor.send({ type: 'walkthrough.start', steps: STEPS });
    expect(t.current()).toEqual({ step: STEPS[0], index: 0, count: 3, isFirst: true, isLast: false });
    t.actor.send({ type: 'walkthrough.previous' });
    expect(t.current()?.index).toBe(0);
    t.actor.send({ type: 'walkthrough.next' });
    t.actor.send({ type: 'walkthrough.finish', at: AT });
    expect(t.current()?.step.id).toBe('filter');
    expect(t.stored).toEqual([]);
    t.actor.send({ type: 'walkthrough.previous' });
    expect(t.current()?.index).toBe(0);
    t.actor.send({ type: 'walkthrough.next' });
    t.actor.send({ type: 'walkthrough.next' });
    t.actor.send({ type: 'walkthrough.next' });
    expect(t.current()).toMatchObject({ index: 2, isLast: true });
    t.actor.send({ type: 'walkthrough.finish', at: AT });
    expect(t.current()).toBeNull();
    expect(t.actor.getSnapshot().value).toBe('done');
    expect(t.stored).toEqual([AT]);
  });

  it('dismissed early stores the time stamp too; a new start shows it again from the first step', () => {
    const t = start();
    t.actor.send({ type: 'walkthrough.start', steps: STEPS });
    t.actor.send({ type: 'walkthrough.next' });
    t.actor.send({ type: 'walkthrough.dismiss', at: AT });
    expect(t.current()).toBeNull();
    expect(t.stored).toEqual([AT]);
    t.actor.send({ type: 'walkthrough.start', steps: STEPS });
    expect(t.current()?.index).toBe(0);
  });

  it('shows nothing without steps', () => {
    const t = start();
    t.actor.send({ type: 'walkthrough.start', steps: [] });
    expect(t.actor.getSnapshot().value).toBe('idle');
  });
});
