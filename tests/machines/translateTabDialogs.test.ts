/** The translate tab's dialogs kept in machines of their own (machines/translation/): the audio drawer and the duplicate review. */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { appMachine } from '../../machines/index.ts';
import { inert } from '../../machines/inert.ts';
import { audioDrawerMachine, isAudioDrawerOpenOf } from '../../machines/translation/audioDrawerMachine.ts';
import { duplicateReviewKeyOf, duplicateReviewMachine } from '../../machines/translation/duplicateReviewMachine.ts';
import { recorder, systemActor, systemOf } from './contentFixtures.ts';

const K1 = '["sc1","sl1","t1"]';
const K2 = '["sc1","sl2","t1"]';

function start() {
  const translation = recorder();
  const root = createActor(systemOf({ audioDrawer: audioDrawerMachine, translation: translation.logic })).start();
  const actor = systemActor(root, 'audioDrawer') as AnyActorRef;
  return { actor, translation, open: () => isAudioDrawerOpenOf(actor.getSnapshot()) };
}

describe('audio drawer machine (translation-editor §2 "Validate audio elements" opens a side drawer)', () => {
  it('opens and closes', () => {
    const t = start();
    expect(t.open()).toBe(false);
    t.actor.send({ type: 'audioDrawer.open' });
    expect(t.open()).toBe(true);
    t.actor.send({ type: 'audioDrawer.close' });
    expect(t.open()).toBe(false);
    expect(t.translation.events).toEqual([]);
  });

  it('a segment chosen closes the drawer and tells the translation actor to go to it; nothing while closed', () => {
    const t = start();
    t.actor.send({ type: 'audioDrawer.goTo', key: K1 });
    expect(t.translation.events).toEqual([]);
    t.actor.send({ type: 'audioDrawer.open' });
    t.actor.send({ type: 'audioDrawer.goTo', key: K1 });
    expect(t.open()).toBe(false);
    expect(t.translation.events).toEqual([{ type: 'translation.goToDuplicate', key: K1 }]);
  });

  it('is one of the app’s actors (systemId audioDrawer), so the session log records it', () => {
    const app = createActor(inert(appMachine)).start();
    // The translate tab's machines start once their chunk has loaded (machines/featureLogic.ts).
    app.send({ type: 'app.featureLoaded', feature: 'translation' });
    const actor = app.system.get('audioDrawer') as AnyActorRef | undefined;
    expect(actor?.getSnapshot().value).toBe('closed');
  });
});

describe('duplicate review machine (translation-editor §2 duplicate review placeholder dialog)', () => {
  function startReview() {
    const translation = recorder();
    const root = createActor(systemOf({ duplicateReview: duplicateReviewMachine, translation: translation.logic })).start();
    const actor = systemActor(root, 'duplicateReview') as AnyActorRef;
    return { actor, translation, key: () => duplicateReviewKeyOf(actor.getSnapshot()) };
  }

  it('opens for a segment and closes', () => {
    const t = startReview();
    expect(t.key()).toBeNull();
    t.actor.send({ type: 'duplicateReview.open', key: K1 });
    expect(t.key()).toBe(K1);
    t.actor.send({ type: 'duplicateReview.close' });
    expect(t.key()).toBeNull();
  });

  it('a duplicate chosen closes it and tells the translation actor to go to it', () => {
    const t = startReview();
    t.actor.send({ type: 'duplicateReview.open', key: K1 });
    t.actor.send({ type: 'duplicateReview.goTo', key: K2 });
    expect(t.key()).toBeNull();
    expect(t.translation.events).toEqual([{ type: 'translation.goToDuplicate', key: K2 }]);
  });
});

describe('the translate tab machines load with their feature (machines/featureLogic.ts)', () => {
  it('are not started until the app hears their code has loaded, then run under their systemIds', () => {
    const app = createActor(inert(appMachine)).start();
    for (const id of ['translation', 'suggestions', 'memoryReport', 'walkthrough', 'audioDrawer', 'duplicateReview']) expect(app.system.get(id), id).toBeUndefined();
    app.send({ type: 'app.featureLoaded', feature: 'translation' });
    for (const id of ['translation', 'suggestions', 'memoryReport', 'walkthrough', 'audioDrawer', 'duplicateReview']) expect(app.system.get(id), id).toBeDefined();
    expect((app.system.get('audioDrawer') as AnyActorRef).getSnapshot().value).toBe('closed');
  });
});
