import type { AnnotationCanvasExporter } from '../../system.tsx';

/** Where the annotation tools' settings (tool, colour, opacity, stroke width) are remembered. */
export const ANNOTATION_PREFS_STORAGE_KEY = 'review.annotation.prefs';

/** The open dialogs' canvases by dialog id (one registry per adapters object, i.e. per app system). */
const canvasRegistries = new WeakMap<object, Map<string, AnnotationCanvasExporter>>();

/** The canvas registry of one app system's adapters: the views attach (./annotation.ts), the dialog's export reads. */
export const canvasesOf = (a: object): Map<string, AnnotationCanvasExporter> => {
  let canvases = canvasRegistries.get(a);
  if (!canvases) {
    canvases = new Map();
    canvasRegistries.set(a, canvases);
  }
  return canvases;
};
