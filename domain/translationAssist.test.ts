import { describe, expect, it } from 'vitest';
import { TRANSLATION_TOOL_MESSAGES, type MemoryReport, type PlayerJsonText, type TranslationFile, type TranslationNode } from './translation.ts';
import { buildTranslationModel } from './translationModel.ts';
import {
  canSelectMoreOptions,
  confidencePercent,
  contrastRatio,
  EMPTY_SMART_REVIEW_RESPONSE,
  failedReportText,
  isSurveyShown,
  isWalkthroughShown,
  lowContrastTextPaths,
  memoryReportForVariant,
  parseMemoryReports,
  parseSuggestionResponse,
  shouldFetchSuggestion,
  smartReviewSelections,
  smartReviewSurveyProblem,
  suggestionErrorMessage,
  surveyFeedback,
  toggledSuggestionState,
  type SuggestionEntry,
} from './translationAssist.ts';

const words = TRANSLATION_TOOL_MESSAGES;

describe('§5 AI suggestions (smart review)', () => {
  const result = { model: 'gpt-x', originalContext: 'Too literal', originalRating: 0.4, suggestions: [{ target: 'Bonjour', context: 'More natural', confidence: 0.87 }] };

  it('§5 a response needs both a success flag and a result', () => {
    expect(parseSuggestionResponse({ success: true, result })).toEqual(result);
    expect(parseSuggestionResponse({ success: false, result })).toBeNull();
    expect(parseSuggestionResponse({ success: true })).toBeNull();
    expect(parseSuggestionResponse({ success: true, result: null })).toBeNull();
    expect(parseSuggestionResponse({ success: 'true', result })).toBeNull();
    expect(parseSuggestionResponse(null)).toBeNull();
  });

  it('untrusted result: model string, suggestions of target/context/confidence in [0, 1]; context and rating defaulted', () => {
    expect(parseSuggestionResponse({ success: true, result: { model: 'm', suggestions: [] } })).toEqual({ model: 'm', originalContext: '', originalRating: 0, suggestions: [] });
    expect(parseSuggestionResponse({ success: true, result: { ...result, model: 3 } })).toBeNull();
    expect(parseSuggestionResponse({ success: true, result: { ...result, suggestions: 'x' } })).toBeNull();
    expect(parseSuggestionResponse({ success: true, result: { ...result, suggestions: [{ target: 'a', context: 'b', confidence: 1.5 }] } })).toBeNull();
    expect(parseSuggestionResponse({ success: true, result: { ...result, suggestions: [{ target: 'a', confidence: 0.5 }] } })).toBeNull();
    const extra = parseSuggestionResponse({ success: true, result: { ...result, suggestions: [{ target: 'a', context: 'b', confidence: 0.5, html: '<script>' }] } });
    expect(extra?.suggestions).toEqual([{ target: 'a', context: 'b', confidence: 0.5 }]);
  });

  it('§8 the error words by failure', () => {
    expect(suggestionErrorMessage({ kind: 'http', status: 401, body: { error: 'x' } })).toBe('Authentication failed');
    expect(suggestionErrorMessage({ kind: 'http', status: 400, body: null })).toBe('Invalid request parameters');
    expect(suggestionErrorMessage({ kind: 'http', status: 503, body: { error: 'x' } })).toBe('Server error, please try again');
    expect(suggestionErrorMessage({ kind: 'timeout' })).toBe('Request timeout, please try again');
    expect(suggestionErrorMessage({ kind: 'http', status: 403, body: { error: 'Smart review is off' } })).toBe('Smart review is off');
    expect(suggestionErrorMessage({ kind: 'http', status: 409, body: { message: 'Busy' } })).toBe('Busy');
    expect(suggestionErrorMessage({ kind: 'http', status: 418, body: 'teapot' })).toBe('API request failed');
    expect(suggestionErrorMessage({ kind: 'other' })).toBe('Unknown error occurred');
  });

  it('§5 a fetch is skipped if one is fetching, fetched or hidden for the segment or a formatting duplicate', () => {
    const entry = (state: SuggestionEntry['state']): SuggestionEntry => ({ state, result: null, error: null });
    expect(shouldFetchSuggestion({}, 'a', [])).toBe(true);
    for (const state of ['fetching', 'fetched', 'hidden'] as const) {
      expect(shouldFetchSuggestion({ a: entry(state) }, 'a', [])).toBe(false);
      expect(shouldFetchSuggestion({ b: entry(state) }, 'a', ['b'])).toBe(false);
    }
    expect(shouldFetchSuggestion({ a: entry('error') }, 'a', [])).toBe(true);
    expect(shouldFetchSuggestion({ c: entry('fetched') }, 'a', ['b'])).toBe(true);
  });

  it('§4 toggling smart review flips hidden ↔ fetched', () => {
    expect(toggledSuggestionState('hidden')).toBe('fetched');
    expect(toggledSuggestionState('fetched')).toBe('hidden');
    expect(toggledSuggestionState('fetching')).toBe('fetching');
    expect(toggledSuggestionState('error')).toBe('error');
  });

  it('§9 confidence shown as a rounded percent', () => {
    expect(confidencePercent(0.874)).toBe('87%');
    expect(confidencePercent(0.875)).toBe('88%');
    expect(confidencePercent(1.2)).toBe('100%');
    expect(confidencePercent(-1)).toBe('0%');
    expect(confidencePercent(Number.NaN)).toBe('0%');
  });
});

