import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { t } from './strings.ts';
import { useSystem } from './system.tsx';
import { AnonymousReviewBar } from './views/anon/AnonymousReviewPage.tsx';
import { Header } from './views/header/Header.tsx';
import { RealtimeBanner } from './views/RealtimeBanner.tsx';
import { SignOutConfirm } from './views/SignOutConfirm.tsx';
import { RequireReviewer } from './views/anon/RequireReviewer.tsx';
import { AuthCallbackPage } from './views/AuthCallbackPage.tsx';
import { DashboardPage } from './views/DashboardPage.tsx';
import { MaintenanceGuard } from './views/guards/MaintenanceGuard.tsx';
import { RequireStaff } from './views/guards/RequireMatch.tsx';
import { RequireSubscription } from './views/guards/RequireSubscription.tsx';
import { NotFoundPage } from './views/NotFoundPage.tsx';
import { RequireAuth } from './views/RequireAuth.tsx';
import { ExternalRedirectScreen } from './views/screens/ExternalRedirectScreen.tsx';
import { SignInPage } from './views/SignInPage.tsx';
// The support replay viewer, loaded with its route.
import { LazySupportReplayPage } from './views/support/LazySupportReplayPage.tsx';
import type { UpgradePlacement } from './views/upgrade/UpgradeModal.tsx';
// Charts studio (/charts, staff): its own chunk, with elkjs, loaded on first visit.
import { lazy, Suspense } from 'react';
import { LoadingScreen } from './kit/index.ts';
const ChartsPage = lazyWithStrings(() => import('./views/charts/ChartsPage.tsx'));
// Screenshot annotation: the dialog on its own (staff sandbox).
const AnnotationSandbox = lazyWithStrings(() => import('./views/annotation/AnnotationSandbox.tsx'));
// Activation feature pages: the localization trial landing (sign-in) and all downloads (public).
import { PublicLayout } from './views/chrome/PublicLayout.tsx';
// The flash message bar's carrier (?flash=<id>) read on every page, and the id the app's own redirects leave.
import { FlashCarrier } from './views/chrome/FlashBar.tsx';
import { withFlash } from '../domain/flash.ts';
const TrialPage = lazy(() => import('./views/trial/TrialPage.tsx'));
const DownloadsPage = lazy(() => import('./views/downloads/DownloadsPage.tsx'));
// Route-level code splitting: the grid, the item view (comments, translate tab, review requests, sharing with it) and
// the sandbox load with their route, a RouteSkeleton showing meanwhile; / loads only the dashboard.
import { RouteSkeleton } from './views/screens/RouteSkeleton.tsx';
import { FeatureGate, lazyRoute, lazyWithStrings, RouteGate } from './lazyRoute.tsx';
const GridScreen = lazyRoute(() => import('./views/grid/GridScreen.tsx').then((m) => m.GridScreen), ['content']);
const ItemScreen = lazyRoute(() => import('./views/item/ItemScreen.tsx').then((m) => m.ItemScreen), ['content', 'item', 'reviewTab']);
const SandboxPage = lazyRoute(() => import('./views/SandboxPage.tsx').then((m) => m.SandboxPage));
/** Loads every lazy route's chunk (view tests render routes synchronously; a page may call it when idle). */
export function preloadLazyRoutes(): Promise<void> {
  return Promise.all([GridScreen.preload(), ItemScreen.preload(), SandboxPage.preload()]).then(() => undefined);
}
// The authoring dashboard's pages: the content pages and the course import wait page, each loaded with its route.
const TemplateContentPage = lazy(() => import('./views/dashboard/ContentPages.tsx').then((m) => ({ default: m.TemplateContentPage })));
const CharacterContentPage = lazy(() => import('./views/dashboard/ContentPages.tsx').then((m) => ({ default: m.CharacterContentPage })));
const CourseImportPage = lazy(() => import('./views/dashboard/CourseImportPage.tsx'));

/** Draws its children once the annotation dialog's machines have loaded (the sandbox runs the dialog itself). */
function AnnotationDialogGate({ children }: { children: ReactNode }) {
  const { annotation } = useSystem();
  return <FeatureGate load={annotation.loadDialogLogic}>{children}</FeatureGate>;
}

