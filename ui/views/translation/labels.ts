/**
 * Words of the translate tab drawn from domain values: filter labels, group types, the product's nav unit (slide for
 * Storyline, lesson for Rise), the stack sidebar's entries and status texts, short dates.
 */
import type { GroupType, LanguageMap, TranslationProduct, TranslationStackEntry } from '../../../domain/translation.ts';
import { isRtlLocale, localeDisplayName } from '../../../domain/translation.ts';
import type { SegmentFilter } from '../../../domain/translationModel.ts';
import { t, type StringKey } from '../../strings.ts';

/** What previous / next step through and what is marked complete, in words. */
export type NavUnit = 'slide' | 'lesson';

/** Storyline steps through slides, Rise through lessons. */
export function navUnitOf(product: TranslationProduct): NavUnit {
  return product === 'rise' ? 'lesson' : 'slide';
}

// The tools' filter is listed even before the domain's SegmentFilter names it, so the label is ready either way.
const FILTER_KEYS: Record<SegmentFilter | 'updatesFromPreviousVersion', StringKey> = {
  all: 'translation.filter.all',
  accepted: 'translation.filter.accepted',
  edited: 'translation.filter.edited',
  changed: 'translation.filter.changed',
  addedInCurrentVersion: 'translation.filter.addedInCurrentVersion',
  changedFromPreviousVersion: 'translation.filter.changedFromPreviousVersion',
  unimportedFromPreviousVersion: 'translation.filter.unimportedFromPreviousVersion',
  updatesFromPreviousVersion: 'translation.filter.updatesFromPreviousVersion',
};

/** §2 the label of a segment filter. */
export function filterLabel(filter: SegmentFilter): string {
  return t(FILTER_KEYS[filter]);
}

const GROUP_TYPE_KEYS: Record<GroupType, StringKey> = {
  section: 'translation.group.type.section',
  lesson: 'translation.group.type.lesson',
  layer: 'translation.group.type.layer',
  template: 'translation.group.type.template',
  slide: 'translation.group.type.slide',
  scene: 'translation.group.type.scene',
  question: 'translation.group.type.question',
  questionBank: 'translation.group.type.questionBank',
};

/** §9 a group type in words. */
export function groupTypeLabel(type: GroupType): string {
  return t(GROUP_TYPE_KEYS[type]);
}

/** Text direction and language attributes for text in a locale (§5 right-to-left locales). */
export function textDirection(locale: string): { dir: 'ltr' | 'rtl'; lang: string } {
  return { dir: isRtlLocale(locale) ? 'rtl' : 'ltr', lang: locale };
}

/** A stack sidebar entry's review status. */
export type StackStatus = { kind: 'source' } | { kind: 'notStarted' } | { kind: 'progress'; complete: number; total: number } | { kind: 'complete' };

/** The status of a stack entry: the source, not started (nothing complete), N of M complete, or complete. */
export function stackStatusOf(entry: Pick<TranslationStackEntry, 'role' | 'progress'>): StackStatus {
  if (entry.role === 'source') return { kind: 'source' };
  const progress = entry.progress;
  if (!progress || progress.complete <= 0) return { kind: 'notStarted' };
  if (progress.total > 0 && progress.complete >= progress.total) return { kind: 'complete' };
  return { kind: 'progress', complete: progress.complete, total: progress.total };
}

/** §2 the review status text of a stack entry ("Source", "Not started", "3 of 12 complete", "Complete"). */
export function stackStatusText(status: StackStatus): string {
  switch (status.kind) {
    case 'source':
      return t('translation.stack.status.source');
    case 'notStarted':
      return t('translation.stack.status.notStarted');
    case 'complete':
      return t('translation.stack.status.complete');
    case 'progress':
      return t('translation.stack.status.progress', { complete: status.complete, total: status.total });
  }
}

/** An entry of the stack sidebar, ready to draw. */
export interface StackSidebarEntry {
  itemId: string;
  role: 'source' | 'target';
  locale: string;
  localeName: string;
  href: string;
  status: StackStatus;
  current: boolean;
}

/**
 * §2 where a stack entry leads: a source course opens its review page with sourceCourse=true, a target its translate
 * page.
 */
export function stackEntryHref(entry: Pick<TranslationStackEntry, 'itemId' | 'role'>): string {
  const base = `/review/content/${encodeURIComponent(entry.itemId)}`;
  return entry.role === 'source' ? `${base}/review?sourceCourse=true` : `${base}/translate`;
}

/** The stack sidebar's entries from the stack call: names from the language map, hrefs, statuses, the current one. */
export function stackSidebarEntries(entries: readonly TranslationStackEntry[], options: { currentItemId: string; languageMap: LanguageMap | null }): StackSidebarEntry[] {
  return entries.map((entry) => ({
    itemId: entry.itemId,
    role: entry.role,
    locale: entry.locale,
    localeName: localeDisplayName(options.languageMap, entry.locale),
    href: stackEntryHref(entry),
    status: stackStatusOf(entry),
    current: entry.itemId === options.currentItemId,
  }));
}

/** A completion date as "Nov 20" in the viewer's zone. */
export function formatShortDate(iso: string, timeZone?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(at);
}
