/**
 * Smart review, the AI suggestions of one segment (translation-editor §1, §3 AI suggestion entry, §4 suggestion
 * state fetching / fetched / hidden / error, §5 apply disabled while an update runs, §8 their words, §9 confidence as a
 * rounded percent). Presentational: the container holds the entry (from the translation actor) and sends the events.
 */
import type { Suggestion } from '../../../../domain/translation.ts';
import { confidencePercent, type SuggestionEntry, type SuggestionState } from '../../../../domain/translationAssist.ts';
import { Banner, Button, cx, SparkIcon, Spinner, ThumbDownIcon, ThumbUpIcon } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface SmartReviewButtonProps {
  /** The segment's suggestion state; undefined before the first request. */
  state: SuggestionState | undefined;
  /** Pressed: the container's machine requests the suggestions, or (fetched or hidden) flips them (§4). */
  onPress: () => void;
  disabled?: boolean;
  className?: string;
}

/**
 * "Suggest improvements" for a segment: a spinner while fetching, pressed while the suggestions show (a toggle once
 * fetched: §5 a fetch is skipped when fetched or hidden).
 */
export function SmartReviewButton({ state, onPress, disabled = false, className }: SmartReviewButtonProps) {
  const toggles = state === 'fetched' || state === 'hidden';
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cx('assist-smart-button', className)}
      iconStart={<SparkIcon size={14} />}
      loading={state === 'fetching'}
      disabled={disabled}
      aria-pressed={toggles ? state === 'fetched' : undefined}
      onClick={onPress}
    >
      {t('translationAssist.smartReview.request')}
    </Button>
  );
}

export type SuggestionFeedback = 'helpful' | 'notHelpful';

export interface SuggestionPanelProps {
  /** The segment's entry; nothing shows without one or when hidden. */
  entry: SuggestionEntry | undefined;
  /** §5 an update runs: Apply waits. */
  applyDisabled: boolean;
  /** Apply one suggestion (saved with the result's model as suggestionModel). */
  onApply: (suggestion: Suggestion) => void;
  /** "Try again" after an error. */
  onRetry: () => void;
  onDismissError: () => void;
  onHide: () => void;
  /** Target locale and direction, for the suggested texts. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** Optional thumbs: shown when `onFeedback` is given. */
  feedback?: SuggestionFeedback | null;
  onFeedback?: (feedback: SuggestionFeedback) => void;
  className?: string;
}

/** The suggestions under a segment: "Finding suggestions…", the list with Apply buttons, or the §8 error with Try again. */
export function SuggestionPanel({
  entry,
  applyDisabled,
  onApply,
  onRetry,
  onDismissError,
  onHide,
  lang,
  dir,
  feedback = null,
  onFeedback,
  className,
}: SuggestionPanelProps) {
  if (!entry || entry.state === 'hidden') return null;

  if (entry.state === 'fetching') {
    return (
      <div className={cx('assist-suggestions', 'assist-suggestions--fetching', className)} role="status" aria-live="polite">
        <Spinner size="sm" decorative />
        <span>{t('translationAssist.smartReview.fetching')}</span>
      </div>
    );
  }

  if (entry.state === 'error') {
    return (
      <Banner
        tone="error"
        className={cx('assist-suggestions-error', className)}
        action={
          <div className="assist-suggestions__error-actions">
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t('translationAssist.smartReview.retry')}
            </Button>
            <Button size="sm" variant="ghost" onClick={onDismissError}>
              {t('translationAssist.smartReview.dismissError')}
            </Button>
          </div>
        }
      >
        {entry.error ?? ''}
      </Banner>
    );
  }

  const { result } = entry;
  if (!result) return null;
  return (
    <section className={cx('assist-suggestions', className)} aria-label={t('translationAssist.smartReview.title')}>
      <header className="assist-suggestions__head">
        <h4 className="assist-suggestions__title">
          <SparkIcon size={14} />
          {t('translationAssist.smartReview.title')}
        </h4>
        <Button size="sm" variant="ghost" onClick={onHide}>
          {t('translationAssist.smartReview.hide')}
        </Button>
      </header>
      {result.originalContext && (
        <p className="assist-suggestions__original">
          <span className="assist-suggestions__rating">{t('translationAssist.smartReview.rating', { percent: confidencePercent(result.originalRating) })}</span>{' '}
          {result.originalContext}
        </p>
      )}
      {result.suggestions.length === 0 ? (
        <p className="assist-suggestions__none">{t('translationAssist.smartReview.none')}</p>
      ) : (
        <ol className="assist-suggestions__list" aria-label={t('translationAssist.smartReview.list')}>
          {result.suggestions.map((suggestion, index) => (
            <li key={index} className="assist-suggestion">
              <div className="assist-suggestion__body">
                <p className="assist-suggestion__target" lang={lang} dir={dir}>
                  {suggestion.target}
                </p>
                {suggestion.context && <p className="assist-suggestion__context">{suggestion.context}</p>}
              </div>
              <div className="assist-suggestion__side">
                <span className="assist-suggestion__confidence">{t('translationAssist.smartReview.confidence', { percent: confidencePercent(suggestion.confidence) })}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={applyDisabled}
                  aria-label={t('translationAssist.smartReview.applyLabel', { index: index + 1 })}
                  onClick={() => onApply(suggestion)}
                >
                  {t('translationAssist.smartReview.apply')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {applyDisabled && result.suggestions.length > 0 && (
        <p className="assist-suggestions__busy">
          {t('translationAssist.smartReview.applyBusy')}
        </p>
      )}
      <footer className="assist-suggestions__foot">
        <span className="assist-suggestions__model">{t('translationAssist.smartReview.model', { model: result.model })}</span>
        {onFeedback && (
          <span className="assist-suggestions__feedback" role="group" aria-label={t('translationAssist.smartReview.feedback')}>
            <button
              type="button"
              className="k-icon-button assist-thumb"
              aria-label={t('translationAssist.smartReview.helpful')}
              aria-pressed={feedback === 'helpful'}
              onClick={() => onFeedback('helpful')}
            >
              <ThumbUpIcon size={16} />
            </button>
            <button
              type="button"
              className="k-icon-button assist-thumb"
              aria-label={t('translationAssist.smartReview.notHelpful')}
              aria-pressed={feedback === 'notHelpful'}
              onClick={() => onFeedback('notHelpful')}
            >
              <ThumbDownIcon size={16} />
            </button>
          </span>
        )}
      </footer>
    </section>
  );
}
