/**
 * The words of the translate tab's tour (translation-editor §2 feature walkthrough, §3 Walkthrough step). The steps
 * themselves (order, highlighted element, "Skip tour") are domain/translationAssist.ts TRANSLATION_WALKTHROUGH_STEPS,
 * the one list the walkthrough machine is started with; the views show the machine's steps with these words.
 */
import { TRANSLATION_WALKTHROUGH_STEPS, TRANSLATION_WALKTHROUGH_TARGETS, type TranslationWalkthroughTarget, type WalkthroughStep } from '../../../../domain/translationAssist.ts';
import { t } from '../../../strings.ts';
import type { WalkthroughViewStep } from './Walkthrough.tsx';

/** The `data-walkthrough` values the container puts on the highlighted elements. */
export const WALKTHROUGH_TARGETS = TRANSLATION_WALKTHROUGH_TARGETS;
export type WalkthroughTarget = TranslationWalkthroughTarget;

const isTarget = (id: string): id is WalkthroughTarget => (WALKTHROUGH_TARGETS as readonly string[]).includes(id);

/** Steps with their words (a step of unknown id keeps its id as its title). */
export function walkthroughViewSteps(steps: readonly WalkthroughStep[]): WalkthroughViewStep[] {
  return steps.map((step) => ({
    ...step,
    title: isTarget(step.id) ? t(`translationAssist.walkthrough.${step.id}.title`) : step.id,
    description: isTarget(step.id) ? t(`translationAssist.walkthrough.${step.id}.body`) : '',
  }));
}

/** The four steps of the translate tab with their words. */
export const TRANSLATION_WALKTHROUGH: readonly WalkthroughViewStep[] = walkthroughViewSteps(TRANSLATION_WALKTHROUGH_STEPS);
