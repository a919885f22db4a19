import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { greetingName } from '../../../domain/auth.ts';
import { authoringCoursePath, businessContentTabOf, downtimeBannerShown, downtimeDismissalKey, downtimeInstant, importCoursePath, type BusinessContentTab } from '../../../domain/dashboard.ts';
import { Banner, Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { ExternalRedirectScreen } from '../screens/ExternalRedirectScreen.tsx';
import '../../styles/foundation.css';
import '../../styles/dashboard.css';
import { BusinessContentBrowser } from './BusinessContentBrowser.tsx';
import { NewCourseButton } from './NewCourseButton.tsx';
import { TemplateGrid } from './TemplateGrid.tsx';
import { WebinarsSidebar } from './WebinarsSidebar.tsx';
import { WhatsNewCarousel } from './WhatsNewCarousel.tsx';

/** A grid of the dashboard (templates or microlearning) under its heading, with its link into the business-content browser. */
function TemplateSection({ kind, tab }: { kind: 'courses' | 'microlearning'; tab: BusinessContentTab }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="dashboard-section">
      <div className="dashboard-section__header">
        <h2 id={headingId} className="dashboard-section__title">
          {t(`authoring.${tab}.heading`)}
        </h2>
        <a className="dashboard-section__more" href={`#${tab}`}>
          {t(`authoring.${tab}.browseAll`)}
        </a>
      </div>
      <TemplateGrid kind={kind} headingId={headingId} />
    </section>
  );
}

/** #templates / #microlearning of the current location, followed as the hash changes. */
function useBrowserTab(): [BusinessContentTab | null, () => void] {
  const [, navigate] = useLocation();
  const [tab, setTab] = useState(() => (typeof window === 'undefined' ? null : businessContentTabOf(window.location.hash)));
  useEffect(() => {
    const read = () => setTab(businessContentTabOf(window.location.hash));
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const close = useCallback(() => {
    setTab(null);
    navigate('/');
  }, [navigate]);
  return [tab, close];
}

/**
 * The authoring dashboard's body (review-and-content §2 dashboard): greeting with the first name, the new-course
 * button, the optional downtime banner, the template and microlearning grids, the what's-new carousel and the recent
 * webinars. Showing it opens the `authoringDashboard` actor (loads, the onboarding check); an eligible person is sent
 * to the growth product's /questions; a created course opens in the authoring tool, an imported template on the
 * /import-course wait page. #templates and #microlearning open the business-content browser.
 */
export function DashboardBody() {
  const { auth, authoringDashboard, links, growthQuestionsUrl, downtime, now } = useSystem();
  const [, navigate] = useLocation();
  const firstName = useSelector(auth, (snapshot) => (snapshot.context.user ? greetingName(snapshot.context.user) : ''));
  const onboardingRedirect = useSelector(authoringDashboard, (s) => s.matches({ onboarding: 'redirecting' }));
  const destination = useSelector(authoringDashboard, (s) => (s.matches({ create: 'redirecting' }) ? s.context.destination : null));
  const createError = useSelector(authoringDashboard, (s) => s.context.createError);
  const [tab, closeBrowser] = useBrowserTab();
  // The downtime banner's dismissal is kept in this browser, per window (the spec does not name its key).
  const [downtimeDismissed, setDowntimeDismissed] = useState(() => downtime !== null && typeof window !== 'undefined' && window.localStorage.getItem(downtimeDismissalKey(downtime)) === 'true');

  useEffect(() => {
    authoringDashboard.send({ type: 'authoringDashboard.open' });
  }, [authoringDashboard]);

  // An imported template waits on its own page (inside the app).
  useEffect(() => {
    if (destination?.kind === 'importPage') navigate(importCoursePath(destination.courseId));
  }, [destination, navigate]);

  if (onboardingRedirect) {
    return <ExternalRedirectScreen to={growthQuestionsUrl} text={t('authoring.onboarding.redirecting')} destination={t('authoring.onboarding.destination')} />;
  }
  if (destination?.kind === 'authoring') {
    return (
      <ExternalRedirectScreen
        to={`${links.authoring}${authoringCoursePath(destination.courseId)}`}
        text={t('authoring.redirecting.course')}
        destination={t('authoring.redirecting.destination')}
      />
    );
  }

  const dismissDowntime = () => {
    if (downtime) window.localStorage.setItem(downtimeDismissalKey(downtime), 'true');
    setDowntimeDismissed(true);
  };

  return (
    <div className="authoring-dashboard">
      {downtime && downtimeBannerShown(downtime, now(), downtimeDismissed) && (
        <Banner
          tone="warning"
          title={t('authoring.downtime.title')}
          action={
            <Button variant="ghost" size="sm" onClick={dismissDowntime}>
              {t('common.dismiss')}
            </Button>
          }
        >
          {t('authoring.downtime.body', { start: downtimeInstant(downtime.startsAt), end: downtimeInstant(downtime.endsAt) })}
        </Banner>
      )}
      <div className="authoring-dashboard__hero">
        <h1 className="page-title">{t('dashboard.greeting', { name: firstName })}</h1>
        <NewCourseButton />
      </div>
      {createError && (
        <Banner
          tone="error"
          title={t('authoring.createError.title')}
          announce
          action={
            <Button variant="ghost" size="sm" onClick={() => authoringDashboard.send({ type: 'authoringDashboard.dismissError' })}>
              {t('common.dismiss')}
            </Button>
          }
        >
          {createError}
        </Banner>
      )}
      <div className="authoring-dashboard__layout sidebar-layout">
        <div className="authoring-dashboard__main">
          <TemplateSection kind="courses" tab="templates" />
          <TemplateSection kind="microlearning" tab="microlearning" />
        </div>
        <aside className="authoring-dashboard__sidebar" aria-label={t('authoring.webinars.heading')}>
          <WhatsNewCarousel />
          <WebinarsSidebar />
        </aside>
      </div>
      {tab && <BusinessContentBrowser tab={tab} onClose={closeBrowser} />}
    </div>
  );
}
