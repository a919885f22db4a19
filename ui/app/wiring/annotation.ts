import { prefsFrom, type AnnotationPrefs } from '../../../domain/annotation.ts';
import { oneMonthAhead, surveyHiddenState } from '../../../domain/surveyDates.ts';
import type { AnnotationServices } from '../../system.tsx';
import type { Adapters } from './common.ts';

/** Where the annotation tools' settings (tool, colour, opacity, stroke width) are remembered. */
export const ANNOTATION_PREFS_STORAGE_KEY = 'review.annotation.prefs';

/**
 * The annotation dialog's effects: its remembered tool settings (storage), its tracked moments (POST /analytics, for
 * signed-in users; a failure is logged, never shown) and a fresh id per dialog.
 */
export function annotationServices(a: Pick<Adapters, 'storage' | 'analytics'>, userId: () => string | null): AnnotationServices {
  let dialogs = 0;
  return {
    loadPrefs: () => {
      const raw = a.storage.get(ANNOTATION_PREFS_STORAGE_KEY);
      if (raw === null) return prefsFrom(null);
      try {
        return prefsFrom(JSON.parse(raw));
      } catch {
        return prefsFrom(null);
      }
    },
    savePrefs: (prefs: AnnotationPrefs) => a.storage.set(ANNOTATION_PREFS_STORAGE_KEY, JSON.stringify(prefs)),
    track: (event, properties) => {
      const user = userId();
      if (user === null) return;
      // The collector takes any JSON object as properties (the annotation data nests its counts and strokes).
      a.analytics.track({ userId: user, event, properties: properties as unknown as Record<string, string> }).catch((error: unknown) => {
        console.error('Could not send an analytics event', error);
      });
    },
    newDialogId: () => {
      dialogs += 1;
      return `annotation-${Date.now().toString(36)}-${dialogs}`;
    },
  };
}

/** The `screenshot-annotation` survey (foundation §9 survey ids). */
export const ANNOTATION_SURVEY_SLUG = 'screenshot-annotation';

/** Where the date the `screenshot-annotation` survey shows again is kept, per user. */
export const annotationSurveyStorageKey = (userId: string) => `review.survey.${ANNOTATION_SURVEY_SLUG}.hiddenUntil.${userId}`;

/**
 * The `screenshot-annotation` survey's hide period (foundation §4 / §9: hidden one month after it is answered or
 * dismissed; an invalid stored date resets to one month ahead), kept in storage per user.
 */
export function annotationSurveyHiding(a: Pick<Adapters, 'storage' | 'clock'>) {
  return {
    /** The survey was answered or dismissed: hidden until one month from now. */
    closed: (params: { slug: string | null; userId: string | null }) => {
      if (params.slug !== ANNOTATION_SURVEY_SLUG || params.userId === null) return;
      a.storage.set(annotationSurveyStorageKey(params.userId), oneMonthAhead(a.clock.now()));
    },
    /** Whether the survey is hidden for this user now (an unreadable stored date is reset to one month ahead). */
    isHidden: (userId: string | null): boolean => {
      if (userId === null) return false;
      const key = annotationSurveyStorageKey(userId);
      const state = surveyHiddenState(a.storage.get(key), a.clock.now());
      if (state.rewrite !== null) a.storage.set(key, state.rewrite);
      return state.hidden;
    },
  };
}
