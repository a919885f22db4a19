import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { SURVEY_FAILURE_TOAST_MS, type AnalyticsEventBody, type ExperienceBody, type SmartReviewSurveyResponse } from '../../domain/translation.ts';
import { EMPTY_SMART_REVIEW_RESPONSE } from '../../domain/translationAssist.ts';
import { toastDurationMs } from '../../domain/toasts.ts';
import { SURVEY_TOAST_KEYS, isSurveyCardShown, isSurveyVisible, segmentReviewDoorOf, surveyStatusOf, surveysMachine } from '../../machines/translation/surveysMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

const EMAIL = 'vera.validator@example.com';
const USER_ID = 'vera-aid';
const response = (over: Partial<SmartReviewSurveyResponse>): SmartReviewSurveyResponse => ({ ...EMPTY_SMART_REVIEW_RESPONSE, ...over });

function start() {
  const status = controlled<void>();
  const submits = controlled<{ body: ExperienceBody }>();
  const tracks = controlled<{ body: AnalyticsEventBody }>();
  const toasts = recorder();
  const machine = surveysMachine.provide({ actors: { fetchSurveyStatus: status.logic as never, submitSurvey: submits.logic as never, trackEvent: tracks.logic as never } });
  const root = createActor(systemOf({ surveys: machine, toasts: toasts.logic })).start();
  const actor = systemActor(root, 'surveys') as AnyActorRef;
  const statusOf = (slug: Parameters<typeof surveyStatusOf>[1]) => surveyStatusOf(actor.getSnapshot(), slug);
  return { actor, status: status.calls, submits: submits.calls, tracks: tracks.calls, toasts, statusOf };
}

/** Gives the feedback survey's answers as the view does (one event per answer), then submits. */
function answerFeedback(actor: AnyActorRef, positive: boolean | null, text: string) {
  if (positive !== null) actor.send({ type: 'surveys.rate', positive });
  actor.send({ type: 'surveys.write', slug: 'translation-progress', text });
  actor.send({ type: 'surveys.submit', slug: 'translation-progress' });
}

async function signedIn(submitted: string[] = []) {
  const t = start();
  t.actor.send({ type: 'surveys.load', email: EMAIL, userId: USER_ID });
  t.status[0]!.resolve({ submitted });
  await settle();
  return t;
}

