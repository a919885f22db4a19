/** Strings of the access views (merged into ../strings.ts). Keys are dot.case, as the spec names things. */
export const accessStrings = {
  'access.app.review': 'Review',
  'access.app.rise': 'Rise',

  // The active-subscription guard while the account is read, and when it could not be read.
  'access.loadingAccount': 'Loading your account…',
  'access.accountError.title': "We couldn't load your account",
  'access.accountError.body': 'Your subscription details could not be read, so we cannot open this page yet.',
  'access.accountError.tryAgain': 'Try again',
  'access.redirecting.marketing': 'Redirecting to the {app} page…',
  'access.redirecting.authoring': 'Opening Rise…',
  'access.redirecting.manual': 'Not redirected?',
  'access.redirecting.manualLink': 'Continue to {app}',

  // Blocked screens (foundation §2, §8).
  'access.blocked.label': 'Access to {app}',
  'access.expired.trialTitle': 'Your trial has ended',
  'access.expired.trialBody': 'Your free trial of {app} is over. Subscribe to keep reviewing and sharing your courses.',
  'access.expired.paidTitle': 'Your subscription has expired',
  'access.expired.paidBody': 'Your subscription has ended, so {app} is no longer available. Subscribe again to pick up where you left off.',
  'access.expired.subscribe': 'Subscribe',
  'access.addToTeam.title': "You don't have a seat on this team",
  'access.addToTeam.trialBody': 'You manage this trial, but a seat has not been assigned to you. Add yourself to the team to try {app}.',
  'access.addToTeam.paidBody': 'You manage this subscription, but a seat has not been assigned to you. Add yourself to the team to use {app}.',
  'access.addToTeam.manageTeam': 'Manage team',
  'access.addToTeam.askAdmin': 'Ask an admin of your team to assign you a seat.',
  'access.reachOnly.title': 'You are a Reach member only',
  'access.reachOnly.body': 'Your account on this team includes Reach, the learning platform, but not {app}.',
  'access.reachOnly.contactAdmin': 'To use {app}, contact an admin of your team and ask for a seat.',
  'access.reachOnly.goToReach': 'Go to Reach',
  'access.backToDashboard': 'Back to the dashboard',

  // Maintenance (foundation §2 /review).
  'access.maintenance.title': 'Review is down for maintenance',
  'access.maintenance.body': 'We are working on Review right now. Your courses and comments are safe; please check back soon.',
  'access.maintenance.frameTitle': 'Maintenance status',
  'access.maintenance.openPage': 'Open the maintenance page',

  // The desktop-app download dialog at /downloads.
  'access.downloads.title': 'Get the desktop app',
  'access.downloads.body': 'Review courses and upload content straight from your computer with the desktop app for Windows.',
  'access.downloads.download': 'Download for Windows',
  'access.downloads.close': 'Not now',

  // The auth dialog and the generic error dialog (foundation §2 dialogs).
  'access.authDialog.title': 'Sign in to continue',
  'access.authDialog.body': 'You need to sign in to do this.',
  'access.authDialog.bodyWithEmail': '{email} belongs to an account. Sign in to continue.',
  'access.authDialog.signIn': 'Sign in',
  'access.authDialog.cancel': 'Cancel',
  'access.genericError.title': 'Something went wrong',
  'access.genericError.body': 'We could not complete that. Please try again in a moment.',
  'access.genericError.ok': 'OK',

  // Dashboard hash fragments (foundation §2).
  'access.reachActivated.title': 'Reach is activated',
  'access.reachActivated.body': 'Reach is activated for your team. Your learners can now take courses on the learning platform.',
} as const;
