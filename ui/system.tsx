import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LinkName } from '../domain/config.ts';
import type { appMachine } from '../machines/session/appMachine.ts';
import type { authMachine } from '../machines/session/authMachine.ts';
import type { dialogsMachine } from '../machines/content/dialogsMachine.ts';
import type { dragMachine } from '../machines/content/dragMachine.ts';
import type { folderSettingsMachine } from '../machines/content/folderSettingsMachine.ts';
import type { foldersMachine } from '../machines/content/foldersMachine.ts';
import type { gridMachine } from '../machines/content/gridMachine.ts';
import type { UploadFileRef } from '../machines/items/itemEvents.ts';
import type { itemMachine } from '../machines/items/itemMachine.ts';
import type { itemNotificationsMachine } from '../machines/items/itemNotificationsMachine.ts';
import type { outboxMachine } from '../machines/session/outboxMachine.ts';
import type { failedJobsMachine } from '../machines/session/failedJobsMachine.ts';
import type { shareMachine } from '../machines/sharing/shareMachine.ts';
import type { commentsMachine } from '../machines/comments/commentsMachine.ts';
import type { requestDialogMachine } from '../machines/reviewRequests/requestDialogMachine.ts';
import type { reviewRequestsMachine } from '../machines/reviewRequests/reviewRequestsMachine.ts';
import type { translationMachine } from '../machines/translation/translationMachine.ts';
import type { memoryReportMachine } from '../machines/translation/memoryReportMachine.ts';
import type { suggestionsMachine } from '../machines/translation/suggestionsMachine.ts';
import type { surveysMachine } from '../machines/translation/surveysMachine.ts';
import type { walkthroughMachine } from '../machines/translation/walkthroughMachine.ts';
import type { itemStackMachine } from '../machines/items/itemStackMachine.ts';
import type { gridDownloadMachine } from '../machines/content/gridDownloadMachine.ts';
// LMS export of video items.
import type { lmsExportMachine } from '../machines/lmsExport/lmsExportMachine.ts';
// Comment export (CSV, PDF).
import type { commentExportMachine } from '../machines/commentExport/commentExportMachine.ts';
// The authoring dashboard.
import type { authoringDashboardMachine } from '../machines/dashboard/authoringDashboardMachine.ts';
import type { courseImportMachine } from '../machines/dashboard/courseImportMachine.ts';
import type { whatsNewMachine } from '../machines/dashboard/whatsNewMachine.ts';
import type { contentPageMachine } from '../machines/dashboard/contentPageMachine.ts';
import type { uploadsMachine } from '../machines/uploads/uploadsMachine.ts';
import type { gridPrefsStore } from '../machines/content/gridPrefsStore.ts';
import type { flagsStore } from '../machines/session/flagsStore.ts';
import type { notificationSettingsMachine } from '../machines/session/notificationSettingsMachine.ts';
import type { sandboxMachine } from '../machines/session/sandboxMachine.ts';
import type { toastsMachine } from '../machines/session/toastsMachine.ts';
import type { sessionMachine } from '../machines/session/sessionMachine.ts';
import type { dashboardMachine } from '../machines/dashboard/dashboardMachine.ts';
import type { audioDrawerMachine } from '../machines/translation/audioDrawerMachine.ts';
import type { AnnotationPrefs } from '../domain/annotation.ts';
import type { annotationDialogMachine } from '../machines/annotation/annotationDialogMachine.ts';
import type { DowntimeWindow } from '../domain/dashboard.ts';
// Activation, access modal, trial, survey banner, downloads.
import type { accessModalMachine } from '../machines/activation/accessModalMachine.ts';
import type { activationMachine } from '../machines/activation/activationMachine.ts';
import type { downloadsMachine } from '../machines/activation/downloadsMachine.ts';
import type { surveyBannerMachine } from '../machines/activation/surveyBannerMachine.ts';
import type { trialMachine } from '../machines/activation/trialMachine.ts';
import type { duplicateReviewMachine } from '../machines/translation/duplicateReviewMachine.ts';