describe('surveys machine (translation-editor §3 Survey, §4, §5, §6)', () => {
  it('sends the trimmed feedback with the user, feature, integration and product; submitted hides it', async () => {
    const t = await signedIn();
    const visible = () => isSurveyVisible(t.actor.getSnapshot(), 'translation-progress', { hasEdited: true, flagOn: true });
    expect(t.statusOf('translation-progress')).toBe('idle');
    expect(visible()).toBe(true);
    t.actor.send({ type: 'surveys.start', slug: 'translation-progress' });
    expect(t.statusOf('translation-progress')).toBe('in-progress');
    answerFeedback(t.actor, true, '  Smooth so far.  ');
    expect(t.statusOf('translation-progress')).toBe('submitting');
    expect(t.submits[0]!.input.body).toEqual({
      user: EMAIL,
      slug: 'translation-progress',
      feature: 'translations',
      feedback: 'Smooth so far.',
      wasPositiveExperience: true,
      integrations: ['notion'],
      product: 'review-translations',
    });
    t.submits[0]!.resolve(undefined);
    await settle();
    expect(t.statusOf('translation-progress')).toBe('submitted');
    expect(visible()).toBe(false);
    // Submitted: a second answer is not sent.
    answerFeedback(t.actor, true, 'Again');
    expect(t.submits).toHaveLength(1);
  });

  it('sends "No feedback provided" for empty feedback', async () => {
    const t = await signedIn();
    answerFeedback(t.actor, false, '   ');
    expect(t.submits[0]!.input.body.feedback).toBe('No feedback provided');
  });

  it('submits the smart-review survey only without a problem, with its answers', async () => {
    const t = await signedIn();
    const answers = () => t.actor.getSnapshot().context.answers.smartReview as SmartReviewSurveyResponse;
    const choose = (option: string, checked = true) => t.actor.send({ type: 'surveys.choose', option, checked });
    const submit = () => t.actor.send({ type: 'surveys.submit', slug: 'smart-review-survey' });
    // Nothing chosen: not sent.
    submit();
    expect(t.submits).toHaveLength(0);
    expect(t.statusOf('smart-review-survey')).toBe('idle');
    // The first answer starts the survey; a fourth option is refused (§5 at most 3), early access does not count.
    choose('adjustTone');
    expect(t.statusOf('smart-review-survey')).toBe('in-progress');
    choose('adaptToRegion');
    choose('other');
    choose('flagLowQualityTranslations');
    expect(answers()).toEqual(response({ adjustTone: true, adaptToRegion: true, other: true }));
    // "Other" without text: not sent.
    t.actor.send({ type: 'surveys.write', slug: 'smart-review-survey', text: '  ' });
    submit();
    expect(t.submits).toHaveLength(0);
    choose('requestsEarlyAccess');
    t.actor.send({ type: 'surveys.write', slug: 'smart-review-survey', text: ' Glossary checks ' });
    expect(answers()).toEqual(response({ adjustTone: true, adaptToRegion: true, other: true, otherText: ' Glossary checks ', requestsEarlyAccess: true }));
    submit();
    expect(t.submits).toHaveLength(1);
    expect(t.submits[0]!.input.body).toMatchObject({
      slug: 'smart-review-survey',
      feedback: 'Glossary checks',
      wasPositiveExperience: null,
      surveyResponse: response({ adjustTone: true, adaptToRegion: true, other: true, otherText: 'Glossary checks', requestsEarlyAccess: true }),
    });
  });

  it('a failure sets failed and shows an error toast of 5,000 ms; it can be sent again', async () => {
    const t = await signedIn();
    answerFeedback(t.actor, true, 'Nice');
    t.submits[0]!.reject(Object.assign(new Error('Database down'), { status: 500 }));
    await settle();
    expect(t.statusOf('translation-progress')).toBe('failed');
    expect(t.toasts.events).toEqual([{ type: 'toast.show', toast: { id: SURVEY_TOAST_KEYS.failed, severity: 'error', kind: 'default', text: null, message: 'Database down', data: null } }]);
    const kind = (t.toasts.events[0] as unknown as { toast: { kind: 'default' } }).toast.kind;
    expect(toastDurationMs(kind)).toBe(SURVEY_FAILURE_TOAST_MS);
    expect(isSurveyVisible(t.actor.getSnapshot(), 'translation-progress', { hasEdited: true, flagOn: true })).toBe(true);
    // The answers are kept for the retry: only Submit again.
    t.actor.send({ type: 'surveys.submit', slug: 'translation-progress' });
    expect(t.submits).toHaveLength(2);
    expect(t.submits[1]!.input.body).toMatchObject({ feedback: 'Nice', wasPositiveExperience: true });
  });

  it('shows the feedback survey once the user has edited, not when submitted before, dismissed or signed out', async () => {
    const t = await signedIn(['smart-review-survey']);
    const snapshot = () => t.actor.getSnapshot();
    expect(isSurveyVisible(snapshot(), 'translation-progress', { hasEdited: false, flagOn: true })).toBe(false);
    expect(isSurveyVisible(snapshot(), 'translation-progress', { hasEdited: true, flagOn: true })).toBe(true);
    expect(isSurveyVisible(snapshot(), 'smart-review-survey', { hasEdited: true, flagOn: true })).toBe(false);
    expect(t.statusOf('smart-review-survey')).toBe('submitted');
    t.actor.send({ type: 'surveys.dismiss', slug: 'translation-progress' });
    expect(isSurveyVisible(snapshot(), 'translation-progress', { hasEdited: true, flagOn: true })).toBe(false);
    t.actor.send({ type: 'surveys.reset' });
    expect(isSurveyVisible(snapshot(), 'smart-review-survey', { hasEdited: true, flagOn: true })).toBe(false);
    answerFeedback(t.actor, true, 'x');
    expect(t.submits).toHaveLength(0);
  });

  it('a failed status read leaves every survey unsubmitted', async () => {
    const t = start();
    t.actor.send({ type: 'surveys.load', email: EMAIL, userId: USER_ID });
    t.status[0]!.reject(new Error('Database down'));
    await settle();
    expect(t.actor.getSnapshot().value).toEqual({ account: 'ready', submission: 'idle', interest: 'idle', segmentReview: 'closed' });
    expect(isSurveyVisible(t.actor.getSnapshot(), 'smart-review-survey', { hasEdited: false, flagOn: true })).toBe(true);
  });
});

