/**
 * Every user-facing string the views show, keyed as the spec names things (dot.case).
 * `{name}`-style placeholders are filled by `t(key, { name })`.
 */
import { accessStrings } from './strings/access.ts';
import { anonStrings } from './strings/anon.ts';
import type { commentsStrings } from './strings/comments.ts';
import type { contentStrings } from './strings/content.ts';
// The content and item features' words that any page may show; the rest of their catalogues load with the grid and the item view.
import { contentSharedStrings } from './strings/contentShared.ts';
import { headerStrings } from './strings/header.ts';
import type { itemStrings } from './strings/item.ts';
import type { sandboxStrings } from './strings/sandbox.ts';
import type { commentsPanelStrings } from './strings/commentsPanel.ts';
import type { shareStrings } from './strings/share.ts';
import type { reviewRequestsStrings } from './strings/reviewRequests.ts';
import type { translationEditorStrings } from './strings/translationEditor.ts';
import type { translationStrings } from './strings/translation.ts';
import type { translationStackStrings } from './strings/translationStack.ts';
import type { translationToolsStrings } from './strings/translationTools.ts';
import type { translationAssistStrings } from './strings/translationAssist.ts';
import type { feedbackSurveyStrings } from './strings/feedbackSurvey.ts';
import type { translationMachineStrings } from './strings/translationMachine.ts';
import type { translationAssistMachineStrings } from './strings/translationAssistMachine.ts';
import type { translationVersionsStrings } from './strings/translationVersions.ts';
// The translate tab's keyboard (shortcut sheet, keyboard toasts).
import type { translationKeysStrings } from './strings/translationKeys.ts';
// The support replay viewer.
import type { supportStrings } from './strings/support.ts';
// Charts studio (/charts).
import type { chartsStrings } from './strings/charts.ts';
// LMS export of video items.
import type { lmsExportStrings } from './strings/lmsExport.ts';
// Comment export (CSV, PDF).
import type { commentExportStrings } from './strings/commentExport.ts';
// Screenshot annotation dialog.
import type { annotationStrings } from './strings/annotation.ts';
// Activation, access modal, trial, survey banner, downloads, footer, browser banner, flash bar.
import { activationStrings } from './strings/activation.ts';
// The authoring dashboard, content pages and course import.
import { authoringDashboardStrings } from './strings/authoringDashboard.ts';
// Strings by feature: the first load carries the catalogues its pages show (and `firstLoadStrings`, the few words of
// later features they show); the others load with their feature (`loadStrings`: the grid, the item view, the review tab,
// the translate tab, the share and LMS export dialogs) or, for routes not split by feature, all at once (`loadLateStrings`, strings/late.ts).
import { firstLoadStrings } from './strings/firstLoad.ts';

