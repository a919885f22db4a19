/**
 * The translate tab's tour (translation-editor §2 feature walkthrough, §3 Walkthrough step). Each step highlights an
 * element the container marks with a `data-walkthrough` attribute: the segment table ("segments"), the segment
 * filter ("filter"), Mark complete ("complete") and the search / replace bar ("search").
 */
import { t } from '../../../strings.ts';
import type { WalkthroughViewStep } from './Walkthrough.tsx';

/** The `data-walkthrough` values the container puts on the highlighted elements. */
export const WALKTHROUGH_TARGETS = ['segments', 'filter', 'complete', 'search'] as const;
export type WalkthroughTarget = (typeof WALKTHROUGH_TARGETS)[number];

const step = (id: WalkthroughTarget, altButton: boolean): WalkthroughViewStep => ({
  id,
  title: t(`translationAssist.walkthrough.${id}.title`),
  description: t(`translationAssist.walkthrough.${id}.body`),
  highlightSelector: `[data-walkthrough="${id}"]`,
  altButton,
});

/** The four steps of the translate tab; "Skip tour" on every step but the last. */
export const TRANSLATION_WALKTHROUGH: readonly WalkthroughViewStep[] = [
  step('segments', true),
  step('filter', true),
  step('complete', true),
  step('search', false),
];
