/**
 * The translate tab's surveys (translation-editor §2 optional smart-review survey, §3 Survey and Smart-review survey
 * response, §4 survey status idle / in-progress / submitting / submitted / failed, §5 at most 3 selections except
 * early access, other needs text, submit needs one selection or early access; §6 the feedback survey once the user
 * has edited). Presentational and controlled: the answers live in the container (the machine), the rules in domain.
 * The failure toast comes from the machine; the cards only say it inline and offer a retry.
 */
import type { ReactNode } from 'react';
import { MAX_SURVEY_SELECTIONS, SMART_REVIEW_OPTIONS, type SmartReviewOption, type SmartReviewSurveyResponse } from '../../../../domain/translation.ts';
import { canSelectMoreOptions, smartReviewSelections, smartReviewSurveyProblem, type SurveyStatus } from '../../../../domain/translationAssist.ts';
import { Button, Checkbox, CheckIcon, CloseIcon, cx, TextField, ThumbDownIcon, ThumbUpIcon } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

/** The label of a smart-review survey option. */
export function smartReviewOptionLabel(option: SmartReviewOption): string {
  return t(`translationAssist.smartSurvey.option.${option}`);
}

interface SurveyCardProps {
  id: string;
  title: string;
  status: SurveyStatus;
  onSubmit: () => void;
  onDismiss: () => void;
  className?: string;
  children: ReactNode;
}

