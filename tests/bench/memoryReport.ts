/**
 * Issue 9 bench: a translation-memory report of a 20,000-segment validation against a 20,000-segment memory (another
 * generated course of the team, every segment validated), as the service computes it: the memory's trigram index
 * built from its entries, then every segment looked up (hits at ≥ 75 % similarity, yielding to the event loop every
 * 500 segments). Budget 5,000 ms for both. The generated courses draw from a 34-word vocabulary, so nearly every
 * trigram is common: the hard case for the index.
 */
import { performance } from 'node:perf_hooks';
import { generateStorylineCourse } from '../../domain/translation.fixtures.ts';
import { buildTranslationModel } from '../../domain/translationModel.ts';
import { TranslationMemoryIndex, type MemoryEntry } from '../../server/translations/memory.ts';
import { computeReportItems } from '../../server/translations/memoryReports.ts';

const SEGMENTS = 20_000;
const MEMORY_SEGMENTS = 20_000;
const BUDGET_MS = 5_000;

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Prints the figures; asserts nothing. */
export async function benchMemoryReport(): Promise<void> {
  const validation = buildTranslationModel(generateStorylineCourse({ segments: SEGMENTS, targetLocale: 'fr', seed: 8 })).model;
  const other = buildTranslationModel(generateStorylineCourse({ segments: MEMORY_SEGMENTS, targetLocale: 'fr', seed: 7 })).model;
  const entries: MemoryEntry[] = other.segments.map((segment) => ({
    source: segment.sourceText,
    translation: segment.originalTargetText,
    validated: true,
    itemId: 'other-course',
    key: segment.key,
    courseTitle: 'Other course',
    locale: 'fr',
  }));
  gc();
  const started = performance.now();
  const index = new TranslationMemoryIndex(entries);
  const indexMs = performance.now() - started;
  const items = (await computeReportItems(validation, index, 'this-course')) ?? [];
  const totalMs = performance.now() - started;
  const hits = items.reduce((sum, item) => sum + item.memoryHits.length, 0);
  console.log(
    `memory report: ${SEGMENTS.toLocaleString('en')} segments against a ${MEMORY_SEGMENTS.toLocaleString('en')}-segment memory: ` +
      `index ${indexMs.toFixed(0)} ms + report ${(totalMs - indexMs).toFixed(0)} ms = ${totalMs.toFixed(0)} ms ` +
      `(${items.length.toLocaleString('en')} segments with ${hits.toLocaleString('en')} hits ≥ 75 %) — budget ${BUDGET_MS.toLocaleString('en')} ms`,
  );
}
