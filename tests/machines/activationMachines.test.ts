/**
 * The activation feature's timings and effects (foundation §4, §8, §9) on a simulated clock: the 1,000 ms pending
 * poll and the reload once active; the celebration's 900 ms delay and 10 s run, none under reduced motion; the
 * access modal's missing-email toast; the survey's hide date written on answering.
 */
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ACTIVATION_POLL_MS, CELEBRATION, type TrialRequestKind } from '../../domain/activation.ts';
import { accessModalMachine } from '../../machines/activation/accessModalMachine.ts';
import { activationMachine } from '../../machines/activation/activationMachine.ts';
import { surveyBannerMachine } from '../../machines/activation/surveyBannerMachine.ts';
import { trialMachine } from '../../machines/activation/trialMachine.ts';
import { downloadsMachine } from '../../machines/activation/downloadsMachine.ts';
import { inert } from '../../machines/inert.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('activation: admin one click, then the pending poll', () => {
  it('re-reads the state every 1,000 ms while pending, then reloads with the success hash', async () => {
    const clock = new SimulatedClock();
    const answers = [true, true, false];
    let reads = 0;
    let reloaded = 0;
    const actor = createActor(
      activationMachine.provide({
        actors: {
          activate: fromPromise<unknown, { subscriptionId: string }>(async () => ({ tenant_state: 'active', tenant_state_pending: true })),
          readState: fromPromise<unknown, { subscriptionId: string }>(async () => ({ tenant_state: 'active', tenant_state_pending: answers[reads++] ?? false })),
        },
        actions: { reloadActivated: () => void reloaded++ },
      }),
      { clock },
    ).start();
    actor.send({ type: 'activation.open', subscriptionId: 'sub-1', isAdmin: true });
    actor.send({ type: 'activation.activate' });
    await waitFor(actor, (s) => s.matches({ polling: 'waiting' }));
    expect(reads).toBe(1);
    clock.increment(ACTIVATION_POLL_MS - 1);
    await flush();
    expect(reads).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => reads === 2 && s.matches({ polling: 'waiting' }));
    clock.increment(ACTIVATION_POLL_MS);
    await waitFor(actor, (s) => s.matches('activated'));
    expect(reads).toBe(3);
    expect(reloaded).toBe(1);
  });

  it('raises the request-activation toast when the activation fails, and keeps the pitch open', async () => {
    const toasts: string[] = [];
    const actor = createActor(
      activationMachine.provide({
        actors: { activate: fromPromise<unknown, { subscriptionId: string }>(async () => Promise.reject(new Error('503'))) },
        actions: { toast: (_, params) => void toasts.push(params.id) },
      }),
    ).start();
    actor.send({ type: 'activation.open', subscriptionId: 'sub-1', isAdmin: true });
    actor.send({ type: 'activation.activate' });
    await waitFor(actor, (s) => s.matches({ admin: 'pitch' }));
    expect(toasts).toEqual(['requestActivationError']);
  });
});

describe('trial success celebration', () => {
  const run = async (reducedMotion: boolean) => {
    const clock = new SimulatedClock();
    const actor = createActor(trialMachine.provide({ actors: { requestTrial: fromPromise<unknown, { kind: TrialRequestKind }>(async () => undefined) } }), { clock }).start();
    actor.send({ type: 'trial.viewed', reducedMotion });
    actor.send({ type: 'trial.request', kind: 'selfInitiated' });
    await waitFor(actor, (s) => s.matches('requested'));
    return { actor, clock };
  };
  it('starts after 900 ms and runs 10,000 ms', async () => {
    const { actor, clock } = await run(false);
    expect(actor.getSnapshot().matches({ requested: { modal: 'open', celebration: 'waiting' } })).toBe(true);
    clock.increment(CELEBRATION.delayMs);
    expect(actor.getSnapshot().matches({ requested: { celebration: 'running' } })).toBe(true);
    clock.increment(CELEBRATION.durationMs - 1);
    expect(actor.getSnapshot().matches({ requested: { celebration: 'running' } })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ requested: { celebration: 'done' } })).toBe(true);
  });
  it('has none under reduced motion', async () => {
    const { actor, clock } = await run(true);
    clock.increment(CELEBRATION.delayMs + 1);
    expect(actor.getSnapshot().matches({ requested: { modal: 'open', celebration: 'none' } })).toBe(true);
  });
  it('logs a failed request only, and the buttons are offered again', async () => {
    const logged: unknown[] = [];
    const actor = createActor(
      trialMachine.provide({ actors: { requestTrial: fromPromise<unknown, { kind: TrialRequestKind }>(async () => Promise.reject(new Error('500'))) }, actions: { logFailure: (_, params) => void logged.push(params.error) } }),
    ).start();
    actor.send({ type: 'trial.viewed', reducedMotion: false });
    actor.send({ type: 'trial.request', kind: 'salesDemo' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(logged).toHaveLength(1);
    expect(actor.getSnapshot().context.sent).toBeNull();
  });
});