/** Scroll to top on route change (foundation §9). */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/**
 * The upgrade modal paths (foundation §2): the dashboard with the upgrade modal open for a placement;
 * te variants are for trial plans, es variants for paid plans (the modal reads the plan itself).
 */
export const UPGRADE_PATHS: Readonly<Record<string, UpgradePlacement>> = {
  '/tebnreviewmodal': 'review',
  '/esbnreviewmodal': 'review',
  '/tebnrisemodal': 'rise',
  '/esbnrisemodal': 'rise',
  '/tebnstorylinemodal': 'storyline',
  '/esbnstorylinemodal': 'storyline',
  '/tebnheader': 'header',
  '/esbnheader': 'header',
};

/** The review application: the maintenance flag wins, then the active-subscription guard. */
function ReviewApp({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <MaintenanceGuard>
        <RequireSubscription app="review">{children}</RequireSubscription>
      </MaintenanceGuard>
    </RequireAuth>
  );
}

/**
 * The item view (review-and-content §2): anonymous reviewers have no subscription to check and see the content
 * library's header; signed-in people go through the review app's guards and see the app's header.
 */
function ReviewContent({ itemId, tab }: { itemId: string; tab: string }) {
  const { auth, loadFeatures } = useSystem();
  const isAnonymous = useSelector(auth, (s) => s.matches('signedInAnonymously'));
  // The item view's chunk loads beside its machines (RouteGate), not after them.
  void ItemScreen.preload();
  const skeleton = <RouteSkeleton text={t('load.item')} />;
  if (isAnonymous) {
    return (
      <MaintenanceGuard>
        <RouteGate route={ItemScreen} load={loadFeatures?.item} fallback={skeleton}>
          <ItemScreen itemId={itemId} tab={tab} header={<AnonymousReviewBar />} />
        </RouteGate>
      </MaintenanceGuard>
    );
  }
  return (
    <ReviewApp>
      <RouteGate route={ItemScreen} load={loadFeatures?.item} fallback={skeleton}>
        <ItemScreen
          itemId={itemId}
          tab={tab}
          header={
            <>
              <Header />
              <RealtimeBanner />
              <SignOutConfirm />
            </>
          }
        />
      </RouteGate>
    </ReviewApp>
  );
}

/** /sandbox (staff): its chunk and the failed-jobs feature's machine load together, inside the route's skeleton. */
function SandboxRoute() {
  const { loadFeatures } = useSystem();
  void SandboxPage.preload();
  return (
    <FeatureGate load={loadFeatures?.sandbox}>
      <SandboxPage />
    </FeatureGate>
  );
}

/** The grid (folders and items): its chunk and the content and grid features' machines load together, its skeleton meanwhile. */
function GridRoute({ folderParam }: { folderParam?: string }) {
  const { loadFeatures } = useSystem();
  void GridScreen.preload();
  return (
    <RouteGate route={GridScreen} load={loadFeatures?.grid} fallback={<RouteSkeleton text={t('load.grid')} />}>
      <GridScreen folderParam={folderParam} />
    </RouteGate>
  );
}

/** /rise: the separate authoring area, on the authoring site (foundation §2). */
function RiseRedirect() {
  const { links } = useSystem();
  return <ExternalRedirectScreen to={links.authoring} text={t('access.redirecting.authoring')} destination={t('access.app.rise')} />;
}

