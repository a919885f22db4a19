/**
 * The translation file decoded off the page's thread (runs as a Web Worker; adapters/translationFileWorker.ts starts
 * it): the file's text (tens of MB) decoded as JSON, checked and built into the editor's model, the same functions the
 * translation machines would run (parseTranslationFile, buildTranslationModel). The page receives the model as one
 * JSON text (translationModelTransfer.ts).
 */
import { jsonTextMayHoldSecrets } from '../domain/redaction.ts';
import { buildTranslationModel, parseTranslationFile } from '../domain/translationModel.ts';
import type { ParsedTranslationFile } from '../domain/translationParsedFiles.ts';
import { modelToTransfer } from './translationModelTransfer.ts';

/** Page → worker: one file's text. */
export interface DecodeRequest {
  id: number;
  text: string;
}

/**
 * What a file's text decodes to. `notJson`: the text is not JSON. `secret`: it may hold something the session log
 * redacts (the page decodes it itself, so the log walks the value). `parsed`: the model and its problems as
 * translationModelTransfer.ts writes them (null: JSON, but not a usable translation file).
 */
export type DecodeOutcome = { type: 'notJson' } | { type: 'secret' } | { type: 'parsed'; parsed: string | null };

/** Worker → page: the outcome for the request of the same id. */
export type DecodeReply = DecodeOutcome & { id: number };

/** What a file's text decodes to. */
export function decodeTranslationFileText(text: string): DecodeOutcome {
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    return { type: 'notJson' };
  }
  if (jsonTextMayHoldSecrets(text)) return { type: 'secret' };
  let parsed: ParsedTranslationFile | null = null;
  try {
    parsed = buildTranslationModel(parseTranslationFile(raw));
  } catch {
    parsed = null;
  }
  return { type: 'parsed', parsed: parsed ? modelToTransfer(parsed) : null };
}

// Listen only when running as a worker: tests import the function above in Node. (The DOM lib types `self` as a
// Window, so the worker scope is typed here by hand.)
const scope = globalThis as unknown as {
  WorkerGlobalScope?: unknown;
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(reply: DecodeReply): void;
};
if (typeof scope.WorkerGlobalScope !== 'undefined') {
  scope.onmessage = (event) => scope.postMessage({ ...decodeTranslationFileText(event.data.text), id: event.data.id });
}
