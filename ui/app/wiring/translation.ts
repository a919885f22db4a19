import { fromPromise } from 'xstate';
import { canTranslateContent } from '../../../domain/roles.ts';
import {
  SKIP_REOPEN_CONFIRM_STORAGE_KEY,
  SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY,
  UPDATES_POPOVER_DISMISSED_STORAGE_KEY,
  WALKTHROUGH_DONE_STORAGE_KEY,
  type PreviousValidationResponse,
} from '../../../domain/translation.ts';
import { isWalkthroughShown, TRANSLATION_WALKTHROUGH_STEPS } from '../../../domain/translationAssist.ts';
import { shownVersionOf, viewStateOf } from '../../../machines/items/itemMachine.ts';
import { memoryReportMachine, type MemoryReportSubject } from '../../../machines/translation/memoryReportMachine.ts';
import { suggestionsMachine, type SuggestionsSubject } from '../../../machines/translation/suggestionsMachine.ts';
import { loadStatusOf, translationMachine, type TranslationSubject } from '../../../machines/translation/translationMachine.ts';
import { parsedFileOf } from '../../../machines/translation/translationRules.ts';
import { walkthroughMachine } from '../../../machines/translation/walkthroughMachine.ts';
import type { TranslationClient } from '../../../adapters/translation.ts';
import { whenIdle } from '../../../adapters/translationFiles.ts';
import { reportError, subjectTeller, type Adapters, type Running } from './common.ts';
import { rememberedFiles, rememberFile } from './translationPrefetch.ts';

/**
 * The translation editor: the validation calls on the review API; the file and the language map on the CDN. The saved
 * batches go one after another (translation-editor §5, §7). Its tools: smart review (no caching, 120 s time-out,
 * aborted when the fetch child stops), the memory report, surveys over the review API; the walkthrough's time stamp in
 * storage.
 */
export function translationActors(a: Adapters) {
  const { translationClient, storage, clock } = a;
  const translation = translationMachine.provide({
    actors: {
      fetchStack: fromPromise(({ input }) => translationClient.stack(input)),
      fetchValidation: fromPromise(({ input }) => translationClient.validation(input)),
      fetchFile: fromPromise(async ({ input }) => {
        const file = await translationClient.file(input.path);
        // The bench measures from here to the segment table on screen (mark 'translation:interactive' in ItemTranslate).
        performance.mark('translation:file');
        return file;
      }),
      fetchLanguageMap: fromPromise(({ input }) => translationClient.languageMap(input.displayLocale)),
      saveChanges: fromPromise(({ input }) => translationClient.saveChanges(input)),
      getSegments: fromPromise(({ input }) => translationClient.getSegments(input)),
      // PUT progress answers 204: the time it was recorded is the clock's (the push that follows carries the server's).
      completeGroup: fromPromise(async ({ input }) => {
        await translationClient.completeGroup(input);
        return { updatedAt: new Date(clock.now()).toISOString() };
      }),
      reopenGroup: fromPromise(({ input }) => translationClient.reopenGroup(input)),
      resetSegment: fromPromise(({ input }) => translationClient.resetSegment(input)),
      // The version diff: the previous version's validation (checked in the machine); its file comes through fetchFile.
      fetchPreviousValidation: fromPromise(async ({ input }) => (await translationClient.previousValidation(input)) as PreviousValidationResponse),
    },
    actions: {
      reportError,
      storeSkipReopenConfirm: (_, params) => storage.set(SKIP_REOPEN_CONFIRM_STORAGE_KEY, params.value ? 'true' : 'false'),
      storeSkipSaveAllConfirm: (_, params) => storage.set(SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY, params.at),
      storeUpdatesPopoverDismissed: (_, params) => storage.set(UPDATES_POPOVER_DISMISSED_STORAGE_KEY, params.at),
    },
  });
  const suggestions = suggestionsMachine.provide({
    actors: { fetchSuggestion: fromPromise(({ input, signal }) => translationClient.suggestions(input.request, signal)) },
    actions: { reportError },
  });
  const memoryReport = memoryReportMachine.provide({
    actors: {
      fetchMemoryReport: fromPromise(({ input }) => translationClient.memoryReport(input.validationId, input.pass)),
      requestMemoryReport: fromPromise(({ input }) => translationClient.requestMemoryReport(input.validationId, input.pass)),
    },
    actions: { reportError },
  });
  const walkthrough = walkthroughMachine.provide({
    actions: { storeWalkthroughDone: (_, params) => storage.set(WALKTHROUGH_DONE_STORAGE_KEY, params.at) },
  });
  return { translation, suggestions, memoryReport, walkthrough };
}

/**
 * Once the system runs, in this order: the editor's stored settings and its subject; the tools that follow its
 * validation; the walkthrough; the file prefetch. (The surveys hear sign-in and sign-out from the session machine.)
 */