/** The routes of foundation §2, in one place. Guards are components that read the actors. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <FlashCarrier />
      <Switch>
        <Route path="/signin" component={SignInPage} />
        <Route path="/auth-callback" component={AuthCallbackPage} />
        <Route path="/">
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        </Route>
        {/* Exact: /downloads/all belongs to another page. */}
        <Route path="/downloads">
          <RequireAuth>
            <DashboardPage dialog={{ kind: 'downloads' }} />
          </RequireAuth>
        </Route>
        {Object.entries(UPGRADE_PATHS).map(([path, placement]) => (
          <Route key={path} path={path}>
            <RequireAuth>
              <DashboardPage dialog={{ kind: 'upgrade', placement }} />
            </RequireAuth>
          </Route>
        ))}
        <Route path="/review">
          <ReviewApp>
            <GridRoute />
          </ReviewApp>
        </Route>
        {/* §2: /review/folder and /review/content go to the grid; /review/folder/{root id} too (GridScreen). */}
        <Route path="/review/folder">
          <Redirect to="/review" replace />
        </Route>
        <Route path="/review/content">
          <Redirect to="/review" replace />
        </Route>
        <Route path="/review/folder/:folderId">
          {(params) => (
            <ReviewApp>
              <GridRoute folderParam={params.folderId} />
            </ReviewApp>
          )}
        </Route>
        <Route path="/review/content/:itemId">{(params) => <Redirect to={`/review/content/${params.itemId}/review`} replace />}</Route>
        {/* Anonymous reviewers may open review content (foundation §1). */}
        <Route path="/review/content/:itemId/:tab">
          {(params) => (
            <RequireReviewer>
              <ReviewContent itemId={decodeURIComponent(params.itemId)} tab={params.tab} />
            </RequireReviewer>
          )}
        </Route>
        <Route path="/review/*">
          <RequireAuth>
            <NotFoundPage />
          </RequireAuth>
        </Route>
        <Route path="/rise">
          <RequireAuth>
            <RequireSubscription app="rise">
              <RiseRedirect />
            </RequireSubscription>
          </RequireAuth>
        </Route>
        {/* Screenshot annotation: the dialog on its own with a sample snapshot (staff). */}
        <Route path="/sandbox/annotation">
          <RequireAuth>
            <RequireStaff>
              <Suspense fallback={<LoadingScreen text={t('annotation.loading')} />}>
                <AnnotationDialogGate>
                  <AnnotationSandbox />
                </AnnotationDialogGate>
              </Suspense>
            </RequireStaff>
          </RequireAuth>
        </Route>
        <Route path="/sandbox">
          <RequireAuth>
            <RequireStaff>
              <Suspense fallback={<RouteSkeleton text={t('load.sandbox')} />}>
                <SandboxRoute />
              </Suspense>
            </RequireStaff>
          </RequireAuth>
        </Route>
        {/* Support replay viewer (staff): a session log replayed in the browser. */}
        <Route path="/support/replay">
          <RequireAuth>
            <RequireStaff>
              <LazySupportReplayPage />
            </RequireStaff>
          </RequireAuth>
        </Route>
        {/* Charts studio (staff). */}
        <Route path="/charts/:name?">
          {(params) => (
            <RequireAuth>
              <RequireStaff>
                <Suspense fallback={<LoadingScreen text={t('charts.chart.laying')} />}>
                  <ChartsPage machineName={params.name} />
                </Suspense>
              </RequireStaff>
            </RequireAuth>
          )}
        </Route>
        {/* Activation feature pages: the localization trial landing (sign-in) and all downloads (public). */}
        <Route path="/trials/localization">
          <RequireAuth>
            <Suspense fallback={<LoadingScreen text={t('common.loading')} />}>
              <TrialPage />
            </Suspense>
          </RequireAuth>
        </Route>
        <Route path="/downloads/all">
          <PublicLayout className="downloads-all">
            <Suspense fallback={<LoadingScreen text={t('downloads.loading')} />}>
              <DownloadsPage />
            </Suspense>
          </PublicLayout>
        </Route>
        {/* The authoring dashboard's pages: content pages (open to signed-out visitors) and the course import wait page (review-and-content §2). */}
        <Route path="/content/template/:id">
          {(params) => (
            <Suspense fallback={<LoadingScreen text={t('content.template.loading')} />}>
              <TemplateContentPage id={decodeURIComponent(params.id)} />
            </Suspense>
          )}
        </Route>
        <Route path="/content/character/:id">
          {(params) => (
            <Suspense fallback={<LoadingScreen text={t('content.character.loading')} />}>
              <CharacterContentPage id={decodeURIComponent(params.id)} />
            </Suspense>
          )}
        </Route>
        <Route path="/import-course/:id">
          {(params) => (
            <RequireAuth>
              <Suspense fallback={<LoadingScreen text={t('courseImport.loading')} />}>
                <CourseImportPage courseId={decodeURIComponent(params.id)} />
              </Suspense>
            </RequireAuth>
          )}
        </Route>
        {/* Any other single-segment path redirects to the dashboard. */}
        <Route path="/:segment">
          <Redirect to={withFlash('/', 'pageNotFound')} replace />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </>
  );
}
