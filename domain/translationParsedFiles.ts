/**
 * Parsed translation files by their decoded value (translation-editor §3): the model and what building it had to
 * report, or null when the value is not a usable translation file. Filled by whoever parsed a file first: the
 * translation machines' rules on first read (machines/translation/translationRules.ts parsedFileOf), or the file reader
 * when a worker parsed the file off the page's thread (adapters/translationFiles.ts). Types only beside the map, so the
 * first load can hold it without the model's code.
 */
import type { ModelProblems, TranslationModel } from './translationModelTypes.ts';

/** A file parsed into its model. */
export interface ParsedTranslationFile {
  model: TranslationModel;
  problems: ModelProblems;
}

/** Parsed files by their decoded value; null: not a usable translation file. */
export const parsedTranslationFiles = new WeakMap<object, ParsedTranslationFile | null>();
