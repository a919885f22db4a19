import { prefsFrom } from '../../../domain/annotation.ts';
import { oneMonthAhead, surveyHiddenState } from '../../../domain/surveyDates.ts';
import type { annotationDialogMachine } from '../../../machines/annotation/annotationDialogMachine.ts';
import type { AnnotationServices } from '../../system.tsx';
import { ANNOTATION_PREFS_STORAGE_KEY, canvasesOf } from './annotationCanvases.ts';
import type { Adapters } from './common.ts';

/**
 * What the views use around the annotation dialog (`useSystem().annotation`): the remembered tool settings and a
 * fresh id, sent with "Annotate"; attaching the dialog's canvas for the export; the provided dialog (the staff
 * sandbox runs one on its own); an exported PNG by its file id (the sandbox shows it).
 */
export function annotationServices(a: Pick<Adapters, 'storage' | 'analytics' | 'files'>, userId: () => string | null): AnnotationServices {
  let dialogs = 0;
  const canvases = canvasesOf(a);
  let dialogLogic: typeof annotationDialogMachine | undefined;
  let loadingDialog: Promise<void> | undefined;
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
    newDialogId: () => {
      dialogs += 1;
      return `annotation-${Date.now().toString(36)}-${dialogs}`;
    },
    attachCanvas: (dialogId, exporter) => {
      canvases.set(dialogId, exporter);
      return () => {
        if (canvases.get(dialogId) === exporter) canvases.delete(dialogId);
      };
    },
    // Run outside the app system (the sandbox): the signed-in user comes from the root's session. The dialog's machines
    // are their own chunk (./annotationDialog.ts), loaded by the page that runs one (the comment composer's capture
    // brings them with the item feature).
    loadDialogLogic: () =>
      (loadingDialog ??= import('./annotationDialog.ts').then(
        (module) => void (dialogLogic = module.annotationDialogLogic(a, userId)),
        (error: unknown) => {
          loadingDialog = undefined;
          throw error;
        },
      )),
    get dialogLogic() {
      if (!dialogLogic) throw new Error('The annotation dialog has not loaded yet: wait for annotation.loadDialogLogic().');
      return dialogLogic;
    },
    exportedFile: (fileId) => a.files.get(fileId),
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