export function connectTranslation(running: Running, translationClient: TranslationClient) {
  connectEditor(running);
  connectTools(running);
  connectWalkthrough(running);
  connectFilePrefetch(running, translationClient);
}

/**
 * The item's file is tens of MB, read after the item, the stack and the validation, one after the other. The file of
 * the item's latest version is remembered when the editor reads it (translationPrefetch.ts); when the route opens the
 * translate tab of an item whose file is remembered, reading it starts at once (the CDN needs no token), beside all
 * that, and the editor's fetchFile takes it over (a cold load of the address starts it earlier still, in createSystem). Dropped when the
 * item's latest version turns out to be another, when the editor reads another file, or when the route leaves the tab.
 * The machines are not involved: they see the file arrive through fetchFile as always (and the session log with them).
 */
function connectFilePrefetch({ actor, observe, storage }: Running, client: TranslationClient) {
  const itemRef = actor('item');
  const translationRef = actor('translation');
  // The model of a prefetched file is built when the page is next idle (it waits on the network for the item, the stack
  // and the validation), not when the file reaches the editor: parsedFileOf keeps it for the file's decoded value,
  // which the editor's fetchFile then hands to the machine.
  let modelBuiltFor = '';
  const buildModelEarly = (path: string) => {
    if (modelBuiltFor === path) return;
    modelBuiltFor = path;
    void client.prefetchedFile(path)?.then((raw) => {
      if (raw !== undefined) whenIdle(() => void parsedFileOf(raw));
    });
  };
  // The editor's context changes on every keystroke: the storage is read only when the file read is a new one.
  let rememberedLast = '';
  const remember = () => {
    const { subject, translationFilePath, targetLocale } = translationRef.getSnapshot().context;
    if (!subject?.isLatestVersion || !translationFilePath || !targetLocale || rememberedLast === `${subject.itemId} ${translationFilePath}`) return;
    rememberedLast = `${subject.itemId} ${translationFilePath}`;
    rememberFile(storage, subject.itemId, { versionId: subject.versionId, path: translationFilePath, targetLocale });
  };
  const prefetch = () => {
    const { route, item } = itemRef.getSnapshot().context;
    const { subject, translationFilePath } = translationRef.getSnapshot().context;
    // Until the item view opens, a file prefetched as the app started stands.
    if (!route) return;
    if (route.tab !== 'translate' || route.versionQuery || (translationFilePath && subject?.itemId === route.itemId)) {
      client.prefetchFile(null);
      return;
    }
    const known = rememberedFiles(storage)[route.itemId];
    const latest = item?.id === route.itemId ? item.versions.at(-1)?.id : undefined;
    const path = known && (latest === undefined || latest === known.versionId) ? known.path : null;
    client.prefetchFile(path);
    if (path) buildModelEarly(path);
  };
  // A file prefetched as the app started (createSystem) has its model built from now on, before the item has come.
  const early = client.prefetching();
  if (early) buildModelEarly(early);
  prefetch();
  observe(itemRef, prefetch);
  observe(translationRef, () => {
    remember();
    prefetch();
  });
}

/**
 * "Don't ask again" on the reopen confirmation is read once (the machine's storeSkipReopenConfirm writes it); the
 * translate tab of a loaded item with a ready version opens the translation actor, anything else closes it. Who is
 * looking (and whether they may translate) comes from the session.
 */
function connectEditor({ actor, observe, storage }: Running) {
  const translationRef = actor('translation');
  const itemRef = actor('item');
  const sessionRef = actor('session');
  translationRef.send({
    type: 'translation.settingsLoaded',
    skipReopenConfirm: storage.get(SKIP_REOPEN_CONFIRM_STORAGE_KEY) === 'true',
    skipSaveAllConfirm: storage.get(SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY),
    updatesPopoverDismissedAt: storage.get(UPDATES_POPOVER_DISMISSED_STORAGE_KEY),
  });
  const tellTranslation = subjectTeller<TranslationSubject>((subject) => {
    if (subject) translationRef.send({ type: 'translation.open', ...subject });
    else translationRef.send({ type: 'translation.close' });
  });
  const tellTranslationAboutItem = () => {
    const snapshot = itemRef.getSnapshot();
    const { item: detail, userId, password, route } = snapshot.context;
    const shown = shownVersionOf(snapshot.context);
    const account = sessionRef.getSnapshot().context.account?.currentUser ?? null;
    const sessionUser = sessionRef.getSnapshot().context.user;
    const subject: TranslationSubject | null =
      snapshot.matches({ open: 'fetchSuccess' }) && detail && shown && route?.tab === 'translate' && viewStateOf(snapshot.context) === 'ready'
        ? {
            itemId: detail.id,
            versionId: shown.id,
            versionNumber: shown.number,
            isLatestVersion: detail.versions.at(-1)?.id === shown.id,
            pass: password,
            userId,
            email: userId ? (account?.email ?? sessionUser?.email ?? null) : null,
            canTranslate: !!account && Object.keys(account.subscription_permissions).some((id) => canTranslateContent(account, id)),
            previousVersionId: detail.versions[detail.versions.findIndex((v) => v.id === shown.id) - 1]?.id ?? null,
          }
        : null;
    tellTranslation(subject);
  };
  tellTranslationAboutItem();
  observe(itemRef, tellTranslationAboutItem);
  observe(sessionRef, tellTranslationAboutItem);
}