/** Activation, access modal, trial, survey banner, downloads (ui/app/wiring/activation.ts). */
/** The activation feature's small effects; its machines run in the app system (AppSystem reachActivation … downloads). */
export interface ActivationServices {
  /** The dashboard survey banner is hidden now (its stored date is ahead; an invalid one is reset a month ahead). */
  isSurveyHidden: () => boolean;
  /** The unsupported-browser banner was dismissed in this browser. */
  isBrowserBannerDismissed: () => boolean;
  dismissBrowserBanner: () => void;
  userAgent: string;
  /** The trial page's overview video and its English captions (the video player modal). */
  trialOverview: { video: string; captions: string };
}

// Screenshot annotation: the dialog's effects.
/** An open annotation dialog's canvas, flattened at pixel ratio 2 (the view's Konva stage). */
export type AnnotationCanvasExporter = () => Promise<{ png: Blob; width: number; height: number }>;

/**
 * Around the annotation dialog (ui/app/wiring/annotation.ts; the dialog and its canvas are machines the snapshot
 * capture runs): the remembered tool settings and a fresh dialog id (sent with "Annotate"), the dialog's canvas
 * attached for the export, the provided dialog machine (the staff sandbox runs one alone), an exported PNG by file id.
 */
export interface AnnotationServices {
  loadPrefs: () => AnnotationPrefs;
  newDialogId: () => string;
  /** The view's canvas for the dialog `dialogId`; the returned function detaches it. */
  attachCanvas: (dialogId: string, exporter: AnnotationCanvasExporter) => () => void;
  /** Loads the provided dialog machine (its own chunk); absent when it is there from the start. */
  loadDialogLogic?: () => Promise<void>;
  /** The provided dialog machine, once `loadDialogLogic` has resolved. */
  readonly dialogLogic: typeof annotationDialogMachine;
  exportedFile: (fileId: string) => File | undefined;
}

/**
 * What the composition root hands to the views: the running actor system and the few
 * user-triggered effects that are not lifecycles (downloading the session log).
 */
