import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { preloadLazyRoutes } from '../routes.tsx';
import { preloadHeaderDialogs } from './header/Header.tsx';
import { createActor } from 'xstate';
import { DEMO, inDays, sub, TEAM, TRIAL, user } from '../../domain/currentUser.fixtures.ts';
import { inert } from '../../machines/inert.ts';
import { sandboxMachine } from '../../machines/session/sandboxMachine.ts';
import { dashboardMachine } from '../../machines/dashboard/dashboardMachine.ts';
import { SystemProvider } from '../system.tsx';
import { RequireSubscription } from './guards/RequireSubscription.tsx';
import { AuthDialog } from './screens/AuthDialog.tsx';
import { dashboardHashOf } from './screens/dashboardHash.ts';
import { GenericErrorDialog } from './screens/GenericErrorDialog.tsx';
import { accountFor, authIn, flagsWith, renderRoute, renderRouteResult, sessionWith, testSystem } from './testSystem.tsx';

// The upgrade modal belongs to the header work; here only which placement a path opens matters.
vi.mock('./upgrade/UpgradeModal.tsx', () => ({
  UpgradeModal: ({ open, placement }: { open: boolean; placement: string }) => <div data-testid="upgrade-modal" data-open={String(open)} data-placement={placement} />,
}));

const ready = (currentUser: Parameters<typeof accountFor>[0], overrides: Parameters<typeof accountFor>[1] = {}) =>
  sessionWith({ account: accountFor(currentUser, overrides) });

/** An admin of the team without a seat (admin role only). */
const ADAM = user([TEAM], [['admin', 'team']], { first_name: 'Adam', last_name: 'Adminonly', email: 'adam.adminonly@example.com' });
/** A seat holder whose trial ran out. */
const TRIAL_ENDED = user([sub({ id: 'trial-ended', plan: 'trial', end_date: inDays(-3), renewal_date: null })], [['seat-holder', 'trial-ended']]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Lazy routes draw their skeleton until their chunk has loaded, and the header's dialogs nothing: load them so the pages themselves render.
beforeAll(() => Promise.all([preloadLazyRoutes(), preloadHeaderDialogs()]));

describe('active-subscription guard on /review', () => {
  it('lets a running trial in (DEMO.trish)', () => {
    const html = renderRoute('/review', { session: ready(DEMO.trish) });
    expect(html).toContain('My content');
  });

  it('shows the paid expired wording with a subscribe button to the buy page (DEMO.eddie)', () => {
    const html = renderRoute('/review', { session: ready(DEMO.eddie) });
    expect(html).toContain('Your subscription has expired');
    expect(html).not.toContain('Your trial has ended');
    expect(html).toContain('href="https://marketing.example.com/buy?subscription=expired"');
    expect(html).toContain('>Subscribe<');
    expect(html).not.toContain('My content');
    // Inside the normal layout: the header's main landmark target is there.
    expect(html).toContain('id="main"');
  });

  it('shows the trial expired wording for a trial that ran out', () => {
    const html = renderRoute('/review', { session: ready(TRIAL_ENDED) });
    expect(html).toContain('Your trial has ended');
    expect(html).toContain('href="https://marketing.example.com/buy?subscription=trial-ended"');
  });

  it('shows add-to-team with team management to an admin without a seat', () => {
    const html = renderRoute('/review', { session: ready(ADAM) });
    expect(html).toContain('You don&#x27;t have a seat on this team');
    expect(html).toContain('You manage this subscription');
    expect(html).toContain('href="https://subscriptions.example.com/subscriptions/team/team"');
    expect(html).toContain('Manage team');
  });

  it('uses the trial body of add-to-team on a trial', () => {
    const html = renderRoute('/review', { session: ready(user([TRIAL], [['admin', 'trial']])) });
    expect(html).toContain('You manage this trial');
  });

  it('shows the reach-only screen with the bridge link for the tenant (DEMO.rita)', () => {
    const html = renderRoute('/review', { session: ready(DEMO.rita) });
    expect(html).toContain('You are a Reach member only');
    expect(html).toContain('contact an admin of your team');
    expect(html).toContain('href="https://bridge.example.com/redirect?tenant=reach-1234"');
  });

  it('sends a person without a subscription to the marketing page of the app (DEMO.nora)', () => {
    const html = renderRoute('/review', { session: ready(DEMO.nora) });
    expect(html).toContain('Redirecting to the Review page…');
    expect(html).toContain('href="https://marketing.example.com/review"');
    expect(html).not.toContain('My content');
  });

  it('shows the loading screen while the account is read', () => {
    expect(renderRoute('/review', { session: sessionWith('loading') })).toContain('Loading your account…');
  });

  it('shows a retryable error with the session message when the account could not be read', () => {
    const session = sessionWith({ failed: 'Failed to fetch permissions for user' });
    const html = renderRoute('/review', { session });
    expect(html).toContain('We couldn&#x27;t load your account');
    expect(html).toContain('Failed to fetch permissions for user');
    expect(html).toContain('Try again');
    // The button's event is one the session takes in this state.
    expect(session.getSnapshot().can({ type: 'session.retry' })).toBe(true);
    session.send({ type: 'session.retry' });
    expect(session.getSnapshot().matches({ loggedIn: { account: 'fetching' } })).toBe(true);
  });

  it('logs an unknown app name and renders nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(
      <SystemProvider system={testSystem({ session: ready(DEMO.alex) })}>
        <RequireSubscription app="storyline">
          <p>secret</p>
        </RequireSubscription>
      </SystemProvider>,
    );
    expect(html).toBe('');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('unknown app "storyline"'));
  });
});

