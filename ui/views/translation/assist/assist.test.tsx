import { describe, expect, it, vi } from 'vitest';
import type { SmartReviewSurveyResponse, SuggestionResult } from '../../../../domain/translation.ts';
import { EMPTY_SMART_REVIEW_RESPONSE, type SuggestionEntry } from '../../../../domain/translationAssist.ts';
import { Button, Checkbox, Dialog, MenuItem, MenuLink, TextField } from '../../../kit/index.ts';
import { find, findAll, fire, type AnyElement } from '../../comments/elementTree.ts';
import { render, tags, textOf } from '../../content/render.tsx';
import {
  FeedbackSurvey,
  HelpMenu,
  placeWalkthroughCard,
  SegmentReviewFalseDoorView,
  SmartReviewButton,
  SmartReviewSurvey,
  SuggestionPanel,
  TRANSLATION_WALKTHROUGH,
  TranslationErrorDialog,
  Walkthrough,
  WalkthroughCard,
  type FeedbackSurveyProps,
  type HelpMenuProps,
  type SmartReviewSurveyProps,
  type SuggestionPanelProps,
  type WalkthroughCardProps,
} from './index.ts';

const noop = () => {};

const result: SuggestionResult = {
  model: 'translation-memory',
  originalContext: 'Accurate, but the tone is stiff.',
  originalRating: 0.6,
  suggestions: [
    { target: 'Bonjour à toutes et à tous', context: 'Warmer and inclusive.', confidence: 0.874 },
    { target: 'Salut à tous', context: 'Informal.', confidence: 0.5 },
  ],
};

const entry = (overrides: Partial<SuggestionEntry> = {}): SuggestionEntry => ({ state: 'fetched', result, error: null, ...overrides });

function panelProps(overrides: Partial<SuggestionPanelProps> = {}): SuggestionPanelProps {
  return { entry: entry(), applyDisabled: false, onApply: noop, onRetry: noop, onDismissError: noop, onHide: noop, ...overrides };
}

/** The opening tags of the buttons whose text includes `label`. */
function buttonTags(html: string, label: string): string[] {
  return [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].filter((m) => textOf(m[2]!).includes(label)).map((m) => `<button${m[1]}>`);
}