describe('access modal and survey banner effects', () => {
  it('closes with the missing-email toast for a person without an e-mail', () => {
    const toasts: string[] = [];
    const actor = createActor(accessModalMachine.provide({ actions: { toast: (_, params) => void toasts.push(params.id) } })).start();
    actor.send({ type: 'access.open', variant: 'admin', hasEmail: false });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(toasts).toEqual(['missingEmailError']);
  });
  it('remembers the hide date once the answer is sent, and on dismissal', async () => {
    let remembered = 0;
    const provided = surveyBannerMachine.provide({ actors: { submitSurvey: fromPromise<unknown, { isPositive: boolean; feedback: string }>(async () => undefined) }, actions: { rememberHidden: () => void remembered++ } });
    const answered = createActor(provided).start();
    answered.send({ type: 'survey.start', hidden: false });
    answered.send({ type: 'survey.thumb', isPositive: false });
    answered.send({ type: 'survey.setFeedback', text: 'Slow to load.' });
    answered.send({ type: 'survey.send' });
    await waitFor(answered, (s) => s.matches('thanks'));
    expect(remembered).toBe(1);
    const dismissed = createActor(provided).start();
    dismissed.send({ type: 'survey.start', hidden: false });
    dismissed.send({ type: 'survey.dismiss' });
    expect(dismissed.getSnapshot().value).toBe('hidden');
    expect(remembered).toBe(2);
  });
});

describe('signing out forgets the foundation screens of the last person', () => {
  it('closes the activation and access modals, and starts the trial, survey banner and downloads over', () => {
    const root = createActor(
      createMachine({
        invoke: [
          { id: 'reachActivation', systemId: 'reachActivation', src: inert(activationMachine) },
          { id: 'accessModal', systemId: 'accessModal', src: inert(accessModalMachine) },
          { id: 'trial', systemId: 'trial', src: inert(trialMachine) },
          { id: 'surveyBanner', systemId: 'surveyBanner', src: inert(surveyBannerMachine) },
          { id: 'downloads', systemId: 'downloads', src: inert(downloadsMachine) },
          { id: 'session', systemId: 'session', src: inert(sessionMachine) },
        ],
      }),
    ).start();
    const get = (id: string) => root.system.get(id)!;
    get('session').send({ type: 'auth.status', status: 'signedIn', user: { sub: 'u1', email: 'a@example.com', firstName: 'A', lastName: 'B' }, anonymousUser: null });
    get('reachActivation').send({ type: 'activation.open', subscriptionId: 'sub-1', isAdmin: true });
    get('accessModal').send({ type: 'access.open', variant: 'nonAdmin', hasEmail: true });
    get('trial').send({ type: 'trial.viewed', reducedMotion: true });
    get('surveyBanner').send({ type: 'survey.start', hidden: false });
    get('surveyBanner').send({ type: 'survey.thumb', isPositive: false });
    get('downloads').send({ type: 'downloads.load' });
    expect(get('reachActivation').getSnapshot().value).not.toBe('closed');
    expect(get('accessModal').getSnapshot().value).not.toBe('closed');
    get('session').send({ type: 'auth.status', status: 'ready', user: null, anonymousUser: null });
    expect(get('reachActivation').getSnapshot().value).toBe('closed');
    expect(get('accessModal').getSnapshot().value).toBe('closed');
    expect(get('trial').getSnapshot().value).toBe('unseen');
    expect(get('surveyBanner').getSnapshot()).toMatchObject({ value: 'idle', context: { isPositive: null, feedback: '' } });
    expect(get('downloads').getSnapshot()).toMatchObject({ value: 'idle', context: { list: null } });
  });
});