describe('maintenance', () => {
  it('wins over the subscription guard on /review', () => {
    const html = renderRoute('/review', { session: ready(DEMO.eddie), flags: flagsWith({ maintenanceMode: true }) });
    expect(html).toContain('Review is down for maintenance');
    expect(html).toContain('<iframe');
    expect(html).toContain('src="https://marketing.example.com/maintenance"');
    expect(html).not.toContain('blocked-screen');
  });

  it('shows before the account is read, and on item paths', () => {
    expect(renderRoute('/review', { session: sessionWith('loading'), flags: flagsWith({ maintenanceMode: true }) })).toContain('Review is down for maintenance');
    expect(renderRoute('/review/content/abc/review', { session: ready(DEMO.trish), flags: flagsWith({ maintenanceMode: true }) })).toContain(
      'Review is down for maintenance',
    );
  });

  it('is off by default', () => {
    expect(renderRoute('/review', { session: ready(DEMO.trish), flags: flagsWith({}) })).not.toContain('maintenance');
  });
});

describe('/rise', () => {
  it('sends an entitled person to the authoring site', () => {
    const html = renderRoute('/rise', { session: ready(DEMO.trish) });
    expect(html).toContain('Opening Rise…');
    expect(html).toContain('href="https://authoring.example.com"');
  });

  it('runs the same guard for rise', () => {
    expect(renderRoute('/rise', { session: ready(DEMO.eddie) })).toContain('Your subscription has expired');
    expect(renderRoute('/rise', { session: ready(DEMO.nora) })).toContain('href="https://marketing.example.com/rise"');
  });
});