describe('smart review: suggestion panel (§4 suggestion state)', () => {
  it('says it is finding suggestions while fetching, politely announced', () => {
    const html = render(<SuggestionPanel {...panelProps({ entry: entry({ state: 'fetching', result: null }) })} />);
    expect(textOf(html)).toBe('Finding suggestions…');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('role="status"');
  });

  it('lists the suggestions with their context and confidence as a rounded percent, and the rated original', () => {
    const text = textOf(render(<SuggestionPanel {...panelProps()} />));
    expect(text).toContain('Current translation: 60% Accurate, but the tone is stiff.');
    expect(text).toContain('Bonjour à toutes et à tous Warmer and inclusive. 87% confidence Apply');
    expect(text).toContain('Salut à tous Informal. 50% confidence Apply');
    expect(text).toContain('Suggested by translation-memory');
  });

  it('applies the chosen suggestion', () => {
    const onApply = vi.fn();
    const applies = findAll(SuggestionPanel(panelProps({ onApply })), Button, 'Apply');
    expect(applies).toHaveLength(2);
    fire(applies[1]!, 'onClick');
    expect(onApply).toHaveBeenCalledWith(result.suggestions[1]);
  });

  it('disables Apply while an update runs and says why', () => {
    const busy = render(<SuggestionPanel {...panelProps({ applyDisabled: true })} />);
    const applies = buttonTags(busy, 'Apply');
    expect(applies).toHaveLength(2);
    for (const tag of applies) expect(tag).toContain('disabled');
    expect(textOf(busy)).toContain('Wait until the current update has been saved.');
    for (const tag of buttonTags(render(<SuggestionPanel {...panelProps()} />), 'Apply')) expect(tag).not.toContain('disabled');
  });

  it('says so when no better wording was found', () => {
    const html = render(<SuggestionPanel {...panelProps({ entry: entry({ result: { ...result, suggestions: [] } }) })} />);
    expect(textOf(html)).toContain('No better wording was found for this segment.');
    expect(buttonTags(html, 'Apply')).toHaveLength(0);
  });

  it('shows the §8 error as an alert with Try again and Dismiss', () => {
    const onRetry = vi.fn();
    const onDismissError = vi.fn();
    const failed = panelProps({ entry: entry({ state: 'error', result: null, error: 'Request timeout, please try again' }), onRetry, onDismissError });
    const html = render(<SuggestionPanel {...failed} />);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toBe('Request timeout, please try again Try again Dismiss');
    fire(find(SuggestionPanel(failed), Button, 'Try again'), 'onClick');
    fire(find(SuggestionPanel(failed), Button, 'Dismiss'), 'onClick');
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onDismissError).toHaveBeenCalledOnce();
  });

  it('renders nothing when hidden or without an entry, and Hide hides', () => {
    expect(render(<SuggestionPanel {...panelProps({ entry: entry({ state: 'hidden' }) })} />)).toBe('');
    expect(render(<SuggestionPanel {...panelProps({ entry: undefined })} />)).toBe('');
    expect(render(<SuggestionPanel {...panelProps({ entry: entry({ result: null }) })} />)).toBe('');
    const onHide = vi.fn();
    fire(find(SuggestionPanel(panelProps({ onHide })), Button, 'Hide suggestions'), 'onClick');
    expect(onHide).toHaveBeenCalledOnce();
  });

  it('offers helpful / not helpful thumbs only when asked to', () => {
    expect(textOf(render(<SuggestionPanel {...panelProps()} />))).not.toContain('Helpful');
    const onFeedback = vi.fn();
    const html = render(<SuggestionPanel {...panelProps({ onFeedback, feedback: 'notHelpful' })} />);
    expect(html).toContain('aria-label="Not helpful" aria-pressed="true"');
    expect(html).toContain('aria-label="Helpful" aria-pressed="false"');
    const thumbs = findAll(SuggestionPanel(panelProps({ onFeedback })), 'button').filter((b) => b.props['aria-label'] === 'Helpful');
    fire(thumbs[0]!, 'onClick');
    expect(onFeedback).toHaveBeenCalledWith('helpful');
  });
});

describe('smart review: the button (§4 toggling flips hidden and fetched; the machine decides what a press does)', () => {
  it('tells each press, whatever the state', () => {
    for (const state of [undefined, 'error', 'fetched', 'hidden'] as const) {
      const onPress = vi.fn();
      fire(find(SmartReviewButton({ state, onPress }), Button), 'onClick');
      expect(onPress).toHaveBeenCalledOnce();
    }
  });

  it('is pressed while shown, spins while fetching', () => {
    const shown = render(<SmartReviewButton state="fetched" onPress={noop} />);
    expect(textOf(shown)).toBe('Suggest improvements');
    expect(shown).toContain('aria-pressed="true"');
    expect(render(<SmartReviewButton state="hidden" onPress={noop} />)).toContain('aria-pressed="false"');
    expect(render(<SmartReviewButton state={undefined} onPress={noop} />)).not.toContain('aria-pressed');
    expect(render(<SmartReviewButton state="fetching" onPress={noop} />)).toContain('aria-busy="true"');
  });
});

