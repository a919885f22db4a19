/**
 * Issue 9 bench: the find-and-replace and duplicate rules, in Node (the same code runs in the browser).
 * - find: findSegments over a 20,000-segment Storyline course (French target), whole-word Unicode pattern, a French
 *   term planted in every 60th segment's target (a few hundred hits; "qualités" planted nearby must not match);
 *   scope all, every slide (budget 30 ms);
 * - duplicates: findDuplicates over a 50,000-segment course, three kinds (budget 150 ms);
 * - replace-all: 1,000 target hits → replaceAllEdits + buildChangeBatches (base64 and Levenshtein included; budget 100 ms).
 */
import { performance } from 'node:perf_hooks';
import { generateStorylineCourse } from '../../domain/translation.fixtures.ts';
import type { TranslationFile, TranslationNode } from '../../domain/translation.ts';
import { findDuplicates } from '../../domain/translationDuplicates.ts';
import { buildChangeBatches } from '../../domain/translationEdits.ts';
import { buildTranslationModel } from '../../domain/translationModel.ts';
import { findSegments, replaceAllEdits, searchPattern } from '../../domain/translationSearch.ts';

const FIND_SEGMENTS = 20_000;
const FIND_BUDGET_MS = 30;
const DUPLICATE_SEGMENTS = 50_000;
const DUPLICATE_BUDGET_MS = 150;
const REPLACE_HITS = 1_000;
const REPLACE_BUDGET_MS = 100;
const RUNS = 5;
const TERM = 'qualité';

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Plants the term in every 60th text segment's target, and its plural (never a whole-word hit) in every 90th. */
function plantTerm(file: TranslationFile): TranslationFile {
  let index = 0;
  const walk = (nodes: TranslationNode[]): TranslationNode[] =>
    nodes.map((node) => {
      if (node.type === 'group') return { ...node, children: walk(node.children) };
      const i = index++;
      if (node.textType !== 'text' || typeof node.target !== 'string') return node;
      if (i % 60 === 0) return { ...node, target: `${node.target} ${TERM[0]!.toUpperCase()}${TERM.slice(1)} et ${TERM}` };
      if (i % 90 === 0) return { ...node, target: `${node.target} ${TERM}s` };
      return node;
    });
  return { ...file, children: walk(file.children) };
}

export interface TranslationToolsFigures {
  findMs: number;
  findFirstMs: number;
  findHits: number;
  duplicatesMs: number;
  duplicateGroups: { plain: number; lineBreaks: number; formatting: number };
  replaceAllMs: number;
  replaceEdits: number;
  replaceBatches: number;
}

/** Prints the figures and returns them; asserts nothing. */
export function benchTranslationTools(): TranslationToolsFigures {
  const { model } = buildTranslationModel(plantTerm(generateStorylineCourse({ segments: FIND_SEGMENTS, targetLocale: 'fr' })));
  const findOptions = { term: TERM, locale: 'fr', scope: 'all' as const, slideScope: 'all' as const, activeNavKey: null };
  const findMs: number[] = [];
  let findHits = 0;
  let findItems = 0;
  // The first run (cold code, a fresh regex) is shown apart: the editor searches on every keystroke.
  let started = performance.now();
  findSegments(model, {}, findOptions);
  const findFirstMs = performance.now() - started;
  for (let run = 0; run < RUNS; run++) {
    gc();
    started = performance.now();
    const found = findSegments(model, {}, findOptions);
    findMs.push(performance.now() - started);
    findHits = found.total;
    findItems = found.items.length;
  }
  console.log(
    `translation find: "${TERM}" whole-word (Unicode) over ${FIND_SEGMENTS.toLocaleString('en')} segments, source and target: ${findHits} hits in ${findItems} segments ` +
      `in ${median(findMs).toFixed(1)} ms median of ${RUNS} (first run ${findFirstMs.toFixed(1)} ms) — budget ${FIND_BUDGET_MS} ms`,
  );

  const big = buildTranslationModel(generateStorylineCourse({ segments: DUPLICATE_SEGMENTS, targetLocale: 'fr', seed: 7 })).model;
  const duplicatesMs: number[] = [];
  let groups = { plain: 0, lineBreaks: 0, formatting: 0 };
  for (let run = 0; run < RUNS; run++) {
    gc();
    started = performance.now();
    const index = findDuplicates(big.segments);
    duplicatesMs.push(performance.now() - started);
    groups = { plain: index.plain.groups.length, lineBreaks: index.lineBreaks.groups.length, formatting: index.formatting.groups.length };
  }
  console.log(
    `translation duplicates: ${DUPLICATE_SEGMENTS.toLocaleString('en')} segments → ${groups.plain} plain / ${groups.lineBreaks} line-break / ${groups.formatting} formatting groups ` +
      `in ${median(duplicatesMs).toFixed(1)} ms median of ${RUNS} — budget ${DUPLICATE_BUDGET_MS} ms`,
  );

  // A frequent word of the generated French targets: the search stops at 1,000 hits, all of them replaced.
  const replaceTerm = 'équipe';
  const found = findSegments(model, {}, { term: replaceTerm, locale: 'fr', scope: 'target', slideScope: 'all', activeNavKey: null });
  const pattern = searchPattern(replaceTerm, 'fr')!;
  const replaceMs: number[] = [];
  let edits = 0;
  let batches = 0;
  for (let run = 0; run < RUNS; run++) {
    gc();
    started = performance.now();
    const result = replaceAllEdits(model, {}, found, pattern, 'groupe', () => false);
    batches = buildChangeBatches(result.edits).length;
    replaceMs.push(performance.now() - started);
    edits = result.edits.length;
  }
  console.log(
    `translation replace-all: ${found.total.toLocaleString('en')} hits (limit ${REPLACE_HITS.toLocaleString('en')}) → ${edits} edits in ${batches} batches ` +
      `(replaceAllEdits + buildChangeBatches) in ${median(replaceMs).toFixed(1)} ms median of ${RUNS} — budget ${REPLACE_BUDGET_MS} ms`,
  );

  return {
    findMs: median(findMs),
    findFirstMs,
    findHits,
    duplicatesMs: median(duplicatesMs),
    duplicateGroups: groups,
    replaceAllMs: median(replaceMs),
    replaceEdits: edits,
    replaceBatches: batches,
  };
}
