import { assign, setup } from 'xstate';
import { callbackSlot, promiseSlot } from '../slots.ts';

/** What the conveyor connection (a callback actor) tells the machine. */
export type ConveyorEvent =
  | { type: 'conveyor.joined' }
  | { type: 'conveyor.joinFailed'; message: string }
  /** 'import business content course success' for one course of the author's room. */
  | { type: 'conveyor.succeeded'; courseId: string };

export type CourseImportEvent =
  /** The wait page /import-course/{id} is shown for the signed-in author. */
  | { type: 'courseImport.open'; courseId: string; userId: string }
  | { type: 'courseImport.close' }
  | ConveyorEvent;

export interface CourseImportContext {
  courseId: string | null;
  userId: string | null;
  /** The success event arrived before the course fetch answered. */
  announced: boolean;
  /** Why the import page gave up (reported; the page then goes to the authoring home). */
  failure: string | null;
}

const CLOSED: CourseImportContext = { courseId: null, userId: null, announced: false, failure: null };
const messageOf = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
};

/**
 * The course-import wait page (review-and-content §2 /import-course/{id}, §4 course import, §8; systemId
 * `courseImport`): `courseImport.open` opens the conveyor connection and joins the room of the author's user id
 * (`joining`), then fetches the course by id (GET_COURSE, `fetching`), then waits for 'import business content
 * course success' for this course (`waiting`; one that arrived earlier counts). `ready` → the page goes to the
 * authoring tool's course page; a failed join or course fetch → `failed` → the page goes to the authoring home.
 * `courseImport.close` (leaving the page) drops the connection.
 */
export const courseImportMachine = setup({
  types: { context: {} as CourseImportContext, events: {} as CourseImportEvent },
  actors: {
    conveyor: callbackSlot<ConveyorEvent, { userId: string }>(),
    getCourse: promiseSlot<unknown, { courseId: string }>('getCourse'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
  },
  guards: {
    isThisCourse: ({ context }, params: { courseId: string }) => params.courseId === context.courseId,
    announced: ({ context }) => context.announced,
    isCourse: ({ context }, params: { output: unknown }) => {
      const course = (params.output as { course?: { id?: unknown } } | null)?.course;
      return typeof course?.id === 'string' && course.id === context.courseId;
    },
  },
}).createMachine({
  id: 'courseImport',
  context: CLOSED,
  initial: 'closed',
  on: {
    'courseImport.open': { target: '.active', reenter: true, actions: assign(({ event }) => ({ ...CLOSED, courseId: event.courseId, userId: event.userId })) },
    'courseImport.close': { target: '.closed', actions: assign(() => CLOSED) },
  },
  states: {
    closed: {},
    active: {
      initial: 'joining',
      invoke: { id: 'conveyor', src: 'conveyor', input: ({ context }) => ({ userId: context.userId ?? '' }) },
      on: {
        'conveyor.joinFailed': {
          target: 'failed',
          actions: [assign({ failure: ({ event }) => `Joining the import room failed: ${event.message}` }), { type: 'reportError', params: ({ event }) => ({ message: `Course import: room join failed: ${event.message}` }) }],
        },
      },
      states: {
        joining: {
          on: {
            'conveyor.joined': { target: 'fetching' },
            'conveyor.succeeded': { guard: { type: 'isThisCourse', params: ({ event }) => event }, actions: assign({ announced: true }) },
          },
        },
        fetching: {
          invoke: {
            id: 'getCourse',
            src: 'getCourse',
            input: ({ context }) => ({ courseId: context.courseId ?? '' }),
            onDone: [
              { guard: { type: 'isCourse', params: ({ event }) => ({ output: event.output }) }, target: 'waiting' },
              { target: '#courseImport.failed', actions: [assign({ failure: 'The course fetch answered something else.' }), { type: 'reportError', params: { message: 'Course import: unreadable GET_COURSE answer' } }] },
            ],
            onError: {
              target: '#courseImport.failed',
              actions: [assign({ failure: ({ event }) => `The course fetch failed: ${messageOf(event.error)}` }), { type: 'reportError', params: ({ event }) => ({ message: `Course import: course fetch failed: ${messageOf(event.error)}` }) }],
            },
          },
          on: { 'conveyor.succeeded': { guard: { type: 'isThisCourse', params: ({ event }) => event }, actions: assign({ announced: true }) } },
        },
        waiting: {
          always: { guard: 'announced', target: '#courseImport.ready' },
          on: { 'conveyor.succeeded': { guard: { type: 'isThisCourse', params: ({ event }) => event }, target: '#courseImport.ready' } },
        },
      },
    },
    /** The page goes to the authoring tool's course page. */
    ready: {},
    /** The page goes to the authoring home. */
    failed: {},
  },
});