describe('surveys machine: feature interest (translation-editor §2 segment review false door, §7 POST /analytics)', () => {
  it('sends the false door’s two events one after another with the user id, a failure dropped without a toast', async () => {
    const t = await signedIn();
    t.actor.send({ type: 'surveys.interest', interest: 'segmentReviewOpened' });
    t.actor.send({ type: 'surveys.interest', interest: 'segmentReviewNotifyMe' });
    // One on the wire at a time.
    expect(t.tracks).toHaveLength(1);
    expect(t.tracks[0]!.input.body).toEqual({
      userId: USER_ID,
      event: 'translation_segment_review_false_door_opened',
      properties: { feature: 'translations', product: 'review-translations' },
    });
    t.tracks[0]!.reject(new Error('Collector down'));
    await settle();
    expect(t.tracks).toHaveLength(2);
    expect(t.tracks[1]!.input.body.event).toBe('translation_segment_review_false_door_notify_me');
    t.tracks[1]!.resolve(undefined);
    await settle();
    expect(t.actor.getSnapshot().context.interest).toEqual([]);
    expect(t.toasts.events).toEqual([]);
    expect(t.actor.getSnapshot().status).toBe('active');
  });

  it('sends nothing for a signed-out user', () => {
    const t = start();
    t.actor.send({ type: 'surveys.interest', interest: 'segmentReviewNotifyMe' });
    expect(t.tracks).toHaveLength(0);
  });
});

describe('surveys machine: what the views kept before (the answers, the asked-for survey, the false door)', () => {
  it('keeps the feedback answers as they are given; they start the survey and wait while it is on the wire', async () => {
    const t = await signedIn();
    t.actor.send({ type: 'surveys.rate', positive: false });
    expect(t.statusOf('translation-progress')).toBe('in-progress');
    t.actor.send({ type: 'surveys.write', slug: 'translation-progress', text: 'Slow to load' });
    expect(t.actor.getSnapshot().context.answers.feedback).toEqual({ positive: false, text: 'Slow to load' });
    t.actor.send({ type: 'surveys.submit', slug: 'translation-progress' });
    // On the wire: the answers do not change under it.
    t.actor.send({ type: 'surveys.rate', positive: true });
    t.actor.send({ type: 'surveys.write', slug: 'translation-progress', text: 'Changed' });
    expect(t.actor.getSnapshot().context.answers.feedback).toEqual({ positive: false, text: 'Slow to load' });
    expect(t.submits[0]!.input.body).toMatchObject({ feedback: 'Slow to load', wasPositiveExperience: false });
  });

  it('shows a survey asked for from the help menu until it is dismissed; the smart-review thanks stay until dismissed', async () => {
    const t = await signedIn(['translation-progress']);
    const shown = (slug: Parameters<typeof isSurveyCardShown>[1], flagOn = true) => isSurveyCardShown(t.actor.getSnapshot(), slug, { hasEdited: false, flagOn });
    expect(shown('translation-progress')).toBe(false);
    t.actor.send({ type: 'surveys.ask', slug: 'translation-progress' });
    expect(shown('translation-progress')).toBe(true);
    t.actor.send({ type: 'surveys.dismiss', slug: 'translation-progress' });
    expect(shown('translation-progress')).toBe(false);
    // Asked again after a dismissal: it shows again.
    t.actor.send({ type: 'surveys.ask', slug: 'translation-progress' });
    expect(shown('translation-progress')).toBe(true);

    t.actor.send({ type: 'surveys.choose', option: 'requestsEarlyAccess', checked: true });
    t.actor.send({ type: 'surveys.submit', slug: 'smart-review-survey' });
    t.submits[0]!.resolve(undefined);
    await settle();
    expect(isSurveyVisible(t.actor.getSnapshot(), 'smart-review-survey', { hasEdited: false, flagOn: true })).toBe(false);
    expect(shown('smart-review-survey')).toBe(true);
    t.actor.send({ type: 'surveys.dismiss', slug: 'smart-review-survey' });
    expect(shown('smart-review-survey')).toBe(false);
  });

  it('the segment review false door: opening and "Notify me" are recorded; opened again it thanks at once', async () => {
    const t = await signedIn();
    expect(segmentReviewDoorOf(t.actor.getSnapshot())).toBe('closed');
    t.actor.send({ type: 'surveys.openSegmentReview' });
    expect(segmentReviewDoorOf(t.actor.getSnapshot())).toBe('asking');
    t.actor.send({ type: 'surveys.notifySegmentReview' });
    expect(segmentReviewDoorOf(t.actor.getSnapshot())).toBe('thanked');
    t.actor.send({ type: 'surveys.closeSegmentReview' });
    expect(segmentReviewDoorOf(t.actor.getSnapshot())).toBe('closed');
    t.actor.send({ type: 'surveys.openSegmentReview' });
    expect(segmentReviewDoorOf(t.actor.getSnapshot())).toBe('thanked');
    // Three analytics events, one on the wire at a time.
    for (let i = 0; i < 3; i++) {
      t.tracks[i]!.resolve(undefined);
      await settle();
    }
    expect(t.tracks.map((call) => call.input.body.event)).toEqual([
      'translation_segment_review_false_door_opened',
      'translation_segment_review_false_door_notify_me',
      'translation_segment_review_false_door_opened',
    ]);
    // Signed out: the dialog closes, and what was asked is forgotten.
    t.actor.send({ type: 'surveys.reset' });
    expect(segmentReviewDoorOf(t.actor.getSnapshot())).toBe('closed');
    expect(t.actor.getSnapshot().context.segmentReviewNotified).toBe(false);
  });
});

