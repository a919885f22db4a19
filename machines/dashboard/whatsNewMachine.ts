import { assign, setup } from 'xstate';

/** §9: the what's-new carousel has 3 slides. */
export const WHATS_NEW_SLIDES = 3;
/** How long a slide shows before the next while the carousel plays (our choice; the spec gives none). */
export const WHATS_NEW_SLIDE_MS = 8_000;

export interface WhatsNewContext {
  index: number;
  /** prefers-reduced-motion: the carousel never plays on its own. */
  reducedMotion: boolean;
}

export type WhatsNewEvent =
  | { type: 'whatsNew.next' }
  | { type: 'whatsNew.previous' }
  | { type: 'whatsNew.goTo'; index: number }
  /** Pointer or keyboard focus inside the carousel, or its pause button. */
  | { type: 'whatsNew.pause' }
  | { type: 'whatsNew.play' }
  | { type: 'whatsNew.motionPreference'; reduced: boolean };

const wrap = (index: number) => ((index % WHATS_NEW_SLIDES) + WHATS_NEW_SLIDES) % WHATS_NEW_SLIDES;

/**
 * The dashboard's what's-new carousel (review-and-content §9; systemId `whatsNew`): 3 slides, next and previous wrap
 * around, a dot picks one (an index outside 0..2 is ignored). It plays on its own (a slide every 8 s) unless paused
 * (hover, focus, the pause button) or the person prefers reduced motion, which also stops it when it changes.
 */
export const whatsNewMachine = setup({
  types: { context: {} as WhatsNewContext, events: {} as WhatsNewEvent },
  guards: {
    motionAllowed: ({ context }) => !context.reducedMotion,
    isSlide: (_, params: { index: unknown }) => typeof params.index === 'number' && Number.isInteger(params.index) && params.index >= 0 && params.index < WHATS_NEW_SLIDES,
    reduces: (_, params: { reduced: boolean }) => params.reduced === true,
  },
  delays: { slide: WHATS_NEW_SLIDE_MS },
}).createMachine({
  id: 'whatsNew',
  context: { index: 0, reducedMotion: false },
  initial: 'playing',
  on: {
    'whatsNew.next': { actions: assign({ index: ({ context }) => wrap(context.index + 1) }) },
    'whatsNew.previous': { actions: assign({ index: ({ context }) => wrap(context.index - 1) }) },
    'whatsNew.goTo': { guard: { type: 'isSlide', params: ({ event }) => ({ index: event.index }) }, actions: assign({ index: ({ event }) => event.index }) },
    'whatsNew.motionPreference': [
      { guard: { type: 'reduces', params: ({ event }) => event }, target: '.paused', actions: assign({ reducedMotion: true }) },
      { actions: assign({ reducedMotion: false }) },
    ],
  },
  states: {
    playing: {
      after: { slide: { target: 'playing', reenter: true, actions: assign({ index: ({ context }) => wrap(context.index + 1) }) } },
      on: {
        'whatsNew.pause': { target: 'paused' },
        // A manual move restarts the slide's time.
        'whatsNew.next': { target: 'playing', reenter: true, actions: assign({ index: ({ context }) => wrap(context.index + 1) }) },
        'whatsNew.previous': { target: 'playing', reenter: true, actions: assign({ index: ({ context }) => wrap(context.index - 1) }) },
      },
    },
    paused: {
      on: { 'whatsNew.play': { guard: 'motionAllowed', target: 'playing' } },
    },
  },
});
