import { hashValue } from '../domain/hash.ts';
import { describeNode } from './definition.ts';
import type { RegistryEntry } from './registryCases.ts';
import { sessionEntries } from './session/registry.ts';
import { contentEntries } from './content/registry.ts';
import { uploadsEntries } from './uploads/registry.ts';
import { itemsEntries } from './items/registry.ts';
import { commentsEntries } from './comments/registry.ts';
import { sharingEntries } from './sharing/registry.ts';
import { reviewRequestsEntries } from './reviewRequests/registry.ts';
import { translationEntries } from './translation/registry.ts';
import { dashboardEntries } from './dashboard/registry.ts';
// LMS export of video items.
import { lmsExportEntries } from './lmsExport/registry.ts';
// The support replay viewer (/support/replay).
import { supportEntries } from './support/registry.ts';
// Comment export (CSV, PDF): the comments export dialog and its job.
import { commentExportEntries } from './commentExport/registry.ts';
// Screenshot annotation: the dialog and its canvas tools.
import { annotationEntries } from './annotation/registry.ts';
// Activation, access modal, trial, survey banner, downloads.
import { activationEntries } from './activation/registry.ts';

/** The machines, by name, for charts, tools and tests. */
export { commentAttachmentMachine, commentPostingMachine } from './comments/commentPostingMachine.ts';
export { commentsMachine } from './comments/commentsMachine.ts';
export { audioDrawerMachine } from './translation/audioDrawerMachine.ts';
export { duplicateReviewMachine } from './translation/duplicateReviewMachine.ts';
export { commentEditorMachine } from './comments/commentEditorMachine.ts';
export { dashboardMachine } from './dashboard/dashboardMachine.ts';
export { gridPrefsMachine } from './content/gridPrefsStore.ts';
export { flagsMachine } from './session/flagsStore.ts';
export { tokenBusMachine } from './session/tokenBusMachine.ts';
export { dialogsMachine } from './content/dialogsMachine.ts';
export { dragMachine } from './content/dragMachine.ts';
export { folderSettingsMachine } from './content/folderSettingsMachine.ts';
export { foldersMachine } from './content/foldersMachine.ts';
export { gridDownloadMachine } from './content/gridDownloadMachine.ts';
export { gridMachine } from './content/gridMachine.ts';
export { itemMachine } from './items/itemMachine.ts';
export { itemNotificationsMachine } from './items/itemNotificationsMachine.ts';
export { itemStackMachine } from './items/itemStackMachine.ts';
export { requestDialogMachine } from './reviewRequests/requestDialogMachine.ts';
export { reviewRequestsMachine } from './reviewRequests/reviewRequestsMachine.ts';
export { authMachine } from './session/authMachine.ts';
export { notificationSettingsMachine } from './session/notificationSettingsMachine.ts';
export { outboxMachine } from './session/outboxMachine.ts';
export { sandboxMachine } from './session/sandboxMachine.ts';
export { sessionMachine } from './session/sessionMachine.ts';
export { socketMachine } from './session/socketMachine.ts';
export { shareMachine } from './sharing/shareMachine.ts';
export { memoryReportMachine } from './translation/memoryReportMachine.ts';
export { suggestionsMachine } from './translation/suggestionsMachine.ts';
export { surveysMachine } from './translation/surveysMachine.ts';
export { translationMachine } from './translation/translationMachine.ts';
export { walkthroughMachine } from './translation/walkthroughMachine.ts';
export { uploadMachine } from './uploads/uploadMachine.ts';
export { uploadsMachine } from './uploads/uploadsMachine.ts';
// LMS export of video items.
export { lmsExportMachine } from './lmsExport/lmsExportMachine.ts';
// Comment export (CSV, PDF).
export { commentExportMachine } from './commentExport/commentExportMachine.ts';

// The authoring dashboard: its loads and course creation, the what's-new carousel, the course import page.
export { authoringDashboardMachine } from './dashboard/authoringDashboardMachine.ts';
export { courseImportMachine } from './dashboard/courseImportMachine.ts';
export { whatsNewMachine } from './dashboard/whatsNewMachine.ts';
export { contentPageMachine } from './dashboard/contentPageMachine.ts';

// Screenshot annotation: the dialog and its canvas tools.
export { annotationDialogMachine } from './annotation/annotationDialogMachine.ts';
export { canvasMachine as annotationCanvasMachine } from './annotation/canvasMachine.ts';

// Activation, access modal, trial, survey banner, downloads.
export { accessModalMachine } from './activation/accessModalMachine.ts';
export { activationMachine } from './activation/activationMachine.ts';
export { downloadsMachine } from './activation/downloadsMachine.ts';
export { surveyBannerMachine } from './activation/surveyBannerMachine.ts';
export { trialMachine } from './activation/trialMachine.ts';

export type { EventCases, RegistryEntry } from './registryCases.ts';

