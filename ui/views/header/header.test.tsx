import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { createActor } from 'xstate';
import { currentSummary, type SessionAccount } from '../../../domain/account.ts';
import { DEMO, NOW_MS, TEAM, inDays, sub, user } from '../../../domain/currentUser.fixtures.ts';
import type { CurrentUser } from '../../../domain/subscriptions.ts';
import { inert } from '../../../machines/inert.ts';
import { notificationSettingsMachine } from '../../../machines/session/notificationSettingsMachine.ts';
import { dashboardMachine } from '../../../machines/dashboard/dashboardMachine.ts';
import { SystemProvider } from '../../system.tsx';
import { TEST_LINKS, accountFor, flagsWith, renderRoute, sessionWith, testSystem, type TestSystemParts } from '../testSystem.tsx';
import { UpgradeModal } from '../upgrade/UpgradeModal.tsx';
import { ContentLibraryHeader } from './ContentLibraryHeader.tsx';
import { preloadHeaderDialogs } from './Header.tsx';
import { headerModel, isReviewArea, type HeaderModelInput } from './headerModel.ts';
import { NotificationSettingsDialog } from './NotificationSettingsDialog.tsx';
import { alertText } from './SubscriptionAlert.tsx';

/** The header of the dashboard for a current user (server-rendered; the text between tags decoded). */
function headerFor(
  currentUser: CurrentUser,
  options: { url?: string; flags?: TestSystemParts['flags']; account?: Partial<SessionAccount>; dashboard?: TestSystemParts['dashboard'] } = {},
): string {
  const html = renderRoute(options.url ?? '/', {
    session: sessionWith({ account: accountFor(currentUser, options.account) }),
    flags: options.flags ?? flagsWith(),
    ...(options.dashboard ? { dashboard: options.dashboard } : {}),
  });
  return html.replace(/&#x27;/g, "'");
}

/** The main navigation's markup. */
function navOf(html: string): string {
  return /<nav class="app-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
}


// The header's dialogs load with their first opening: loaded here so server rendering draws them.
beforeAll(() => preloadHeaderDialogs());
/** Renders a part with the test system and a router at `/`. */
function renderPart(node: React.ReactNode, parts: TestSystemParts = {}): string {
  return renderToString(
    <SystemProvider system={testSystem(parts)}>
      <Router ssrPath="/">{node}</Router>
    </SystemProvider>,
  ).replace(/&#x27;/g, "'");
}

/** The values of the radio inputs rendered checked. */
function checkedValues(html: string): string[] {
  return [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('checked=""')).map((tag) => /value="([^"]*)"/.exec(tag)?.[1] ?? '');
}

const trialFor = (days: number) => user([sub({ id: 'trial', plan: 'trial', end_date: inDays(days), renewal_date: null, total_seats: 1, available_seats: 0 })], [['seat-holder', 'trial']]);
const TEAM_ENDING = sub({ ...TEAM, end_date: inDays(10) });
const alexEnding = user([TEAM_ENDING], [['seat-holder', 'team'], ['admin', 'team']]);
const taraEnding = user([TEAM_ENDING], [['seat-holder', 'team']]);

describe('header per tier', () => {
  it('trial with more than 30 days left: buy now on the te header path, no alert', () => {
    const html = headerFor(trialFor(45));
    expect(html).toContain('href="https://marketing.example.com/buy/tebnheader?subscription=trial"');
    expect(html).toContain('>Buy now<');
    expect(html).not.toContain('subscription-alert');
  });

  it('trial with 14 days left (DEMO.trish): buy now and a renewal alert with the contact-admin message', () => {
    const html = headerFor(DEMO.trish);
    expect(html).toContain('>Buy now<');
    expect(html).toContain('Your subscription ends in 14 days.');
    expect(html).toContain('Contact your subscription admin to renew it.');
    expect(html).not.toContain('Manage renewal');
    // A renewal alert may be dismissed.
    expect(html).toContain('aria-label="Dismiss the subscription alert"');
  });

  it('a dismissed renewal alert stays gone for the page load (the dashboard actor keeps it); an expired one shows regardless', () => {
    const dismissed = () => {
      const dashboard = createActor(dashboardMachine).start();
      dashboard.send({ type: 'dashboard.dismissRenewalAlert' });
      return dashboard;
    };
    expect(headerFor(DEMO.trish, { dashboard: dismissed() })).not.toContain('Your subscription ends in 14 days.');
    expect(headerFor(DEMO.eddie, { dashboard: dismissed() })).toContain('Your subscription has expired.');
  });

  it('the subscribe modal the header opens is the dashboard actor’s: open with its placement', () => {
    const dashboard = createActor(dashboardMachine).start();
    expect(headerFor(DEMO.eddie, { dashboard })).not.toContain('Rise is not in your plan');
    dashboard.send({ type: 'dashboard.openUpgrade', placement: 'header' });
    expect(headerFor(DEMO.eddie, { dashboard })).toContain('Buy a plan to keep using Review, Rise and Storyline.');
  });

  it('expired individual plan (DEMO.eddie): an expired alert that cannot be closed, no buy now, products open the subscribe modal', () => {
    const html = headerFor(DEMO.eddie);
    expect(html).toContain('Your subscription has expired.');
    expect(html).toContain('subscription-alert--expired');
    expect(html).not.toContain('Dismiss the subscription alert');
    expect(html).not.toContain('>Buy now<');
    expect(navOf(html)).toMatch(/<button type="button" class="app-nav__link app-nav__link--button" aria-haspopup="dialog">Review<\/button>/);
    expect(navOf(html)).not.toContain('href="/review"');
  });

  it('billing admin near the end (alex): the renewal management link to billing', () => {
    const html = headerFor(alexEnding);
    expect(html).toContain('Your subscription ends in 10 days.');
    expect(html).toContain('href="https://subscriptions.example.com/subscriptions/team/billing"');
    expect(html).toContain('Manage renewal');
    expect(html).not.toContain('Contact your subscription admin');
  });

  it('seat holder without billing near the end (tara): the contact-admin message, no billing link', () => {
    const html = headerFor(taraEnding);
    expect(html).toContain('Your subscription ends in 10 days.');
    expect(html).toContain('Contact your subscription admin to renew it.');
    expect(html).not.toContain('/billing');
  });

  it('team member far from the end (DEMO.alex): products are links, no alert, no buy now, Reach for the tenant', () => {
    const html = headerFor(DEMO.alex);
    expect(navOf(html)).toContain('href="/rise"');
    expect(navOf(html)).toContain('href="/review"');
    expect(html).not.toContain('subscription-alert');
    expect(html).not.toContain('>Buy now<');
    expect(html).toContain('href="https://bridge.example.com/redirect?tenant=reach-1234" class="app-nav__link" target="_blank" rel="noopener noreferrer"');
  });

  it('Rise opens the subscribe modal when the subscription lacks it (unentitled, foundation §2)', () => {
    const noRise = { ...DEMO.tara, subscription_permissions: { team: ['use_review'] } };
    const html = headerFor(noRise);
    expect(html).toMatch(/<button type="button" class="app-nav__link app-nav__link--button" aria-haspopup="dialog">Rise<\/button>/);
    expect(navOf(html)).not.toContain('aria-disabled="true"');
    expect(navOf(html)).not.toContain('href="/rise"');
    expect(navOf(html)).toContain('href="/review"');
  });

  it('no subscription (DEMO.nora): Rise and Review open the subscribe modal', () => {
    const html = headerFor(DEMO.nora);
    expect(html).toMatch(/aria-haspopup="dialog">Rise</);
    expect(html).toMatch(/aria-haspopup="dialog">Review</);
    expect(html).toContain('href="https://bridge.example.com/redirect"');
  });

  it('shows the Training link in a new tab, hidden while the dashboard-help experiment is on', () => {
    expect(headerFor(DEMO.alex)).toContain('href="https://training.example.com" class="app-nav__link" target="_blank"');
    expect(headerFor(DEMO.alex, { flags: flagsWith({ dashboardHelpExperiment: true }) })).not.toContain('href="https://training.example.com" class="app-nav__link"');
  });

  it('keeps products as links while the account loads', () => {
    const html = renderRoute('/', { session: sessionWith('loading') });
    expect(navOf(html)).toContain('href="/rise"');
    expect(navOf(html)).toContain('href="/review"');
    expect(html).not.toContain('subscription-alert');
  });
});

describe('headerModel', () => {
  const base = (currentUser: CurrentUser, overrides: Partial<HeaderModelInput> = {}): HeaderModelInput => {
    const account = accountFor(currentUser);
    return {
      status: 'ready',
      account,
      summary: currentSummary(currentUser, NOW_MS, account.subscriptionId),
      links: TEST_LINKS,
      location: '/',
      dashboardHelpExperiment: false,
      ...overrides,
    };
  };

  it('lists notification settings in the account menu only inside the review area', () => {
    expect(headerModel(base(DEMO.alex, { location: '/' })).accountMenu).toEqual(['account', 'downloadSessionLog', 'signOut']);
    expect(headerModel(base(DEMO.alex, { location: '/review' })).accountMenu).toEqual(['account', 'notificationSettings', 'downloadSessionLog', 'signOut']);
    expect(headerModel(base(DEMO.alex, { location: '/review/content/x/review' })).accountMenu).toContain('notificationSettings');
    expect(headerModel(base(DEMO.alex, { location: '/reviews' })).accountMenu).not.toContain('notificationSettings');
  });

  it('offers "Restore staff view" only while a local staff override is set', () => {
    const withOverride = (value: boolean | null) => {
      const input = base(DEMO.alex);
      return headerModel({ ...input, account: { ...input.account!, staffOverride: value } }).accountMenu;
    };
    expect(withOverride(null)).not.toContain('restoreStaffView');
    expect(withOverride(true)).toEqual(['account', 'restoreStaffView', 'downloadSessionLog', 'charts', 'sandbox', 'replaySessionLog', 'signOut']);
    expect(withOverride(false)).toContain('restoreStaffView');
  });

  it('offers the statecharts, the sandbox tools and "Replay a session log" to staff only (the local override counts)', () => {
    const menu = (isStaff: boolean, staffOverride: boolean | null) => {
      const input = base(DEMO.alex);
      return headerModel({ ...input, account: { ...input.account!, isStaff, staffOverride } }).accountMenu;
    };
    expect(menu(true, null)).toEqual(['account', 'downloadSessionLog', 'charts', 'sandbox', 'replaySessionLog', 'signOut']);
    expect(menu(false, null)).not.toContain('replaySessionLog');
    expect(menu(false, null)).not.toContain('charts');
    expect(menu(false, null)).not.toContain('sandbox');
    expect(menu(true, false)).not.toContain('replaySessionLog');
    expect(menu(false, true)).toContain('replaySessionLog');
    expect(menu(false, true)).toContain('charts');
    expect(menu(false, true)).toContain('sandbox');
  });

  it('links the account menu to account management and the help menu to the configured sites', () => {
    const model = headerModel(base(DEMO.alex));
    expect(model.accountUrl).toBe('https://account.example.com/account');
    expect(model.help).toEqual({ support: 'https://support.example.com', training: 'https://training.example.com', community: 'https://community.example.com' });
  });

  it('decides products per tier: navigate or subscribe modal', () => {
    expect([headerModel(base(DEMO.alex)).rise, headerModel(base(DEMO.alex)).review]).toEqual(['navigate', 'navigate']);
    expect([headerModel(base(DEMO.eddie)).rise, headerModel(base(DEMO.eddie)).review]).toEqual(['subscribeModal', 'subscribeModal']);
    expect([headerModel(base(DEMO.rita)).rise, headerModel(base(DEMO.rita)).review]).toEqual(['subscribeModal', 'subscribeModal']);
    expect([headerModel(base(DEMO.nora)).rise, headerModel(base(DEMO.nora)).review]).toEqual(['subscribeModal', 'subscribeModal']);
    expect(headerModel(base(DEMO.nora, { status: 'loading', account: null, summary: null })).review).toBe('navigate');
  });

  it('shows no alert or buy now to a reach-only member', () => {
    const model = headerModel(base(DEMO.rita));
    expect(model.alert).toBeNull();
    expect(model.buyNowUrl).toBeNull();
  });

  it('knows the review area', () => {
    expect(isReviewArea('/review')).toBe(true);
    expect(isReviewArea('/review/content/1')).toBe(true);
    expect(isReviewArea('/')).toBe(false);
    expect(isReviewArea('/reviewer')).toBe(false);
  });
});

describe('subscription alert wording', () => {
  const renewal = (daysRemaining: number) => alertText({ kind: 'renewal', daysRemaining, action: { kind: 'contactAdmin' } });
  it.each([
    [30, 'Your subscription ends in 30 days.'],
    [2, 'Your subscription ends in 2 days.'],
    [1, 'Your subscription ends in 1 day.'],
    [0, 'Your subscription ends today.'],
  ])('%i days left → %s', (days, text) => {
    expect(renewal(days)).toBe(text);
  });
  it('expired', () => {
    expect(alertText({ kind: 'expired', daysRemaining: -3, action: { kind: 'contactAdmin' } })).toBe('Your subscription has expired.');
  });
});

describe('upgrade modal', () => {
  const modal = (placement: 'review' | 'rise' | 'storyline' | 'header', currentUser: CurrentUser | null) =>
    renderPart(<UpgradeModal open onClose={() => {}} placement={placement} />, currentUser ? { session: sessionWith({ account: accountFor(currentUser) }) } : {});

  it.each([
    ['review', 'Review is not in your plan'],
    ['rise', 'Rise is not in your plan'],
    ['storyline', 'Storyline is not in your plan'],
    ['header', 'Get the whole suite'],
  ] as const)('%s: explains what is missing, with Buy now and Not now', (placement, title) => {
    const html = modal(placement, { ...DEMO.alex, subscription_permissions: { team: [] } });
    expect(html).toContain(title);
    expect(html).toContain('>Buy now<');
    expect(html).toContain('>Not now<');
  });

  it('takes te paths for trial plans (and without a subscription), es paths for paid plans', () => {
    expect(modal('review', DEMO.trish)).toContain('href="https://marketing.example.com/buy/tebnreviewmodal?subscription=trial"');
    expect(modal('rise', DEMO.eddie)).toContain('href="https://marketing.example.com/buy/esbnrisemodal?subscription=expired"');
    expect(modal('storyline', DEMO.alex)).toContain('href="https://marketing.example.com/buy/esbnstorylinemodal?subscription=team"');
    expect(modal('header', null)).toContain('href="https://marketing.example.com/buy/tebnheader"');
  });

  it('says an expired plan ran out instead of calling the product missing', () => {
    const html = modal('review', DEMO.eddie);
    expect(html).toContain('Your subscription has expired');
    expect(html).toContain('Buy a plan to keep using Review.');
    expect(html).not.toContain('Review is not in your plan');
    expect(modal('header', DEMO.eddie)).toContain('Buy a plan to keep using Review, Rise and Storyline.');
  });

  it('tells a trial user what the trial includes, never that it is missing (foundation §6 account tiers)', () => {
    for (const [placement, product] of [['review', 'Review'], ['rise', 'Rise'], ['header', 'Review, Rise and Storyline']] as const) {
      const html = modal(placement, DEMO.trish);
      expect(html).toContain(`Your trial includes ${product}`);
      expect(html).toContain(`Buy a plan to keep using ${product} after your trial ends.`);
      expect(html).not.toContain('not in your plan');
    }
    const trialWithoutRise = { ...DEMO.trish, subscription_permissions: { trial: ['use_review'] } };
    expect(modal('rise', trialWithoutRise)).toContain('Rise is not in your plan');
  });

  it('renders nothing inside while closed', () => {
    expect(renderPart(<UpgradeModal open={false} onClose={() => {}} placement="review" />)).not.toContain('Buy now');
  });
});

describe('notification settings dialog', () => {
  const stored = { frequency: 'daily', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'Europe/Berlin' };
  const actorIn = (steps: Array<Record<string, unknown>>) => {
    const actor = createActor(inert(notificationSettingsMachine)).start();
    for (const step of steps) actor.send(step as never);
    return actor;
  };
  const open = { type: 'notificationSettings.open', timeZone: 'Europe/Berlin' };

  it('is closed until opened', () => {
    expect(renderPart(<NotificationSettingsDialog />)).not.toContain('E-mail me about new comments');
  });

  it('shows a loading line while the preference is read', () => {
    expect(renderPart(<NotificationSettingsDialog />, { notificationSettings: actorIn([open]) })).toContain('Loading your notification settings…');
  });

  it('offers instant, hourly and daily as a radio group with the stored one picked, the daily time in the time zone', () => {
    const html = renderPart(<NotificationSettingsDialog />, { notificationSettings: actorIn([open, { type: 'xstate.done.actor.fetchPreference', output: stored }]) });
    expect(html).toContain('<legend class="notification-settings__legend">E-mail me about new comments</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(checkedValues(html)).toEqual(['daily']);
    expect(html).toContain('One e-mail a day at 09:00 (Europe/Berlin).');
    expect(html).toContain('>Save<');
  });

  it('shows a failed read with its reason and a retry', () => {
    const html = renderPart(<NotificationSettingsDialog />, {
      notificationSettings: actorIn([open, { type: 'xstate.error.actor.fetchPreference', error: new Error('No such notifications endpoint') }]),
    });
    expect(html).toContain('We could not load your notification settings.');
    expect(html).toContain('No such notifications endpoint');
    expect(html).toContain('>Try again<');
    expect(html).not.toContain('type="radio"');
  });

  it('shows a failed save with its reason and keeps the pick', () => {
    const html = renderPart(<NotificationSettingsDialog />, {
      notificationSettings: actorIn([
        open,
        { type: 'xstate.done.actor.fetchPreference', output: stored },
        { type: 'notificationSettings.select', frequency: 'hourly' },
        { type: 'notificationSettings.save' },
        { type: 'xstate.error.actor.savePreference', error: new Error('frequency must be instant, hourly or daily') },
      ]),
    });
    expect(html).toContain('We could not save your notification settings.');
    expect(html).toContain('frequency must be instant, hourly or daily');
    expect(checkedValues(html)).toEqual(['hourly']);
  });
});

describe('content-library header', () => {
  it('shows the logo linking to /, the app name, Sign in back to this page and Start free trial on the trial page', () => {
    const html = renderToString(
      <SystemProvider system={testSystem({})}>
        <Router ssrPath="/review/content/i1/review" ssrSearch="version=2">
          <ContentLibraryHeader />
        </Router>
      </SystemProvider>,
    );
    expect(html).toMatch(/<a aria-label="Review home" href="\/" class="app-header__brand">/);
    expect(html).toContain('<span class="app-header__brand-name">Review</span>');
    expect(html).toMatch(/<a href="\/signin\?returnTo=%2Freview%2Fcontent%2Fi1%2Freview%3Fversion%3D2" class="[^"]*">Sign in<\/a>/);
    expect(html).toMatch(/<a href="\/trials\/localization" class="[^"]*">Start free trial<\/a>/);
  });
});
