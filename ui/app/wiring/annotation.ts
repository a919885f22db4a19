import { prefsFrom, type AnnotationPrefs } from '../../../domain/annotation.ts';
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