/**
 * Smart review (llmSuggestions flag) and the variant's memory report (localizationNext flag) open once the translation
 * actor has its validation, and close with it; the app forwards memoryReportUpdated.
 */
function connectTools({ actor, observe }: Running) {
  const translationRef = actor('translation');
  const flagsRef = actor('flags');
  const suggestionsRef = actor('suggestions');
  const memoryReportRef = actor('memoryReport');
  const tellSuggestions = subjectTeller<SuggestionsSubject>((subject) => {
    if (subject) suggestionsRef.send({ type: 'suggestions.open', ...subject });
    else suggestionsRef.send({ type: 'suggestions.close' });
  });
  const tellMemoryReport = subjectTeller<MemoryReportSubject>((subject) => {
    if (subject) memoryReportRef.send({ type: 'memoryReport.open', ...subject });
    else memoryReportRef.send({ type: 'memoryReport.close' });
  });
  const tellToolsAboutTranslation = () => {
    const { context } = translationRef.getSnapshot();
    const flags = flagsRef.getSnapshot().context.values;
    const loaded = context.validationId !== null && context.targetLocale !== null && context.stack !== null && context.subject !== null;
    const suggestionsSubject: SuggestionsSubject | null =
      loaded && flags.llmSuggestions
        ? { validationId: context.validationId!, sourceLocale: context.stack!.sourceLocale, targetLocale: context.targetLocale!, pass: context.subject!.pass }
        : null;
    tellSuggestions(suggestionsSubject);
    const reportSubject: MemoryReportSubject | null = loaded && flags.localizationNext ? { validationId: context.validationId!, pass: context.subject!.pass } : null;
    tellMemoryReport(reportSubject);
  };
  tellToolsAboutTranslation();
  observe(translationRef, tellToolsAboutTranslation);
  observe(flagsRef, tellToolsAboutTranslation);
}

/**
 * The walkthrough (§6 shown to non-owners): once per page load, when a signed-in non-owner's translation has loaded
 * and the tour was never finished or dismissed (WALKTHROUGH_DONE_STORAGE_KEY; the machine's action stores it).
 */
function connectWalkthrough({ actor, observe, storage }: Running) {
  const translationRef = actor('translation');
  const itemRef = actor('item');
  const walkthroughRef = actor('walkthrough');
  let walkthroughOffered = false;
  const offerWalkthrough = () => {
    if (walkthroughOffered || loadStatusOf(translationRef.getSnapshot()) !== 'TRANSLATION_FETCHED') return;
    const detail = itemRef.getSnapshot().context.item;
    const signedIn = translationRef.getSnapshot().context.subject?.userId != null;
    if (!detail || !isWalkthroughShown({ isOwner: detail.isOwner, doneAt: storage.get(WALKTHROUGH_DONE_STORAGE_KEY), signedIn })) return;
    walkthroughOffered = true;
    walkthroughRef.send({ type: 'walkthrough.start', steps: [...TRANSLATION_WALKTHROUGH_STEPS] });
  };
  offerWalkthrough();
  observe(translationRef, offerWalkthrough);
}

/**
 * The translate tab's dialogs kept in machines (the audio drawer, the duplicate review, the segment review false door):
 * they close with the tab, when the translation actor closes (another tab or page); the duplicate review also with its
 * segment's editor.
 */
export function connectTranslateDialogs({ actor, observe }: Running) {
  const translationRef = actor('translation');
  const surveysRef = actor('surveys');
  const audioDrawerRef = actor('audioDrawer');
  const duplicateReviewRef = actor('duplicateReview');
  const closeTranslateDialogs = () => {
    const translationSnapshot = translationRef.getSnapshot();
    const reviewed = duplicateReviewRef.getSnapshot();
    if (reviewed.matches('open') && translationSnapshot.context.editing?.key !== reviewed.context.key) duplicateReviewRef.send({ type: 'duplicateReview.close' });
    if (!translationSnapshot.matches('closed')) return;
    if (audioDrawerRef.getSnapshot().matches('open')) audioDrawerRef.send({ type: 'audioDrawer.close' });
    if (!surveysRef.getSnapshot().matches({ segmentReview: 'closed' })) surveysRef.send({ type: 'surveys.closeSegmentReview' });
  };
  observe(translationRef, closeTranslateDialogs);
}