describe('§3 translation-memory reports', () => {
  const report = (over: Partial<MemoryReport>): MemoryReport => ({
    id: 'r1',
    validationId: 'v1',
    status: 'completed',
    sourceLanguage: 'en',
    targetLanguage: 'fr',
    formality: 'default',
    message: null,
    requestedAt: '2025-01-01T00:00:00.000Z',
    completedAt: '2025-01-01T00:05:00.000Z',
    reportItems: [{ path: '["a"]', inputSegment: 'Hello', memoryHits: [{ metricValue: 0.9, similarSegment: 'Hello!', origin: 'Course (fr)', translations: ['Bonjour !'] }] }],
    ...over,
  });

  it('parses a well-formed answer and drops unknown fields', () => {
    const raw = { reports: [{ ...report({}), secret: 'x' }, { ...report({ id: 'r2', status: 'requested', completedAt: null }), reportItems: undefined }] };
    expect(parseMemoryReports(raw)).toEqual([report({}), report({ id: 'r2', status: 'requested', completedAt: null, reportItems: [] })]);
    expect(parseMemoryReports({ reports: [] })).toEqual([]);
  });

  it('§8 a malformed answer: "There was a problem loading the translation memory report"', () => {
    for (const raw of [null, {}, { reports: {} }, { reports: [{ ...report({}), status: 'done' }] }, { reports: [report({ reportItems: [{ path: 1 }] as never })] }]) {
      expect(() => parseMemoryReports(raw)).toThrow(words.memoryReport.load);
    }
  });

  it('§5 the report of a variant is the latest requested for that validation; none is an error', () => {
    const reports = [
      report({ id: 'old', requestedAt: '2025-01-01T00:00:00.000Z' }),
      report({ id: 'new', requestedAt: '2025-02-01T00:00:00.000Z' }),
      report({ id: 'other', validationId: 'v2', requestedAt: '2025-03-01T00:00:00.000Z' }),
    ];
    expect(memoryReportForVariant(reports, 'v1').id).toBe('new');
    expect(() => memoryReportForVariant(reports, 'v3')).toThrow('No translation memory report for this variant.');
  });

  it('§8 the failed report text: the sentence plus the server message or the default', () => {
    expect(failedReportText({ message: 'Quota exceeded' })).toBe('The Translation memory Report failed for this variant with the following message: Quota exceeded');
    expect(failedReportText({ message: null })).toBe(`${words.memoryReport.failed} ${words.memoryReport.failedDefault}`);
  });
});