describe('dashboard routes', () => {
  it('opens the desktop download dialog over the dashboard on /downloads', () => {
    const html = renderRoute('/downloads', { session: ready(DEMO.alex) });
    expect(html).toContain('Welcome, Alex');
    expect(html).toContain('Get the desktop app');
    expect(html).toContain('href="https://marketing.example.com/downloads/desktop/windows"');
    expect(html).toContain('href="/downloads/all"');
    expect(renderRoute('/', { session: ready(DEMO.alex) })).not.toContain('Get the desktop app');
  });

  it('gives /downloads/all its own page, not the dashboard or Page not found', () => {
    const html = renderRoute('/downloads/all');
    expect(html).not.toContain('Page not found');
    expect(html).not.toContain('Get the desktop app');
  });

  it.each([
    ['/tebnreviewmodal', 'review'],
    ['/esbnreviewmodal', 'review'],
    ['/tebnrisemodal', 'rise'],
    ['/esbnrisemodal', 'rise'],
    ['/tebnstorylinemodal', 'storyline'],
    ['/esbnstorylinemodal', 'storyline'],
    ['/tebnheader', 'header'],
    ['/esbnheader', 'header'],
  ])('%s shows the dashboard with the %s upgrade modal open', (path, placement) => {
    const html = renderRoute(path);
    expect(html).toContain('Welcome, Alex');
    expect(html).toContain(`data-testid="upgrade-modal" data-open="true" data-placement="${placement}"`);
  });

  it('opens no upgrade modal on the dashboard itself', () => {
    expect(renderRoute('/')).not.toContain('data-open="true"');
  });

  it('shows the Reach activated banner once the dashboard actor has read #reachActivated, not for #activateReach', () => {
    const read = (hash: 'reachActivated' | 'activateReach') => {
      const dashboard = createActor(dashboardMachine).start();
      dashboard.send({ type: 'dashboard.hashRead', hash });
      return dashboard;
    };
    expect(renderRoute('/', { dashboard: read('reachActivated') })).toContain('Reach is activated');
    expect(renderRoute('/', { dashboard: read('activateReach') })).not.toContain('Reach is activated');
    expect(renderRoute('/')).not.toContain('Reach is activated');
  });

  it('reads only the two dashboard hashes', () => {
    expect(dashboardHashOf('#activateReach')).toBe('activateReach');
    expect(dashboardHashOf('#reachActivated')).toBe('reachActivated');
    expect(dashboardHashOf('')).toBeNull();
    expect(dashboardHashOf('#reachactivated')).toBeNull();
    expect(dashboardHashOf('#other')).toBeNull();
  });
});

describe('redirects', () => {
  it('sends /review/content/{id} to its review tab', () => {
    expect(renderRouteResult('/review/content/item-42').redirectTo).toBe('/review/content/item-42/review');
  });

  it('shows the item view (loading first) on an item tab', () => {
    const result = renderRouteResult('/review/content/item-42/review', { session: ready(DEMO.trish) });
    expect(result.redirectTo).toBeNull();
    expect(result.html).toContain('class="item-loading"');
    expect(result.html).toContain('class="page item-page"');
  });

  it('sends any other single-segment path to /, with the flash message saying the address does not exist', () => {
    expect(renderRouteResult('/whatever').redirectTo).toBe('/?flash=pageNotFound');
    expect(renderRouteResult('/trials').redirectTo).toBe('/?flash=pageNotFound');
    expect(renderRouteResult('/').redirectTo).toBeNull();
  });
});

