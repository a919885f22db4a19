import { useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AuthCallbackPage } from './views/AuthCallbackPage.tsx';
import { DashboardPage } from './views/DashboardPage.tsx';
import { NotFoundPage } from './views/NotFoundPage.tsx';
import { RequireAuth } from './views/RequireAuth.tsx';
import { ReviewPage } from './views/ReviewPage.tsx';
import { SignInPage } from './views/SignInPage.tsx';

/** Scroll to top on route change (foundation §9). */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** The routes of foundation §2, in one place. Guards are components that read the auth actor. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Switch>
        <Route path="/signin" component={SignInPage} />
        <Route path="/auth-callback" component={AuthCallbackPage} />
        <Route path="/">
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        </Route>
        <Route path="/review">
          <RequireAuth>
            <ReviewPage />
          </RequireAuth>
        </Route>
        <Route path="/review/*">
          <RequireAuth>
            <NotFoundPage />
          </RequireAuth>
        </Route>
        {/* Any other single-segment path redirects to the dashboard. */}
        <Route path="/:segment">
          <Redirect to="/" replace />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </>
  );
}