describe('§5 surveys', () => {
  it('§5 feedback text is trimmed; "No feedback provided" when empty', () => {
    expect(surveyFeedback('  great  ')).toBe('great');
    expect(surveyFeedback('   ')).toBe('No feedback provided');
  });

  it('§5 smart-review survey: at most 3 selections (early access not counted), other requires text, something selected', () => {
    const none = EMPTY_SMART_REVIEW_RESPONSE;
    expect(smartReviewSurveyProblem(none)).toBe('nothingSelected');
    expect(smartReviewSurveyProblem({ ...none, requestsEarlyAccess: true })).toBeNull();
    const three = { ...none, adjustTone: true, adaptToRegion: true, applyValidationEdits: true, requestsEarlyAccess: true };
    expect(smartReviewSelections(three)).toBe(3);
    expect(smartReviewSurveyProblem(three)).toBeNull();
    expect(canSelectMoreOptions(three)).toBe(false);
    expect(canSelectMoreOptions({ ...none, adjustTone: true })).toBe(true);
    expect(smartReviewSurveyProblem({ ...three, flagLowQualityTranslations: true })).toBe('tooManySelections');
    expect(smartReviewSurveyProblem({ ...none, other: true, otherText: '  ' })).toBe('otherNeedsText');
    expect(smartReviewSurveyProblem({ ...none, other: true, otherText: 'Glossaries' })).toBeNull();
  });

  it('§6 the feedback survey shows once the user has edited, unless submitted', () => {
    const input = { submitted: [] as const, hasEdited: true, flagOn: true };
    expect(isSurveyShown('translation-progress', input)).toBe(true);
    expect(isSurveyShown('translation-progress', { ...input, hasEdited: false })).toBe(false);
    expect(isSurveyShown('translation-progress', { ...input, submitted: ['translation-progress'] })).toBe(false);
    expect(isSurveyShown('translation-progress', { ...input, flagOn: false })).toBe(false);
    expect(isSurveyShown('smart-review-survey', { ...input, hasEdited: false })).toBe(true);
  });
});

describe('§5 low contrast', () => {
  it('WCAG contrast ratio of #rgb and #rrggbb colours', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ff0000', '#000000')).toBeCloseTo(5.25, 2);
    expect(contrastRatio('red', '#fff')).toBeNull();
    expect(contrastRatio('#ffff', '#fff')).toBeNull();
  });

  it('§5 text with contrast ratio below 1.7 is flagged (span background, else block, else white)', () => {
    const span = (text: string, style: Record<string, string>) => ({ text, style: { font: 'Open Sans', ...style } });
    const pj = (blocks: PlayerJsonText['blocks']): PlayerJsonText => ({ blocks });
    const node = (id: string, source: PlayerJsonText | string): TranslationNode => ({
      type: 'item',
      id,
      textType: typeof source === 'string' ? 'text' : 'playerJson',
      source,
      target: source,
      validationSegmentId: `vs-${id}`,
    });
    const file: TranslationFile = {
      sourceLocale: 'en',
      targetLocale: 'fr',
      version: 1,
      product: 'storyline',
      baseChildren: [],
      translationMemoryReportIds: [],
      children: [
        {
          type: 'group',
          id: 's',
          title: 'S',
          meta: { type: 'slide' },
          children: [
            node('white', pj([{ spans: [span('Hidden', { color: '#fafafa' })] }])),
            node('dark', pj([{ spans: [span('Readable', { color: '#1f2937' })] }])),
            node('onDark', pj([{ spans: [span('Light on dark', { color: '#fafafa', backgroundColor: '#111111' })] }])),
            node('blockBg', pj([{ spans: [span('Grey on grey', { color: '#777777' })], style: { backgroundColor: '#808080' } }])),
            node('blank', pj([{ spans: [span('   ', { color: '#ffffff' }), span('Fine', { color: '#000000' })] }])),
            node('plain', 'no styles'),
          ],
        },
      ],
    };
    const { model } = buildTranslationModel(file);
    expect(lowContrastTextPaths(model)).toEqual([JSON.stringify(['s', 'white']), JSON.stringify(['s', 'blockBg'])]);
    // On a black default, the dark text and the black "Fine" span are the hard ones.
    expect(lowContrastTextPaths(model, '#000000')).toEqual([JSON.stringify(['s', 'dark']), JSON.stringify(['s', 'blockBg']), JSON.stringify(['s', 'blank'])]);
  });
});

describe('§6 walkthrough', () => {
  it('is shown to signed-in non-owners who have not finished or dismissed it', () => {
    expect(isWalkthroughShown({ isOwner: false, doneAt: null, signedIn: true })).toBe(true);
    expect(isWalkthroughShown({ isOwner: true, doneAt: null, signedIn: true })).toBe(false);
    expect(isWalkthroughShown({ isOwner: false, doneAt: '2025-01-01T00:00:00.000Z', signedIn: true })).toBe(false);
    expect(isWalkthroughShown({ isOwner: false, doneAt: null, signedIn: false })).toBe(false);
  });
});
