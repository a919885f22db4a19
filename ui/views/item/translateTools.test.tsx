/**
 * The translate tab's connected parts draw what their machines hold (the views keep no state of their own): the
 * survey answers and the asked-for feedback survey (`surveys`), the audio button's pressed state (`audioDrawer`).
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { inert } from '../../../machines/inert.ts';
import { surveysMachine } from '../../../machines/translation/surveysMachine.ts';
import { audioDrawerMachine } from '../../../machines/translation/audioDrawerMachine.ts';
import { SystemProvider } from '../../system.tsx';
import { render, tags, textOf } from '../content/render.tsx';
import { testSystem } from '../testSystem.tsx';
import { TranslateHeaderActions } from './TranslateHeaderActions.tsx';
import { TranslateSurveys } from './TranslateSurveys.tsx';

function signedInSurveys() {
  const surveys = createActor(inert(surveysMachine)).start();
  surveys.send({ type: 'surveys.load', email: 'vera.validator@example.com', userId: 'vera' });
  return surveys;
}

describe('the translate tab’s surveys, from the surveys actor', () => {
  it('shows no feedback survey before an edit, and the one asked for with the answers the actor keeps', () => {
    const surveys = signedInSurveys();
    const draw = () => render(<SystemProvider system={testSystem({ surveys })}><TranslateSurveys /></SystemProvider>);
    expect(textOf(draw())).not.toContain('How is validating translations going?');
    surveys.send({ type: 'surveys.ask', slug: 'translation-progress' });
    surveys.send({ type: 'surveys.rate', positive: false });
    surveys.send({ type: 'surveys.write', slug: 'translation-progress', text: 'Slow to load' });
    const html = draw();
    expect(textOf(html)).toContain('How is validating translations going?');
    expect(tags(html, 'button').find((tag) => tag.includes('assist-thumb-button') && tag.includes('aria-pressed="true"'))).toBeDefined();
    expect(html).toContain('>Slow to load</textarea>');
    surveys.send({ type: 'surveys.dismiss', slug: 'translation-progress' });
    expect(textOf(draw())).not.toContain('How is validating translations going?');
  });
});

describe('the translate tab’s header tools, from their actors', () => {
  it('the audio button is expanded while the audio drawer actor is open', () => {
    const audioDrawer = createActor(audioDrawerMachine).start();
    const draw = () => render(<SystemProvider system={testSystem({ audioDrawer })}><TranslateHeaderActions versions={[]} canEdit audioCount={3} /></SystemProvider>);
    const audioTag = () => tags(draw(), 'button').find((tag) => tag.includes('translation-audio-button'))!;
    expect(audioTag()).toContain('aria-expanded="false"');
    audioDrawer.send({ type: 'audioDrawer.open' });
    expect(audioTag()).toContain('aria-expanded="true"');
  });
});
