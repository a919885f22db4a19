import type { AnnotationCanvasExporter } from '../../system.tsx';
import type { Adapters } from './common.ts';

/** Where the annotation tools' settings (tool, colour, opacity, stroke width) are remembered. */
export const ANNOTATION_PREFS_STORAGE_KEY = 'review.annotation.prefs';

/** The open dialogs' canvases by dialog id, one registry per app system (keyed by its FileStore). */
const canvasRegistries = new WeakMap<object, Map<string, AnnotationCanvasExporter>>();

/**
 * The canvas registry of one app system: the views attach (./annotation.ts, over the base adapters), the dialog's
 * export reads (./annotationDialog.ts, over the feature adapters that spread them): both share the system's FileStore.
 */
export const canvasesOf = (a: Pick<Adapters, 'files'>): Map<string, AnnotationCanvasExporter> => {
  let canvases = canvasRegistries.get(a.files);
  if (!canvases) {
    canvases = new Map();
    canvasRegistries.set(a.files, canvases);
  }
  return canvases;
};