describe('/sandbox', () => {
  function sandboxReady(subscriptionId: string | null) {
    const sandbox = createActor(inert(sandboxMachine)).start();
    sandbox.send({ type: 'sandbox.open', subscriptionId });
    sandbox.send({
      type: 'xstate.done.actor.loadFlags',
      output: { subscriptionId, subscription: subscriptionId ? { maintenanceMode: true } : null, global: { annotationTool: true } },
    } as never);
    return sandbox;
  }

  it('sends non-staff to /, with the flash message saying the page is for staff', () => {
    const result = renderRouteResult('/sandbox', { session: ready(DEMO.alex) });
    expect(result.redirectTo).toBe('/?flash=staffOnly');
    expect(result.html).not.toContain('Feature flags');
  });

  it('sends staff who chose to preview as non-staff to /', () => {
    expect(renderRouteResult('/sandbox', { session: ready(DEMO.alex, { isStaff: true, staffOverride: false }) }).redirectTo).toBe('/?flash=staffOnly');
  });

  it('waits for the account, and lets a non-staff person whose override says staff in', () => {
    expect(renderRoute('/sandbox', { session: sessionWith('loading') })).toContain('Loading your account…');
    expect(renderRouteResult('/sandbox', { session: ready(DEMO.alex, { staffOverride: true }) }).redirectTo).toBeNull();
  });

  it('shows staff every flag with its default, effective, subscription and global values', () => {
    const result = renderRouteResult('/sandbox', { session: ready(DEMO.alex, { isStaff: true }), sandbox: sandboxReady('team') });
    expect(result.redirectTo).toBeNull();
    const html = result.html;
    expect(html).toContain('Current subscription: Demo Team');
    for (const key of ['maintenanceMode', 'fullSignOut', 'interFontRelease', 'dashboardHelpExperiment']) expect(html).toContain(`<code class="sandbox-flags__key">${key}</code>`);
    expect(html).toContain('aria-label="Maintenance mode for this subscription"');
    expect(html).toMatch(/role="switch" aria-checked="true" aria-label="Maintenance mode for this subscription"/);
    expect(html).toMatch(/role="switch" aria-checked="false" aria-label="Maintenance mode globally"/);
    expect(html).toMatch(/role="switch" aria-checked="true" aria-label="Annotation tool globally"/);
    expect(html).toContain('Preview as non-staff');
    expect(html).toContain('Restore staff view');
  });

  it('offers only global changes without a subscription', () => {
    const html = renderRoute('/sandbox', { session: ready(DEMO.nora, { isStaff: true }), sandbox: sandboxReady(null) });
    expect(html).toContain('only global values can be changed');
    expect(html).not.toContain('for this subscription');
    expect(html).toContain('aria-label="Maintenance mode globally"');
  });

  it('marks the saving row and explains a refused save on its row', () => {
    const sandbox = sandboxReady('team');
    sandbox.send({ type: 'sandbox.setFlag', key: 'serverSnapshots', scope: 'global', value: true });
    let html = renderRoute('/sandbox', { session: ready(DEMO.alex, { isStaff: true }), sandbox });
    expect(html).toContain('Saving…');
    expect(html).toMatch(/aria-disabled="true"[^>]*class="sandbox-switch/);
    sandbox.send({ type: 'xstate.error.actor.saveFlag', error: { name: 'HttpError', status: 403, message: 'Only staff may do this.' } } as never);
    html = renderRoute('/sandbox', { session: ready(DEMO.alex, { isStaff: true }), sandbox });
    expect(html).not.toContain('Saving…');
    expect(html).toContain('role="alert">Only staff may change feature flags.');
  });

  it('shows a failed read with Try again', () => {
    const sandbox = createActor(inert(sandboxMachine)).start();
    sandbox.send({ type: 'sandbox.open', subscriptionId: 'team' });
    sandbox.send({ type: 'xstate.error.actor.loadFlags', error: { name: 'HttpError', status: 0, message: 'The service could not be reached.' } } as never);
    const html = renderRoute('/sandbox', { session: ready(DEMO.alex, { isStaff: true }), sandbox });
    expect(html).toContain('The feature flags could not be read.');
    expect(html).toContain('The service could not be reached.');
    expect(html).toContain('Try again');
  });
});

describe('dialogs', () => {
  const inSystem = (node: ReactNode) => renderToString(<SystemProvider system={testSystem({ auth: authIn('ready') })}>{node}</SystemProvider>);

  it('the auth dialog asks to sign in, with Sign in and Cancel', () => {
    const html = inSystem(<AuthDialog open onClose={() => {}} email="reviewer@example.com" onSignIn={() => {}} />);
    expect(html).toContain('Sign in to continue');
    expect(html).toContain('reviewer@example.com belongs to an account');
    expect(html).toContain('>Sign in<');
    expect(html).toContain('>Cancel<');
    expect(inSystem(<AuthDialog open={false} onClose={() => {}} onSignIn={() => {}} />)).not.toContain('Sign in to continue');
  });

  it('the generic error dialog has generic text unless given a message', () => {
    expect(inSystem(<GenericErrorDialog open onClose={() => {}} />)).toContain('We could not complete that.');
    expect(inSystem(<GenericErrorDialog open onClose={() => {}} message="The file is too large." />)).toContain('The file is too large.');
  });
});