describe('surveys machine: the screenshot-annotation survey (foundation §4 survey banner, §9 survey ids, hide period)', () => {
  async function withClosed() {
    const closed: { slug: string | null; userId: string | null }[] = [];
    const status = controlled<void>();
    const submits = controlled<{ body: ExperienceBody }>();
    const machine = surveysMachine.provide({
      actors: { fetchSurveyStatus: status.logic as never, submitSurvey: submits.logic as never, trackEvent: controlled<{ body: AnalyticsEventBody }>().logic as never },
      actions: { surveyClosed: (_, params) => closed.push(params) },
    });
    const root = createActor(systemOf({ surveys: machine, toasts: recorder().logic })).start();
    const actor = systemActor(root, 'surveys') as AnyActorRef;
    actor.send({ type: 'surveys.load', email: EMAIL, userId: USER_ID });
    status.calls[0]!.resolve({ submitted: [] });
    await settle();
    return { actor, closed, submits: submits.calls };
  }

  it('sends the annotation tool as its feature', async () => {
    const t = await withClosed();
    t.actor.send({ type: 'surveys.ask', slug: 'screenshot-annotation' });
    t.actor.send({ type: 'surveys.rate', positive: true });
    t.actor.send({ type: 'surveys.write', slug: 'screenshot-annotation', text: 'Handy' });
    t.actor.send({ type: 'surveys.submit', slug: 'screenshot-annotation' });
    expect(t.submits[0]!.input.body).toMatchObject({ slug: 'screenshot-annotation', feature: 'annotationTool', feedback: 'Handy', wasPositiveExperience: true });
  });

  it('a dismissal is handed to the composition root to remember (hidden for the hide period), with the user', async () => {
    const t = await withClosed();
    t.actor.send({ type: 'surveys.ask', slug: 'screenshot-annotation' });
    t.actor.send({ type: 'surveys.dismiss', slug: 'screenshot-annotation' });
    expect(t.closed).toEqual([{ slug: 'screenshot-annotation', userId: USER_ID }]);
    expect(t.actor.getSnapshot().context.asked).toEqual([]);
  });

  it('an answer is remembered once it is stored, not while it is on the wire or after a failure', async () => {
    const t = await withClosed();
    t.actor.send({ type: 'surveys.ask', slug: 'screenshot-annotation' });
    t.actor.send({ type: 'surveys.submit', slug: 'screenshot-annotation' });
    expect(t.closed).toEqual([]);
    t.submits[0]!.reject(new Error('Service unavailable'));
    await settle();
    expect(t.closed).toEqual([]);
    t.actor.send({ type: 'surveys.submit', slug: 'screenshot-annotation' });
    t.submits[1]!.resolve(undefined);
    await settle();
    expect(t.closed).toEqual([{ slug: 'screenshot-annotation', userId: USER_ID }]);
  });
});