export interface AppSystem {
  app: ActorRefFrom<typeof appMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  /** The header's and dashboard's overlays: upgrade modal, renewal alert dismissal, reach-activated banner (systemId `dashboard`). */
  dashboard: ActorRefFrom<typeof dashboardMachine>;
  flags: ActorRefFrom<typeof flagsStore>;
  notificationSettings: ActorRefFrom<typeof notificationSettingsMachine>;
  /** The sandbox's flag editor (staff tools at /sandbox). */
  sandbox: ActorRefFrom<typeof sandboxMachine>;
  /** The toasts on screen (systemId `toasts`). */
  toasts: ActorRefFrom<typeof toastsMachine>;
  /** The folder list (systemId `folders`); build the tree from `context.folders` with buildFolderTree in a memo. */
  folders: ActorRefFrom<typeof foldersMachine>;
  /** The shared-folder settings: permissions and team groups (systemId `folderSettings`). */
  folderSettings: ActorRefFrom<typeof folderSettingsMachine>;
  /** The item grid: folder, page, search, filter, items, selection (systemId `grid`). */
  grid: ActorRefFrom<typeof gridMachine>;
  /** The content dialogs, one at a time (systemId `dialogs`). */
  dialogs: ActorRefFrom<typeof dialogsMachine>;
  /** Drag and drop of items and folders (systemId `drag`). */
  drag: ActorRefFrom<typeof dragMachine>;
  /**
   * The uploads (systemId `uploads`): send `uploads.add { files: addFiles(picked), target }`; the list is
   * `context.uploads`, tag `inProgress` (spinner toast), `matches({ notice: 'open' })` + `context.unsupported`.
   */
  uploads: ActorRefFrom<typeof uploadsMachine>;
  /** The item view (systemId `item`): send `item.open` from the route; see machines/README.md. */
  item: ActorRefFrom<typeof itemMachine>;
  /** The share dialog (systemId `share`): send `share.open { itemId, canChange, origin }`; see machines/README.md. */
  share: ActorRefFrom<typeof shareMachine>;
  /** The per-item notification level popover (systemId `itemNotifications`, signed-in accounts). */
  itemNotifications: ActorRefFrom<typeof itemNotificationsMachine>;
  /** The notification outbox on /sandbox (systemId `outbox`, staff). */
  outbox: ActorRefFrom<typeof outboxMachine>;
  /** The failed background jobs on /sandbox (systemId `failedJobs`, staff): exists once the sandbox route's feature has loaded (`loadFeatures.sandbox`). */
  failedJobs: ActorRefFrom<typeof failedJobsMachine>;
  /**
   * The open item's comments (systemId `comments`); opened and closed with the item view by the composition root.
   * Composers are its children (`children['composer-new']`, composerIdOf(target)); see machines/README.md.
   */
  comments: ActorRefFrom<typeof commentsMachine>;
  /**
   * The open item's review requests (systemId `reviewRequests`); opened and closed with the item view by the
   * composition root. Selectors in machines/reviewRequests/reviewRequestsMachine.ts; see machines/README.md.
   */
  reviewRequests: ActorRefFrom<typeof reviewRequestsMachine>;
  /** The request-review dialog (systemId `requestDialog`): send `requestDialog.open {…}`; see machines/README.md. */
  requestDialog: ActorRefFrom<typeof requestDialogMachine>;
  /**
   * The translate tab of the open item (systemId `translation`); opened and closed with the item view's translate tab
   * by the composition root. Selectors (loadStatusOf, rowsOf, isSavingOf, …) in machines/translation/translationMachine.ts.
   */
  translation: ActorRefFrom<typeof translationMachine>;
  /**
   * Loads what a page needs before it draws (the machines of its features, machines/session/appMachine.ts APP_FEATURES)
   * and starts their actors: the grid waits for the content, grid and item dialogs features (dialogs … commentExport exist
   * once it has resolved), the item view for the content and item features (not the grid's), its dialogs (`share`,
   * `lmsExport`, `requestDialog`, `commentExport`) for the item dialogs feature on their first open
   * (ui/views/item/itemDialogs.ts) (ui/lazyRoute.tsx `FeatureGate`), and the item view's translate tab
   * for the translation feature (`translation`, `suggestions`, `memoryReport`, `walkthrough`, `audioDrawer`,
   * `duplicateReview`; ui/views/item/ItemTranslateTab.tsx; until then they are undefined), /sandbox for its failed
   * background jobs (`failedJobs`). A system built with every
   * actor running (view tests) leaves it out.
   */
  loadFeatures?: { grid: () => Promise<void>; item: () => Promise<void>; itemDialogs: () => Promise<void>; translation: () => Promise<void>; sandbox: () => Promise<void> };
  /**
   * Smart review (systemId `suggestions`): opened by the composition root while the translation actor has a
   * validation and the llmSuggestions flag is on. suggestionOf(snapshot, key); see machines/README.md.
   */
  suggestions: ActorRefFrom<typeof suggestionsMachine>;
  /**
   * The variant's translation-memory report (systemId `memoryReport`): opened by the composition root while the
   * translation actor has a validation and the localizationNext flag is on. reportViewOf(snapshot).
   */
  memoryReport: ActorRefFrom<typeof memoryReportMachine>;
  /** The translation surveys (systemId `surveys`), loaded at sign-in. surveyStatusOf, isSurveyVisible. */
  surveys: ActorRefFrom<typeof surveysMachine>;
  /** The feature walkthrough (systemId `walkthrough`), started by the composition root for non-owners. currentStepOf. */
  walkthrough: ActorRefFrom<typeof walkthroughMachine>;
  /**
   * The translation stack of the member item open in the item view (systemId `itemStack`): its title for the header and
   * its members for the stack sidebar, opened by the composition root. stackOf(context, itemId).
   */
  itemStack: ActorRefFrom<typeof itemStackMachine>;
  /** A video's download from the grid's item menu (systemId `gridDownload`): send gridDownload.video. */
  gridDownload: ActorRefFrom<typeof gridDownloadMachine>;
  /** The translate tab's audio drawer (systemId `audioDrawer`): audioDrawer.open / close / goTo; isAudioDrawerOpenOf. */
  audioDrawer: ActorRefFrom<typeof audioDrawerMachine>;
  /** The translate tab's duplicate review dialog (systemId `duplicateReview`): open {key} / close / goTo; duplicateReviewKeyOf. */
  duplicateReview: ActorRefFrom<typeof duplicateReviewMachine>;
  /** The LMS export dialog of a video item (systemId `lmsExport`): lmsExport.open {itemId, title, versionKey?}; ui/views/lmsExport. */
  lmsExport: ActorRefFrom<typeof lmsExportMachine>;
  /** The comments export dialog and its job (systemId `commentExport`): commentExport.open {itemId, product}; commentExportViewOf. */
  commentExport: ActorRefFrom<typeof commentExportMachine>;
  // The authoring dashboard.
  /** The dashboard's templates, webinars, onboarding check and course creation (systemId `authoringDashboard`). */
  authoringDashboard: ActorRefFrom<typeof authoringDashboardMachine>;
  /** The dashboard's what's-new carousel (systemId `whatsNew`). */
  whatsNew: ActorRefFrom<typeof whatsNewMachine>;
  /** The /import-course/{id} wait page (systemId `courseImport`): courseImport.open {courseId, userId}. */
  courseImport: ActorRefFrom<typeof courseImportMachine>;
  /** A content page, /content/template/{id} or /content/character/{id} (systemId `contentPage`). */
  contentPage: ActorRefFrom<typeof contentPageMachine>;
  /** The growth product's onboarding questions page, where an eligible person is sent from the dashboard. */
  growthQuestionsUrl: string;
  /** The annotation dialog's effects (remembered tool settings, tracked moments, dialog ids). */
  annotation: AnnotationServices;
  /** Activation, access modal, trial, survey banner, downloads: their small effects (ui/app/wiring/activation.ts). */
  activation: ActivationServices;
  // The foundation screens' lifecycles, in the app system.
  /** #activateReach's activation modal (systemId `reachActivation`): activation.open {subscriptionId, isAdmin}. */
  reachActivation: ActorRefFrom<typeof activationMachine>;
  /** The learning product's access modal (systemId `accessModal`): access.open {variant, hasEmail}. */
  accessModal: ActorRefFrom<typeof accessModalMachine>;
  /** The /trials/localization landing (systemId `trial`): trial.viewed {reducedMotion}, trial.request {kind}. */
  trial: ActorRefFrom<typeof trialMachine>;
  /** The dashboard's survey banner (systemId `surveyBanner`): survey.start {hidden} … */
  surveyBanner: ActorRefFrom<typeof surveyBannerMachine>;
  /** The /downloads/all page's load (systemId `downloads`): downloads.load, downloads.retry. */
  downloads: ActorRefFrom<typeof downloadsMachine>;
  /** The page's origin (review links: domain/sharing.ts reviewLinkFor). */
  origin: string;
  /**
   * Keeps picked or dropped files for upload (File objects never enter events) and returns what events carry:
   * `{ fileId, name, size, type }` for `uploads.add`, `uploads.retry` and `item.retryUpload`.
   */
  addFiles: (files: readonly File[]) => UploadFileRef[];
  /** The grid's remembered sidebar width and expanded folders (systemId `gridPrefs`). */
  gridPrefs: ActorRefFrom<typeof gridPrefsStore>;
  /** The clock's time (epoch ms), for relative dates in the views. */
  now: () => number;
  /** The browser's IANA time zone, read once at start; sent with the notification preference. */
  timeZone: string;
  /** Builds the gzip JSON Lines session log and saves it as a file. */
  downloadSessionLog: () => void;
  appName: string;
  /** Base addresses of the sites the dashboard links to (runtime config). */
  links: Record<LinkName, string>;
  /** The dashboard's downtime banner window (runtime config `downtime`); null: no banner. */
  downtime: DowntimeWindow | null;
}

const SystemContext = createContext<AppSystem | null>(null);

export function SystemProvider({ system, children }: { system: AppSystem; children: ReactNode }) {
  return <SystemContext.Provider value={system}>{children}</SystemContext.Provider>;
}

/** The running system; views read actors from it with `useSelector` and send events to them. */
export function useSystem(): AppSystem {
  const system = useContext(SystemContext);
  if (!system) throw new Error('useSystem() must be used inside <SystemProvider>');
  return system;
}
