import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { authoringCoursePath } from '../../../domain/dashboard.ts';
import { Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { ExternalRedirectScreen } from '../screens/ExternalRedirectScreen.tsx';
import { usePageTitle } from '../usePageTitle.ts';

/**
 * /import-course/{id} (review-and-content §2, §4): "Your course is loading." while the `courseImport` actor joins the
 * author's room, fetches the course and waits for the conveyor's success; then the authoring tool's course page, or
 * the authoring home when the join or the fetch failed.
 */
export default function CourseImportPage({ courseId }: { courseId: string }) {
  const { auth, courseImport, links } = useSystem();
  const userId = useSelector(auth, (s) => s.context.user?.sub ?? null);
  const state = useSelector(courseImport, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading'));
  usePageTitle(t('courseImport.title'));

  useEffect(() => {
    if (!userId) return;
    courseImport.send({ type: 'courseImport.open', courseId, userId });
    return () => courseImport.send({ type: 'courseImport.close' });
  }, [courseImport, courseId, userId]);

  if (state === 'ready') {
    return <ExternalRedirectScreen to={`${links.authoring}${authoringCoursePath(courseId)}`} text={t('courseImport.ready')} destination={t('authoring.redirecting.destination')} />;
  }
  if (state === 'failed') {
    return <ExternalRedirectScreen to={links.authoring} text={t('courseImport.failed')} destination={t('courseImport.home')} />;
  }
  return (
    <main id="main" className="k-loading-screen course-import" aria-busy="true">
      <Spinner size="lg" label={t('courseImport.loading')} showLabel />
    </main>
  );
}
