import { Suspense } from 'react';
import { LoadingScreen } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { lazyWithStrings } from '../../lazyRoute.tsx';

const SupportReplayPage = lazyWithStrings(() => import('./SupportReplayPage.tsx').then((module) => ({ default: module.SupportReplayPage })));

/** /support/replay, loaded with its route: the viewer, its timeline and its worker stay out of the first load. */
export function LazySupportReplayPage() {
  return (
    <Suspense fallback={<LoadingScreen text={t('support.replay.loadingPage')} />}>
      <SupportReplayPage />
    </Suspense>
  );
}
