/**
 * The authoring dashboard's and the course import page's machines with fake adapters (review-and-content §4, §8, §9):
 * the onboarding check gives up after 5 s, a 401 on create signs out with the access-token error, a second card click
 * while an import runs is ignored, webinars that fail leave the list loading, and a success announced before the
 * course fetch answers still leads to the course.
 */
import { createActor, createMachine, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { NewCourseKind } from '../../domain/dashboard.ts';
import { authoringDashboardMachine } from '../../machines/dashboard/authoringDashboardMachine.ts';
import { courseImportMachine } from '../../machines/dashboard/courseImportMachine.ts';

const never = <I = void>() => fromPromise<unknown, I>(() => new Promise<unknown>(() => {}));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('authoringDashboard', () => {
  it('gives up the onboarding check after 5 s and stays on the dashboard', () => {
    const clock = new SimulatedClock();
    const reports: string[] = [];
    const actor = createActor(
      authoringDashboardMachine.provide({
        actors: { loadTemplates: never(), loadWebinars: never(), checkOnboarding: never(), createCourse: never<{ kind: NewCourseKind }>(), importTemplate: never<{ contentId: string }>() },
        actions: { reportError: (_, params) => reports.push(params.message) },
      }),
      { clock },
    ).start();
    actor.send({ type: 'authoringDashboard.open' });
    clock.increment(4_999);
    expect(actor.getSnapshot().matches({ onboarding: 'checking' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ onboarding: 'done' })).toBe(true);
    expect(reports).toContain('Onboarding eligibility timed out after 5 s');
  });

  it('ignores a second card click while an import runs, then goes to the wait page', async () => {
    const asked: string[] = [];
    let answer: (value: unknown) => void = () => {};
    const actor = createActor(
      authoringDashboardMachine.provide({
        actors: {
          loadTemplates: never(),
          loadWebinars: never(),
          checkOnboarding: never(),
          createCourse: never<{ kind: NewCourseKind }>(),
          importTemplate: fromPromise(({ input }: { input: { contentId: string } }) => {
            asked.push(input.contentId);
            return new Promise<unknown>((resolve) => (answer = resolve));
          }),
        },
      }),
    ).start();
    actor.send({ type: 'authoringDashboard.importTemplate', contentId: 'content-a' });
    actor.send({ type: 'authoringDashboard.importTemplate', contentId: 'content-b' });
    actor.send({ type: 'authoringDashboard.createCourse', kind: 'course' });
    expect(asked).toEqual(['content-a']);
    answer({ id: 'course-1' });
    await settle();
    expect(actor.getSnapshot().context.destination).toEqual({ kind: 'importPage', courseId: 'course-1' });
  });

  it('signs out with the access-token error when create answers 401', async () => {
    const told: unknown[] = [];
    const parent = createMachine({
      invoke: [
        { id: 'auth', systemId: 'auth', src: createMachine({ on: { '*': { actions: ({ event }) => told.push(event) } } }) },
        {
          id: 'dash',
          systemId: 'authoringDashboard',
          src: authoringDashboardMachine.provide({
            actors: { loadTemplates: never(), loadWebinars: never(), checkOnboarding: never(), importTemplate: never<{ contentId: string }>(), createCourse: fromPromise(() => Promise.reject(Object.assign(new Error('no token'), { status: 401 }))) },
          }),
        },
      ],
    });
    const root = createActor(parent).start();
    root.system.get('authoringDashboard')!.send({ type: 'authoringDashboard.createCourse', kind: 'aiOutline' });
    await settle();
    expect(told).toContainEqual({ type: 'auth.sessionEnded', reason: 'accessTokenError' });
    expect(root.system.get('authoringDashboard')!.getSnapshot().matches({ create: 'idle' })).toBe(true);
  });

  it('reports a webinar failure and leaves the list loading', async () => {
    const reports: string[] = [];
    const actor = createActor(
      authoringDashboardMachine.provide({
        actors: { loadTemplates: never(), checkOnboarding: never(), createCourse: never<{ kind: NewCourseKind }>(), importTemplate: never<{ contentId: string }>(), loadWebinars: fromPromise(() => Promise.reject(new Error('503'))) },
        actions: { reportError: (_, params) => reports.push(params.message) },
      }),
    ).start();
    actor.send({ type: 'authoringDashboard.open' });
    await settle();
    expect(actor.getSnapshot().matches({ webinars: 'failed' })).toBe(true);
    expect(reports).toContain('Error fetching recent webinars on dashboard.');
  });
});

describe('courseImport', () => {
  it('counts a success announced before the course fetch answers', async () => {
    let answer: (value: unknown) => void = () => {};
    const actor = createActor(
      courseImportMachine.provide({
        actors: {
          conveyor: fromCallback(({ sendBack }) => {
            sendBack({ type: 'conveyor.joined' });
            sendBack({ type: 'conveyor.succeeded', courseId: 'course-1' });
          }),
          getCourse: fromPromise(() => new Promise<unknown>((resolve) => (answer = resolve))),
        },
      }),
    ).start();
    actor.send({ type: 'courseImport.open', courseId: 'course-1', userId: 'u-1' });
    await settle();
    expect(actor.getSnapshot().matches({ active: 'fetching' })).toBe(true);
    answer({ course: { id: 'course-1', status: 'ready' } });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('fails when the room join is refused', async () => {
    const actor = createActor(
      courseImportMachine.provide({
        actors: { conveyor: fromCallback(({ sendBack }) => sendBack({ type: 'conveyor.joinFailed', message: 'forbidden' })), getCourse: never<{ courseId: string }>() },
      }),
    ).start();
    actor.send({ type: 'courseImport.open', courseId: 'course-1', userId: 'u-1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
