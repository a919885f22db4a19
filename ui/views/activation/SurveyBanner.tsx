import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Button, TextField } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/**
 * The dashboard's survey banner (foundation §2, §4): thumbs, then a comment box, then send or cancel; a dismiss button
 * throughout. Hidden for a month after answering or dismissing (the wiring keeps the date).
 */
export function SurveyBanner() {
  const { activation, surveyBanner: actor } = useSystem();
  useEffect(() => {
    actor.send({ type: 'survey.start', hidden: activation.isSurveyHidden() });
  }, [actor, activation]);
  const state = useSelector(actor, (s) => (s.matches('asking') ? 'asking' : s.matches('commenting') ? 'commenting' : s.matches('sending') ? 'sending' : s.matches('thanks') ? 'thanks' : null));
  const feedback = useSelector(actor, (s) => s.context.feedback);
  if (state === null) return null;
  if (state === 'thanks') {
    return (
      <section className="survey-banner" aria-label={t('survey.label')}>
        <p role="status">{t('survey.thanks')}</p>
        <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'survey.closeThanks' })}>
          {t('common.close')}
        </Button>
      </section>
    );
  }
  return (
    <section className="survey-banner" aria-label={t('survey.label')}>
      <p className="survey-banner__question">{t('survey.question')}</p>
      {state === 'asking' ? (
        <div className="survey-banner__thumbs">
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'survey.thumb', isPositive: true })}>
            <span aria-hidden="true">👍</span> {t('survey.thumbsUp')}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'survey.thumb', isPositive: false })}>
            <span aria-hidden="true">👎</span> {t('survey.thumbsDown')}
          </Button>
        </div>
      ) : (
        <form
          className="survey-banner__comment"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'survey.send' });
          }}
        >
          <TextField label={t('survey.commentLabel')} value={feedback} onChange={(text) => actor.send({ type: 'survey.setFeedback', text })} maxLength={1500} />
          <Button type="submit" size="sm" disabled={state === 'sending'}>
            {state === 'sending' ? t('survey.sending') : t('survey.send')}
          </Button>
          <Button type="button" variant="ghost" size="sm" disabled={state === 'sending'} onClick={() => actor.send({ type: 'survey.cancel' })}>
            {t('survey.cancel')}
          </Button>
        </form>
      )}
      <Button variant="ghost" size="sm" className="survey-banner__dismiss" aria-label={t('survey.dismiss')} onClick={() => actor.send({ type: 'survey.dismiss' })}>
        ×
      </Button>
    </section>
  );
}