// Feature machines the client loads with their chunk (machines/featureLogic.ts, appMachine.ts APP_FEATURES): tools,
// tests and replay run the app machine with them provided, so its children are real machines (made inert in replay)
// from the moment their feature's region starts them.
import { appMachine as appMachineWithStandIns } from './session/appMachine.ts';
import { registerFeatureLogic } from './featureLogic.ts';
import { dialogsMachine as dialogsFeatureMachine } from './content/dialogsMachine.ts';
import { dragMachine as dragFeatureMachine } from './content/dragMachine.ts';
import { folderSettingsMachine as folderSettingsFeatureMachine } from './content/folderSettingsMachine.ts';
import { foldersMachine as foldersFeatureMachine } from './content/foldersMachine.ts';
import { gridDownloadMachine as gridDownloadFeatureMachine } from './content/gridDownloadMachine.ts';
import { gridMachine as gridFeatureMachine } from './content/gridMachine.ts';
import { gridPrefsStore } from './content/gridPrefsStore.ts';
import { uploadsMachine as uploadsFeatureMachine } from './uploads/uploadsMachine.ts';
import { shareMachine as shareFeatureMachine } from './sharing/shareMachine.ts';
import { lmsExportMachine as lmsExportFeatureMachine } from './lmsExport/lmsExportMachine.ts';
import { requestDialogMachine as requestDialogFeatureMachine } from './reviewRequests/requestDialogMachine.ts';
import { itemMachine as itemFeatureMachine } from './items/itemMachine.ts';
import { itemNotificationsMachine as itemNotificationsFeatureMachine } from './items/itemNotificationsMachine.ts';
import { itemStackMachine as itemStackFeatureMachine } from './items/itemStackMachine.ts';
import { commentsMachine as commentsFeatureMachine } from './comments/commentsMachine.ts';
import { reviewRequestsMachine as reviewRequestsFeatureMachine } from './reviewRequests/reviewRequestsMachine.ts';
import { commentExportMachine as commentExportFeatureMachine } from './commentExport/commentExportMachine.ts';
import { surveysMachine as surveysFeatureMachine } from './translation/surveysMachine.ts';
import { translationMachine as translationFeatureMachine } from './translation/translationMachine.ts';
import { suggestionsMachine as suggestionsFeatureMachine } from './translation/suggestionsMachine.ts';
import { memoryReportMachine as memoryReportFeatureMachine } from './translation/memoryReportMachine.ts';
import { walkthroughMachine as walkthroughFeatureMachine } from './translation/walkthroughMachine.ts';
import { audioDrawerMachine as audioDrawerFeatureMachine } from './translation/audioDrawerMachine.ts';
import { duplicateReviewMachine as duplicateReviewFeatureMachine } from './translation/duplicateReviewMachine.ts';
import { failedJobsMachine as failedJobsFeatureMachine } from './session/failedJobsMachine.ts';
/** Every feature's machines by the name the app's stand-ins run (appMachine.ts APP_FEATURES). */
const featureMachines = {
  // content
  dialogs: dialogsFeatureMachine,
  uploads: uploadsFeatureMachine,
  // grid
  folders: foldersFeatureMachine,
  folderSettings: folderSettingsFeatureMachine,
  grid: gridFeatureMachine,
  gridPrefs: gridPrefsStore,
  drag: dragFeatureMachine,
  gridDownload: gridDownloadFeatureMachine,
  // itemDialogs
  share: shareFeatureMachine,
  lmsExport: lmsExportFeatureMachine,
  requestDialog: requestDialogFeatureMachine,
  commentExport: commentExportFeatureMachine,
  // item
  item: itemFeatureMachine,
  itemStack: itemStackFeatureMachine,
  itemNotifications: itemNotificationsFeatureMachine,
  comments: commentsFeatureMachine,
  reviewRequests: reviewRequestsFeatureMachine,
  surveys: surveysFeatureMachine,
  // translation
  translation: translationFeatureMachine,
  suggestions: suggestionsFeatureMachine,
  memoryReport: memoryReportFeatureMachine,
  walkthrough: walkthroughFeatureMachine,
  audioDrawer: audioDrawerFeatureMachine,
  duplicateReview: duplicateReviewFeatureMachine,
  // the sandbox's failed background jobs
  failedJobs: failedJobsFeatureMachine,
};
// A stand-in met elsewhere (the registry's own entry for charts and path generation) runs the machine itself.
registerFeatureLogic(featureMachines);
/** The root of the app's system with every feature machine provided. */
export const appMachine = appMachineWithStandIns.provide({ actors: featureMachines });

/** The one registry: charts, path generation, generated tests and replay all read it. Each feature keeps its entries beside its machines. */
export const registry: readonly RegistryEntry[] = [
  ...sessionEntries,
  ...contentEntries,
  ...uploadsEntries,
  ...itemsEntries,
  ...commentsEntries,
  ...sharingEntries,
  ...reviewRequestsEntries,
  ...translationEntries,
  ...dashboardEntries,
  // LMS export of video items.
  ...lmsExportEntries,
  // The support replay viewer (/support/replay).
  ...supportEntries,
  // Comment export (CSV, PDF).
  ...commentExportEntries,
  // Screenshot annotation: the dialog and its canvas tools.
  ...annotationEntries,
  // Activation, access modal, trial, survey banner, downloads.
  ...activationEntries,
];

/** Finds a registry entry by name. */
export function registryEntry(name: string): RegistryEntry | undefined {
  return registry.find((entry) => entry.name === name);
}

/** Hash of each machine definition, written into session-log headers so replay can tell when a chart changed. */
export function definitionHashes(): Record<string, string> {
  return Object.fromEntries(registry.map((entry) => [entry.name, hashValue(describeNode(entry.machine.root))]));
}