describe('smart-review survey (§5 at most 3 selections, other needs text, early access)', () => {
  const props = (response: Partial<SmartReviewSurveyResponse>, overrides: Partial<SmartReviewSurveyProps> = {}): SmartReviewSurveyProps => ({
    response: { ...EMPTY_SMART_REVIEW_RESPONSE, ...response },
    status: 'in-progress',
    onChoose: noop,
    onOtherTextChange: noop,
    onSubmit: noop,
    onDismiss: noop,
    ...overrides,
  });
  // The card's children are reached both through its props and its output: count each element once.
  const checkboxes = (p: SmartReviewSurveyProps) => [...new Set(findAll(SmartReviewSurvey(p), Checkbox))];
  const submitTag = (p: SmartReviewSurveyProps) => buttonTags(render(<SmartReviewSurvey {...p} />), 'Submit')[0]!;
  const form = (p: SmartReviewSurveyProps) => find(SmartReviewSurvey(p), 'form');
  const submitForm = (element: AnyElement) => fire(element, 'onSubmit', { preventDefault: noop });

  it('asks the question with the 8 options and a separate early-access box', () => {
    const html = render(<SmartReviewSurvey {...props({})} />);
    expect(textOf(html)).toContain('How could AI help you validate translations?');
    expect(checkboxes(props({})).map((c) => c.props.label)).toEqual([
      'Flag low-quality translations',
      'Automatically improve translations',
      'Suggest alternative translations',
      'Make translations read more naturally',
      'Adjust the tone',
      'Adapt to a region',
      'Apply my validation edits to similar segments',
      'Other',
      "I'd like early access",
    ]);
    expect(textOf(html)).toContain('0 of 3 selected');
  });

  it('disables the other options once 3 are ticked, but not early access', () => {
    const three = props({ flagLowQualityTranslations: true, adjustTone: true, adaptToRegion: true });
    const disabled = checkboxes(three).filter((c) => c.props.disabled === true).map((c) => c.props.label);
    expect(disabled).toEqual([
      'Automatically improve translations',
      'Suggest alternative translations',
      'Make translations read more naturally',
      'Apply my validation edits to similar segments',
      'Other',
    ]);
    expect(textOf(render(<SmartReviewSurvey {...three} />))).toContain('3 of 3 selected');
    expect(checkboxes(props({ adjustTone: true, adaptToRegion: true })).some((c) => c.props.disabled === true)).toBe(false);
  });

  it('tells each answer: a tick, a cleared box, early access, the "Other" text', () => {
    const onChoose = vi.fn();
    const onOtherTextChange = vi.fn();
    const p = props({ adjustTone: true, other: true }, { onChoose, onOtherTextChange });
    fire(checkboxes(p).find((c) => c.props.label === 'Adapt to a region')!, 'onChange', true);
    fire(checkboxes(p).find((c) => c.props.label === 'Adjust the tone')!, 'onChange', false);
    fire(checkboxes(p).find((c) => c.props.label === "I'd like early access")!, 'onChange', true);
    fire(find(SmartReviewSurvey(p), TextField), 'onChange', 'Glossary checks');
    expect(onChoose.mock.calls).toEqual([
      ['adaptToRegion', true],
      ['adjustTone', false],
      ['requestsEarlyAccess', true],
    ]);
    expect(onOtherTextChange).toHaveBeenCalledWith('Glossary checks');
  });

  it('"Other" asks for text and cannot be sent without it', () => {
    expect(findAll(SmartReviewSurvey(props({})), TextField)).toHaveLength(0);
    const onSubmit = vi.fn();
    const bare = props({ other: true }, { onSubmit });
    expect(find(SmartReviewSurvey(bare), TextField).props.label).toBe('Tell us what else');
    expect(submitTag(bare)).toContain('disabled');
    expect(textOf(render(<SmartReviewSurvey {...bare} />))).toContain('Tell us what "Other" means to you.');
    submitForm(form(bare));
    expect(onSubmit).not.toHaveBeenCalled();
    const written = props({ other: true, otherText: 'Glossary checks' }, { onSubmit });
    expect(submitTag(written)).not.toContain('disabled');
    submitForm(form(written));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('needs a selection or early access; early access alone submits', () => {
    const onSubmit = vi.fn();
    const empty = props({}, { onSubmit });
    expect(submitTag(empty)).toContain('disabled');
    expect(textOf(render(<SmartReviewSurvey {...empty} />))).toContain('Choose at least one option, or ask for early access.');
    submitForm(form(empty));
    expect(onSubmit).not.toHaveBeenCalled();
    const early = props({ requestsEarlyAccess: true }, { onSubmit });
    expect(submitTag(early)).not.toContain('disabled');
    expect(textOf(render(<SmartReviewSurvey {...early} />))).not.toContain('Choose at least one option');
    submitForm(form(early));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('spins while submitting, offers a retry when it failed, thanks once submitted', () => {
    const answered = { adjustTone: true };
    const submitting = render(<SmartReviewSurvey {...props(answered, { status: 'submitting' })} />);
    expect(buttonTags(submitting, 'Submit')[0]).toContain('aria-busy="true"');
    expect(submitting).toContain('<fieldset class="assist-survey__options" disabled=""');

    const onSubmit = vi.fn();
    const failed = props(answered, { status: 'failed', onSubmit });
    const failedHtml = render(<SmartReviewSurvey {...failed} />);
    expect(failedHtml).toContain('role="alert"');
    expect(textOf(failedHtml)).toContain("We couldn't send your answers. Try again");
    fire(find(SmartReviewSurvey(failed), Button, 'Try again'), 'onClick');
    expect(onSubmit).toHaveBeenCalledOnce();

    const onDismiss = vi.fn();
    const done = props(answered, { status: 'submitted', onDismiss });
    const doneHtml = render(<SmartReviewSurvey {...done} />);
    expect(textOf(doneHtml)).toContain('Thanks for your feedback');
    expect(doneHtml).not.toContain('<form');
    fire(find(SmartReviewSurvey(done), Button, 'Close'), 'onClick');
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('can be dismissed', () => {
    const onDismiss = vi.fn();
    const close = findAll(SmartReviewSurvey(props({}, { onDismiss })), 'button').find((b) => b.props['aria-label'] === 'Dismiss survey')!;
    fire(close, 'onClick');
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('feedback survey (translation-progress)', () => {
  const props = (overrides: Partial<FeedbackSurveyProps> = {}): FeedbackSurveyProps => ({
    positive: null,
    text: '',
    status: 'in-progress',
    onPositiveChange: noop,
    onTextChange: noop,
    onSubmit: noop,
    onDismiss: noop,
    ...overrides,
  });

  it('asks how it is going, with thumbs and a comment; Submit waits for an answer', () => {
    const html = render(<FeedbackSurvey {...props()} />);
    expect(textOf(html)).toContain('How is validating translations going? Going well Not going well Anything to add? (optional)');
    expect(buttonTags(html, 'Submit')[0]).toContain('disabled');
    expect(textOf(html)).toContain('Pick a thumb or write a comment.');
    expect(buttonTags(render(<FeedbackSurvey {...props({ positive: false })} />), 'Submit')[0]).not.toContain('disabled');
    expect(buttonTags(render(<FeedbackSurvey {...props({ text: 'Slow to load' })} />), 'Submit')[0]).not.toContain('disabled');
    expect(buttonTags(render(<FeedbackSurvey {...props({ text: '   ' })} />), 'Submit')[0]).toContain('disabled');
  });

  it('tells the thumb and the comment, and submits', () => {
    const onPositiveChange = vi.fn();
    const onTextChange = vi.fn();
    const onSubmit = vi.fn();
    const tree = FeedbackSurvey(props({ positive: true, onPositiveChange, onTextChange, onSubmit }));
    expect(find(tree, 'button', 'Going well').props['aria-pressed']).toBe(true);
    expect(find(tree, 'button', 'Not going well').props['aria-pressed']).toBe(false);
    fire(find(tree, 'button', 'Not going well'), 'onClick');
    fire(find(tree, 'textarea'), 'onChange', { target: { value: 'Works well' } });
    fire(find(tree, 'form'), 'onSubmit', { preventDefault: noop });
    expect(onPositiveChange).toHaveBeenCalledWith(false);
    expect(onTextChange).toHaveBeenCalledWith('Works well');
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows the failure and the thanks', () => {
    expect(textOf(render(<FeedbackSurvey {...props({ positive: true, status: 'failed' })} />))).toContain("We couldn't send your answers. Try again");
    const done = render(<FeedbackSurvey {...props({ positive: true, status: 'submitted' })} />);
    expect(textOf(done)).toContain('Thanks for your feedback');
    expect(done).not.toContain('<textarea');
  });
});

describe('walkthrough (§4 Next, Previous, finish, dismiss)', () => {
  const walkthrough = (index: number) => render(<Walkthrough steps={TRANSLATION_WALKTHROUGH} index={index} onNext={noop} onPrevious={noop} onFinish={noop} onDismiss={noop} />);
  const cardProps = (overrides: Partial<WalkthroughCardProps> = {}): WalkthroughCardProps => ({
    step: TRANSLATION_WALKTHROUGH[0]!,
    index: 0,
    total: TRANSLATION_WALKTHROUGH.length,
    onNext: noop,
    onPrevious: noop,
    onFinish: noop,
    onDismiss: noop,
    ...overrides,
  });

  it('highlights the four parts of the translate tab by data-walkthrough selectors', () => {
    expect(TRANSLATION_WALKTHROUGH.map((s) => s.highlightSelector)).toEqual([
      '[data-walkthrough="segments"]',
      '[data-walkthrough="filter"]',
      '[data-walkthrough="complete"]',
      '[data-walkthrough="search"]',
    ]);
  });

  it('the first step shows its text, Next and Skip tour, and no Previous', () => {
    const html = walkthrough(0);
    expect(textOf(html)).toBe(
      'Step 1 of 4 Review each segment Source text sits on the left and its translation on the right. Select a translation to edit it, then save your change. Skip tour Next',
    );
    expect(html).toContain('role="dialog"');
  });

  it('the last step offers Previous and Finish instead of Next', () => {
    const text = textOf(walkthrough(3));
    expect(text).toContain('Step 4 of 4 Find and replace');
    expect(text).toMatch(/Previous Finish$/);
    expect(text).not.toContain('Next');
    expect(text).not.toContain('Skip tour');
    expect(textOf(walkthrough(1))).toMatch(/Skip tour Previous Next$/);
  });

  it('shows nothing out of range', () => {
    expect(walkthrough(4)).toBe('');
  });

  it('steps, finishes and dismisses (Skip tour, close, Escape)', () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const onFinish = vi.fn();
    const onDismiss = vi.fn();
    const callbacks = { onNext, onPrevious, onFinish, onDismiss };
    fire(find(WalkthroughCard(cardProps({ ...callbacks, index: 1, step: TRANSLATION_WALKTHROUGH[1]! })), Button, 'Next'), 'onClick');
    fire(find(WalkthroughCard(cardProps({ ...callbacks, index: 1, step: TRANSLATION_WALKTHROUGH[1]! })), Button, 'Previous'), 'onClick');
    fire(find(WalkthroughCard(cardProps({ ...callbacks, index: 3, step: TRANSLATION_WALKTHROUGH[3]! })), Button, 'Finish'), 'onClick');
    fire(find(WalkthroughCard(cardProps(callbacks)), Button, 'Skip tour'), 'onClick');
    const card = WalkthroughCard(cardProps(callbacks));
    fire(findAll(card, 'button').find((b) => b.props['aria-label'] === 'Close tour')!, 'onClick');
    fire(find(card, 'div'), 'onKeyDown', { key: 'Escape', stopPropagation: noop });
    fire(find(card, 'div'), 'onKeyDown', { key: 'Enter', stopPropagation: noop });
    expect([onNext, onPrevious, onFinish].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(onDismiss).toHaveBeenCalledTimes(3);
  });

  it('places the card under the target, above it when there is no room, centered without a target', () => {
    const viewport = { width: 1200, height: 800 };
    const card = { width: 320, height: 200 };
    expect(placeWalkthroughCard(null, viewport, card)).toEqual({ highlight: null, card: null });
    expect(placeWalkthroughCard({ top: 0, left: 0, width: 0, height: 0 }, viewport, card)).toEqual({ highlight: null, card: null });
    const high = placeWalkthroughCard({ top: 100, left: 40, width: 200, height: 40 }, viewport, card);
    expect(high.highlight).toEqual({ top: 96, left: 36, width: 208, height: 48 });
    expect(high.card).toEqual({ top: 156, left: 40 });
    const low = placeWalkthroughCard({ top: 700, left: 1100, width: 80, height: 40 }, viewport, card);
    expect(low.card).toEqual({ top: 696 - 12 - 200, left: 1200 - 320 - 16 });
    const tall = placeWalkthroughCard({ top: 50, left: 0, width: 600, height: 740 }, viewport, card);
    expect(tall.card).toEqual({ top: 800 - 200 - 16, left: 16 });
  });
});

describe('help menu (§2 help and feedback menu)', () => {
  const props = (overrides: Partial<HelpMenuProps> = {}): HelpMenuProps => ({
    onStartTour: noop,
    onFeedback: noop,
    helpCenterHref: 'https://help.example.com/translations',
    userResearchHref: 'https://research.example.com/sign-up',
    subscriptionActive: false,
    ...overrides,
  });
  const links = (p: HelpMenuProps) => findAll(HelpMenu(p), MenuLink).map((l) => l.props.href);

  it('is a Help menu button', () => {
    const html = render(<HelpMenu {...props()} />);
    expect(textOf(html)).toBe('Help');
    expect(tags(html, 'button')[0]).toContain('aria-haspopup="menu"');
  });

  it('shows the user-research link only when the subscription is active', () => {
    expect(links(props())).toEqual(['https://help.example.com/translations']);
    expect(links(props({ subscriptionActive: true }))).toEqual(['https://help.example.com/translations', 'https://research.example.com/sign-up']);
    expect(links(props({ subscriptionActive: true, userResearchHref: null }))).toEqual(['https://help.example.com/translations']);
  });

  it('starts the tour and opens the feedback survey', () => {
    const onStartTour = vi.fn();
    const onFeedback = vi.fn();
    const tree = HelpMenu(props({ onStartTour, onFeedback }));
    fire(find(tree, MenuItem, 'Take the tour'), 'onSelect');
    fire(find(tree, MenuItem, 'Give feedback'), 'onSelect');
    expect(onStartTour).toHaveBeenCalledOnce();
    expect(onFeedback).toHaveBeenCalledOnce();
  });
});

describe('segment review false door (§2)', () => {
  const props = { open: false, notified: false, onOpen: noop, onClose: noop, onNotify: noop };

  it('is a button until pressed', () => {
    const html = render(<SegmentReviewFalseDoorView {...props} />);
    expect(textOf(html)).toBe('Request segment review');
    const onOpen = vi.fn();
    fire(find(SegmentReviewFalseDoorView({ ...props, onOpen }), Button, 'Request segment review'), 'onClick');
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('asks whether to notify, then thanks', () => {
    const asking = render(<SegmentReviewFalseDoorView {...props} open />);
    expect(textOf(asking)).toContain('Segment review is coming soon. Would you like to be notified? Close Notify me');
    const onNotify = vi.fn();
    const onClose = vi.fn();
    const tree = SegmentReviewFalseDoorView({ ...props, open: true, onNotify, onClose });
    fire(find(tree, Button, 'Notify me'), 'onClick');
    fire(find(tree, Button, 'Close'), 'onClick');
    expect(onNotify).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    const thanked = textOf(render(<SegmentReviewFalseDoorView {...props} open notified />));
    expect(thanked).toContain("Thanks — we'll let you know.");
    expect(thanked).not.toContain('Notify me');
  });
});

describe('error dialog (§2 header and confirm button)', () => {
  it('shows the header, the message and OK, which confirms', () => {
    const html = render(<TranslationErrorDialog header="Something went wrong" message="The was a problem while resetting" onConfirm={noop} />);
    expect(textOf(html)).toContain('Something went wrong');
    expect(textOf(html)).toContain('The was a problem while resetting OK');
    const onConfirm = vi.fn();
    const tree = TranslationErrorDialog({ header: 'h', message: 'm', onConfirm });
    fire(find(tree, Button, 'OK'), 'onClick');
    fire(find(tree, Dialog), 'onClose');
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('takes its own confirm label', () => {
    const html = render(<TranslationErrorDialog header="Update failed" message="Error updating replacement values" confirmLabel="Got it" onConfirm={noop} />);
    expect(textOf(html)).toContain('Error updating replacement values Got it');
    expect(textOf(html)).not.toContain('OK');
  });
});