/** The frame both surveys share: title, dismiss, the thanks once submitted, the inline failure with a retry. */
function SurveyCard({ id, title, status, onSubmit, onDismiss, className, children }: SurveyCardProps) {
  const titleId = `${id}-title`;
  return (
    <section className={cx('assist-survey', className)} aria-labelledby={titleId} aria-busy={status === 'submitting' || undefined}>
      <div className="assist-survey__head">
        <h3 id={titleId} className="assist-survey__title">
          {title}
        </h3>
        <button type="button" className="k-icon-button" aria-label={t('translationAssist.survey.dismiss')} onClick={onDismiss}>
          <CloseIcon size={16} />
        </button>
      </div>
      {status === 'submitted' ? (
        <div className="assist-survey__thanks" role="status">
          <CheckIcon size={16} />
          <span>{t('translationAssist.survey.thanks')}</span>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {t('translationAssist.survey.close')}
          </Button>
        </div>
      ) : (
        <form
          className="assist-survey__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          {status === 'failed' && (
            <div className="assist-survey__failed" role="alert">
              <span>{t('translationAssist.survey.failed')}</span>
              <Button size="sm" variant="secondary" onClick={onSubmit}>
                {t('translationAssist.survey.retry')}
              </Button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}

interface SubmitRowProps {
  id: string;
  /** Why it cannot be sent yet; null when it can. */
  problem: string | null;
  submitting: boolean;
}

function SubmitRow({ id, problem, submitting }: SubmitRowProps) {
  const problemId = `${id}-problem`;
  return (
    <div className="assist-survey__submit">
      {problem && (
        <p id={problemId} className="assist-survey__problem">
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" size="sm" loading={submitting} disabled={problem !== null} aria-describedby={problem ? problemId : undefined}>
        {t('translationAssist.survey.submit')}
      </Button>
    </div>
  );
}

/** A box of the smart-review survey: one of the options, or early access. */
export type SmartReviewSurveyChoice = SmartReviewOption | 'requestsEarlyAccess';

export interface SmartReviewSurveyProps {
  response: SmartReviewSurveyResponse;
  status: SurveyStatus;
  /** A box ticked or cleared (the container keeps the answers). */
  onChoose: (choice: SmartReviewSurveyChoice, checked: boolean) => void;
  /** The "Other" text changed. */
  onOtherTextChange: (text: string) => void;
  onSubmit: () => void;
  onDismiss: () => void;
  className?: string;
}

/**
 * "How could AI help you validate translations?": the 8 options, at most 3 ticked (the others disabled once 3
 * are), "Other" asking for text, a separate early-access box that does not count, Submit only when the answers can
 * be sent (the reason shown otherwise).
 */
export function SmartReviewSurvey({ response, status, onChoose, onOtherTextChange, onSubmit, onDismiss, className }: SmartReviewSurveyProps) {
  const id = 'assist-smart-survey';
  const submitting = status === 'submitting';
  const canMore = canSelectMoreOptions(response);
  const problem = smartReviewSurveyProblem(response);
  const problemText =
    problem === null
      ? null
      : problem === 'tooManySelections'
        ? t('translationAssist.smartSurvey.problem.tooManySelections', { max: MAX_SURVEY_SELECTIONS })
        : t(`translationAssist.smartSurvey.problem.${problem}`);
  return (
    <SurveyCard
      id={id}
      title={t('translationAssist.smartSurvey.title')}
      status={status}
      onSubmit={() => {
        if (problem === null && !submitting) onSubmit();
      }}
      onDismiss={onDismiss}
      className={cx('assist-survey--smart', className)}
    >
      <fieldset className="assist-survey__options" disabled={submitting}>
        <legend className="assist-survey__legend">
          {t('translationAssist.smartSurvey.intro', { max: MAX_SURVEY_SELECTIONS })}{' '}
          <span className="assist-survey__count">
            {t('translationAssist.smartSurvey.count', { count: smartReviewSelections(response), max: MAX_SURVEY_SELECTIONS })}
          </span>
        </legend>
        {SMART_REVIEW_OPTIONS.map((option) => (
          <Checkbox
            key={option}
            className="assist-survey__option"
            label={smartReviewOptionLabel(option)}
            checked={response[option]}
            disabled={!response[option] && !canMore}
            onChange={(checked) => onChoose(option, checked)}
          />
        ))}
        {response.other && (
          <TextField
            className="assist-survey__other"
            label={t('translationAssist.smartSurvey.otherText')}
            value={response.otherText}
            required
            maxLength={500}
            onChange={onOtherTextChange}
          />
        )}
      </fieldset>
      <Checkbox
        className="assist-survey__early"
        label={t('translationAssist.smartSurvey.earlyAccess')}
        checked={response.requestsEarlyAccess}
        disabled={submitting}
        onChange={(checked) => onChoose('requestsEarlyAccess', checked)}
      />
      <SubmitRow id={id} problem={problemText} submitting={submitting} />
    </SurveyCard>
  );
}

export interface FeedbackSurveyProps {
  /** Thumbs up (true), down (false) or not chosen (null). */
  positive: boolean | null;
  /** The optional comment (the machine trims it and sends "No feedback provided" when empty). */
  text: string;
  status: SurveyStatus;
  onPositiveChange: (positive: boolean) => void;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
  onDismiss: () => void;
  className?: string;
  /** Another survey of the same form (screenshot-annotation): its question and element id. */
  title?: string;
  id?: string;
}

/** "How is validating translations going?" (translation-progress): thumbs up or down, an optional comment, Submit. */
export function FeedbackSurvey({ positive, text, status, onPositiveChange, onTextChange, onSubmit, onDismiss, className, title, id = 'assist-feedback-survey' }: FeedbackSurveyProps) {
  const submitting = status === 'submitting';
  const answered = positive !== null || text.trim() !== '';
  const commentId = `${id}-comment`;
  return (
    <SurveyCard
      id={id}
      title={title ?? t('translationAssist.feedback.title')}
      status={status}
      onSubmit={() => {
        if (answered && !submitting) onSubmit();
      }}
      onDismiss={onDismiss}
      className={cx('assist-survey--feedback', className)}
    >
      <div className="assist-survey__thumbs" role="group" aria-labelledby={`${id}-title`}>
        <button
          type="button"
          className={cx('assist-thumb-button', positive === true && 'is-selected')}
          aria-pressed={positive === true}
          disabled={submitting}
          onClick={() => onPositiveChange(true)}
        >
          <ThumbUpIcon size={18} />
          <span>{t('translationAssist.feedback.positive')}</span>
        </button>
        <button
          type="button"
          className={cx('assist-thumb-button', positive === false && 'is-selected')}
          aria-pressed={positive === false}
          disabled={submitting}
          onClick={() => onPositiveChange(false)}
        >
          <ThumbDownIcon size={18} />
          <span>{t('translationAssist.feedback.negative')}</span>
        </button>
      </div>
      <div className="k-field">
        <label htmlFor={commentId} className="k-field__label">
          {t('translationAssist.feedback.comment')}
        </label>
        <textarea
          id={commentId}
          className="k-field__input assist-survey__textarea"
          rows={3}
          maxLength={2000}
          value={text}
          readOnly={submitting}
          onChange={(event) => onTextChange(event.target.value)}
        />
      </div>
      <SubmitRow id={id} problem={answered ? null : t('translationAssist.feedback.needsAnswer')} submitting={submitting} />
    </SurveyCard>
  );
}
