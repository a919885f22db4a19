/**
 * Issue 8 bench: the translation model and the change batches, in Node (the same code runs in the browser).
 * - parse + build: parseTranslationFile + buildTranslationModel of a 20,000-segment Storyline course with its
 *   previous version (baseChildren), from freshly JSON-decoded data each run (budget 200 ms); JSON.parse of the
 *   file is shown apart (the browser's fetch does it);
 * - tableRows over it: unfiltered, and with a filter and a collapsed scene;
 * - buildChangeBatches: 10,000 changes of 500-character text, base64 and Levenshtein included (budget 300 ms).
 */
import { performance } from 'node:perf_hooks';
import { generateStorylineCourse } from '../../domain/translation.fixtures.ts';
import { buildChangeBatches, type PendingEdit } from '../../domain/translationEdits.ts';
import { buildTranslationModel, parseTranslationFile, tableRows } from '../../domain/translationModel.ts';

const SEGMENTS = 20_000;
const BUILD_BUDGET_MS = 200;
const ROWS_BUDGET_MS = 20;
const CHANGES = 10_000;
const CHANGE_TEXT_CHARS = 500;
const BATCH_BUDGET_MS = 300;
const RUNS = 5;

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Deterministic text of exactly `length` characters (accented and non-Latin letters included). */
function text(seed: number, length: number): string {
  const words = ['click', 'suivant', 'données', 'Datenschutz', 'クリック', 'انقر', 'review', 'équipe', '%UserName%'];
  let out = '';
  for (let i = seed; out.length < length; i = (i * 31 + 7) % 9_973) out += `${words[i % words.length]} `;
  return out.slice(0, length);
}

/** Prints the figures; asserts nothing. */
export function benchTranslationModel(): void {
  const course = generateStorylineCourse({ segments: SEGMENTS, targetLocale: 'fr', withBase: true });
  const json = JSON.stringify(course);
  const parseMs: number[] = [];
  const buildMs: number[] = [];
  let model = null as ReturnType<typeof buildTranslationModel>['model'] | null;
  for (let run = 0; run < RUNS; run++) {
    gc();
    let started = performance.now();
    const raw: unknown = JSON.parse(json);
    parseMs.push(performance.now() - started);
    started = performance.now();
    model = buildTranslationModel(parseTranslationFile(raw)).model;
    buildMs.push(performance.now() - started);
  }
  console.log(
    `translation model: ${SEGMENTS.toLocaleString('en')}-segment Storyline course (${model!.navKeys.length.toLocaleString('en')} nav groups, ${(json.length / 1024 / 1024).toFixed(1)} MiB JSON with its previous version): ` +
      `parse + build ${median(buildMs).toFixed(1)} ms median of ${RUNS} — budget ${BUILD_BUDGET_MS} ms (JSON.parse apart: ${median(parseMs).toFixed(0)} ms)`,
  );

  const options = { filter: 'all' as const, changes: {}, collapsed: new Set<string>(), progress: {} };
  const rowsMs: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    rows = tableRows(model!, options).length;
    rowsMs.push(performance.now() - started);
  }
  const filteredMs: number[] = [];
  let filtered = 0;
  const filteredOptions = { filter: 'changedFromPreviousVersion' as const, changes: {}, collapsed: new Set([model!.rootKeys[1]!]), progress: {} };
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    filtered = tableRows(model!, filteredOptions).length;
    filteredMs.push(performance.now() - started);
  }
  console.log(
    `translation rows: ${rows.toLocaleString('en')} rows in ${median(rowsMs).toFixed(1)} ms median of ${RUNS}; ` +
      `filtered + one scene collapsed ${filtered.toLocaleString('en')} rows in ${median(filteredMs).toFixed(1)} ms — budget ${ROWS_BUDGET_MS} ms`,
  );

  // A validator's edit: the old translation with a few words rewritten at random places.
  const edited: PendingEdit[] = Array.from({ length: CHANGES }, (_, i) => {
    const oldText = text(i + 1, CHANGE_TEXT_CHARS);
    let newText = oldText;
    for (let k = 0; k < 3; k++) {
      const at = (i * 131 + k * 197) % (CHANGE_TEXT_CHARS - 20);
      newText = `${newText.slice(0, at)}${text(i + k + 7_000, 12)}${newText.slice(at + 12)}`;
    }
    return { path: JSON.stringify(['scene-2', `slide-2-${i}`, `slide-2-${i}-t1`]), oldText, newText, newValue: newText, isCourseUpdate: false };
  });
  // The worst case: every text rewritten from scratch (nothing in common to trim).
  const rewritten: PendingEdit[] = edited.map((edit, i) => ({ ...edit, oldText: text(i + 5_000, CHANGE_TEXT_CHARS) }));
  const time = (edits: PendingEdit[]) => {
    const ms: number[] = [];
    let batches = 0;
    for (let run = 0; run < RUNS; run++) {
      gc();
      const started = performance.now();
      batches = buildChangeBatches(edits).length;
      ms.push(performance.now() - started);
    }
    return { ms: median(ms), batches };
  };
  const typical = time(edited);
  const worst = time(rewritten);
  console.log(
    `translation batches: ${CHANGES.toLocaleString('en')} edits of ${CHANGE_TEXT_CHARS}-character text → ${typical.batches} batches (base64 + Levenshtein) in ${typical.ms.toFixed(1)} ms median of ${RUNS} — budget ${BATCH_BUDGET_MS} ms; ` +
      `every text rewritten from scratch: ${worst.ms.toFixed(1)} ms`,
  );
}