const coreStrings = {
  'app.skipToContent': 'Skip to main content',

  'common.loading': 'Loading…',
  // Route skeletons while a route's code loads (ui/views/screens/RouteSkeleton.tsx).
  'load.grid': 'Loading your review content…',
  'load.item': 'Loading the item…',
  'load.sandbox': 'Loading the sandbox…',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.dismiss': 'Dismiss',
  'common.opensInNewTab': '(opens in a new tab)',

  'toast.region': 'Notifications',
  'toast.reachCheckEnabledError': "We couldn't check whether Reach is enabled for your subscription.",
  'toast.checkUserHasReachAccessError': "We couldn't check your access to Reach.",
  'toast.requestReachError': "We couldn't send your Reach request. Please try again.",
  'toast.requestActivationError': "We couldn't send the activation request. Please try again.",
  'toast.requestSent': 'Request sent.',
  'toast.missingEmailError': 'Your account has no e-mail address, so the request cannot be sent.',
  'toast.updateUserRoleError': 'There was an error. Please try again later.',

  'header.homeLink': '{appName} home',
  'header.nav.label': 'Main',
  'header.nav.dashboard': 'Dashboard',
  'header.nav.rise': 'Rise',
  'header.nav.review': 'Review',
  'header.nav.notInSubscription': 'Not in your subscription',
  'header.help.button': 'Help',
  'header.help.menuLabel': 'Help menu',
  'header.help.support': 'Support',
  'header.help.training': 'Training',
  'header.help.community': 'Community',
  'header.account.menuLabel': 'Account menu',
  'header.account.menuLabelFor': '{initials}: account menu of {name}',
  'header.account.downloadSessionLog': 'Download session log',
  'header.account.signOut': 'Sign out',

  'realtime.disconnected.title': 'You are offline from live updates.',
  'realtime.disconnected.body': 'Changes made by others will not appear until you reconnect.',
  'realtime.disconnected.reconnect': 'Reconnect',
  'realtime.reconnecting': 'Reconnecting to live updates…',

  'signOut.uploads.title': 'Uploads are in progress',
  'signOut.uploads.body': 'Signing out now cancels the uploads that have not finished.',
  'signOut.uploads.confirm': 'Sign out and cancel uploads',
  'signOut.uploads.cancel': 'Keep working',

  'dashboard.title': 'Dashboard',
  'dashboard.greeting': 'Welcome, {name}',
  'dashboard.intro': 'Pick up where you left off.',
  'dashboard.apps.label': 'Apps',
  'dashboard.card.review.title': 'Review',
  'dashboard.card.review.body': 'Share courses and videos, collect comments and track feedback.',
  'dashboard.card.rise.title': 'Rise',
  'dashboard.card.rise.body': 'Build responsive lesson-based courses.',
  'dashboard.card.rise.unavailable': 'Not in your subscription',

  'review.title': 'Review',
  'review.items.label': 'Items',
  'review.empty.title': 'No items yet',
  'review.empty.body': 'Courses and videos you upload or that are shared with you appear here.',

  'auth.loading': 'Loading…',
  'auth.redirectingToSignIn': 'Redirecting to sign-in…',
  'auth.signingIn': 'Signing you in…',
  'auth.signingOut': 'Signing out…',
  'auth.error.title': 'Sign-in could not start',
  'auth.error.fallback': 'Something went wrong while signing in.',
  'auth.tryAgain': 'Try again',
  'auth.signInRequired.title': 'Sign in to continue',
  'auth.signInRequired.body': 'This page needs you to be signed in.',
  'auth.needsAccount.title': 'This page needs an account',
  'auth.needsAccount.body': 'You are reviewing as {email}. Sign in with an account to open this page.',
  'auth.needsAccount.signIn': 'Sign in',

  'auth.signOutReason.userSignOut': 'You have signed out.',
  'auth.signOutReason.sessionClosed': 'Your session was closed. Sign in again to continue.',
  'auth.signOutReason.sessionInactive': 'You were signed out because your session was inactive.',
  'auth.signOutReason.loginFailure': 'Sign-in did not complete.',
  'auth.signOutReason.accessTokenError': 'Your session could not be renewed. Please sign in again.',
  'auth.signOutReason.noSessionIndicator': 'We could not find your session. Please sign in again.',

  'signin.title': 'Sign in',
  'signin.subtitle': 'Use your account to open the dashboard.',
  'signin.button': 'Sign in',
  'signin.riseBanner': 'Sign in to continue to Rise.',
  'signin.signedInAs': 'You are signed in as {name}.',
  'signin.goToDashboard': 'Go to the dashboard',

  'authCallback.failed.title': "We couldn't sign you in",
  'authCallback.failed.body': 'The sign-in link may have expired or been used already.',
  'authCallback.tryAgain': 'Try again',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notFound.goToDashboard': 'Go to the dashboard',
} as const;

/** The catalogues the first load carries. */
const firstLoadCatalogue = { ...coreStrings, ...headerStrings, ...accessStrings, ...anonStrings, ...contentSharedStrings, ...activationStrings, ...authoringDashboardStrings, ...firstLoadStrings } as const;

/** Every catalogue's keys (the later ones only as types here). */
type AllStrings = typeof firstLoadCatalogue & typeof contentStrings & typeof itemStrings &
  typeof sandboxStrings & typeof commentsStrings & typeof commentsPanelStrings & typeof shareStrings & typeof reviewRequestsStrings &
  typeof translationStrings & typeof translationStackStrings & typeof translationToolsStrings & typeof translationEditorStrings & typeof translationMachineStrings &
  typeof translationAssistStrings & typeof feedbackSurveyStrings & typeof translationVersionsStrings & typeof translationAssistMachineStrings & typeof supportStrings &
  typeof chartsStrings & typeof lmsExportStrings & typeof commentExportStrings & typeof annotationStrings & typeof translationKeysStrings;

export type StringKey = keyof AllStrings;

/** The words known now: the first load's, then each later feature's once `loadStrings` has brought them. */
const catalogue: Record<string, string> = { ...firstLoadCatalogue };

/** The later features' catalogues, each its own chunk, loaded with the feature that shows them. */
const lateCatalogues = {
  /** The grid's and the item view's words (strings/content.ts), beyond those every page may show. */
  content: () => import('./strings/content.ts').then((m) => m.contentStrings),
  /** The item view's words (strings/item.ts), beyond those every page may show. */
  item: () => import('./strings/item.ts').then((m) => m.itemStrings),
  /** The item view's review tab: comments panel, composer, review requests (strings/reviewTab.ts). */
  reviewTab: () => import('./strings/reviewTab.ts').then((m) => m.reviewTabStrings),
  /** The translate tab (strings/translateTab.ts). */
  translateTab: () => import('./strings/translateTab.ts').then((m) => m.translateTabStrings),
  share: () => import('./strings/share.ts').then((m) => m.shareStrings),
  lmsExport: () => import('./strings/lmsExport.ts').then((m) => m.lmsExportStrings),
  /** Every later catalogue at once (strings/late.ts): the routes not split by feature. */
  late: () => import('./strings/late.ts').then((m) => m.lateStrings),
} satisfies Record<string, () => Promise<Readonly<Record<string, string>>>>;

/** A later feature whose words load with it. */
export type StringsFeature = keyof typeof lateCatalogues;

const loading = new Map<StringsFeature, Promise<void>>();
/**
 * Brings the named features' catalogues, each once (a failed load is tried again on the next call); a lazy route or
 * feature waits for its words beside its own code (ui/lazyRoute.tsx), so it never draws before its words are in.
 */
export function loadStrings(...features: StringsFeature[]): Promise<void> {
  return Promise.all(
    features.map((feature) => {
      let promise = loading.get(feature);
      if (!promise) {
        promise = lateCatalogues[feature]().then(
          (strings) => void Object.assign(catalogue, strings),
          (error: unknown) => {
            loading.delete(feature);
            throw error;
          },
        );
        loading.set(feature, promise);
      }
      return promise;
    }),
  ).then(() => undefined);
}

/** Every later feature's words (strings/late.ts), for a route that has not said which features it shows. */
export function loadLateStrings(): Promise<void> {
  return loadStrings('late');
}

// The view tests (vitest) draw any page at once, and Node tools (the benches, anything run by tsx, where
// import.meta.env does not exist) are not a first load: every catalogue from the start there. The build replaces
// import.meta.env, so in the bundle this is false and the later catalogues wait for their features.
if (import.meta.env?.MODE === undefined || import.meta.env.MODE === 'test') Object.assign(catalogue, (await import('./strings/late.ts')).lateStrings);

/** The string for `key`, with each `{var}` replaced by `vars[var]` (left as is when missing). */
export function t(key: StringKey, vars?: Record<string, string | number>): string {
  const template: string = catalogue[key] ?? key;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
