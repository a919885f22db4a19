// The item view's own style sheets, loaded with its chunk (what it shares with the grid and the share dialog, the item
// view and players, the comments panel, the comment editor, review requests; of the translate tab's, what the review
// tab draws too: the stack sidebar, the panel's skeleton, the feedback survey). The translate tab's other sheets load
// with its chunk (ItemTranslate.tsx).
import '../../styles/contentShared.css';
import '../../styles/item.css';
import '../../styles/commentsPanel.css';
import '../../styles/comments.css';
import '../../styles/reviewRequests.css';
import '../../styles/translation.css';
import '../../styles/translationAssist.css';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ITEM_SIDEBAR_MAX_PERCENT, ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT } from '../../../domain/constants.ts';
import { productFamily } from '../../../domain/folderRoles.ts';
import { canChangeSharing } from '../../../domain/sharing.ts';
import { displayVersionState, failureKind, formatVersionDate, parseVersionQuery } from '../../../domain/versions.ts';
import { canDownloadBackupOf, canOpenShareOf, canRestoreOf, isUploaderOf, playerAddressOf, shownVersionOf, viewStateOf } from '../../../machines/items/itemMachine.ts';
import { Button, EmptyState } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useFlag, useFlagsReady } from '../useAccount.ts';
import { usePageTitle } from '../usePageTitle.ts';
import { openItemDialog, useItemDialogsLoaded } from '../itemDialogs.ts';
import { useFilePicker } from '../uploads/filePicker.tsx';
import {
  ItemHeader,
  ItemLayout,
  ItemLoadingView,
  OutOfDateDialog,
  PackagePlayer,
  RestoreVersionDialog,
  VideoPlayer,
  type VersionEntry,
} from './index.ts';
import { unreadCountOf } from '../../../machines/comments/commentsMachine.ts';
import { SkipToNewComment, type CommentPlace } from '../comments/index.ts';
import { ItemCommentsPanel, ItemFeedback, ItemOldVersionDialog } from './ItemComments.tsx';
import { ItemReviewRequests, useReviewerAvatars } from './ItemReviewRequests.tsx';
import { LazyItemShareDialog } from './LazyItemShareDialog.tsx';
import { ItemTranslateTab } from './ItemTranslateTab.tsx';
import { ItemStackSidebar, useStackTitle } from './ItemStackSidebar.tsx';
// Comment export (CSV, PDF).
import { LazyCommentExportDialog, useCommentExport } from '../commentExport/index.ts';
import { LmsExportDialog, openLmsExport } from '../lmsExport/index.ts';

// The item's states other than loading and ready load when the item is in one of them (the loading view meanwhile).
const itemStates = () => import('./ItemStates.tsx');
const ItemAccessDeniedView = lazy(() => itemStates().then((m) => ({ default: m.ItemAccessDeniedView })));
const ItemDeletedView = lazy(() => itemStates().then((m) => ({ default: m.ItemDeletedView })));
const ItemFailedView = lazy(() => itemStates().then((m) => ({ default: m.ItemFailedView })));
const ItemPasswordDialog = lazy(() => itemStates().then((m) => ({ default: m.ItemPasswordDialog })));
const ItemProcessingView = lazy(() => itemStates().then((m) => ({ default: m.ItemProcessingView })));
const VersionDeletedView = lazy(() => itemStates().then((m) => ({ default: m.VersionDeletedView })));

const TABS = new Set(['review', 'feedback', 'translate']);

/** /review/content/{itemId}/{tab}?{query}, keeping the other query values. */
function itemHref(itemId: string, tab: string, search: string, changes: Record<string, string | null> = {}): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) query.delete(key);
    else query.set(key, value);
  }
  const rest = query.toString();
  return `/review/content/${encodeURIComponent(itemId)}/${tab}${rest ? `?${rest}` : ''}`;
}

/**
 * The item view (review-and-content §2): reads the `item` actor and shows its load state (loading, password
 * prompt, access denied, deleted, failed to fetch) or, once loaded, the header with the version dropdown and
 * the shown version's state (processing, failed processing, deleted version) or the player with the side panel.
 * The route drives the actor: every change of item, tab or query sends `item.open`; leaving sends `item.close`.
 */
export function ItemScreen({ itemId, tab, header }: { itemId: string; tab: string; header: ReactNode }) {
  const system = useSystem();
  const { item: itemActor, timeZone } = system;
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const versionParam = query.get('version');
  const reviewRequest = query.get('reviewRequest');
  const translateFlag = useFlag('translationsTab');
  const flagsReady = useFlagsReady();
  // Until the flags are known the translate tab waits rather than redirecting on the default (off).
  const knownTab = TABS.has(tab) && (tab !== 'translate' || translateFlag || !flagsReady);

  useEffect(() => {
    // translation-editor §2: an unknown tab, or translate without the translations flag, goes to the review tab.
    if (!knownTab) navigate(itemHref(itemId, 'review', search), { replace: true });
  }, [knownTab, itemId, search, navigate]);

  useEffect(() => {
    if (!knownTab) return;
    itemActor.send({ type: 'item.open', itemId, tab, versionQuery: parseVersionQuery(versionParam), reviewRequest, password: null });
  }, [itemActor, itemId, tab, versionParam, reviewRequest, knownTab]);
  useEffect(() => () => itemActor.send({ type: 'item.close' }), [itemActor]);
  // A version number the item does not have (?version=99, ?version=abc) shows the latest: the address says so too.
  const loadedVersions = useSelector(itemActor, (s) => (s.context.item?.id === itemId ? s.context.item.versions : null));
  const unknownVersion = versionParam !== null && loadedVersions !== null && loadedVersions.length > 0 && !loadedVersions.some((v) => String(v.number) === versionParam);
  useEffect(() => {
    if (unknownVersion) navigate(itemHref(itemId, tab, search, { version: null }), { replace: true });
  }, [unknownVersion, itemId, tab, search, navigate]);

  const snapshot = useSelector(itemActor, (s) => s);
  const { context } = snapshot;
  const item = context.item;
  // A member of a translation stack shows the stack's title (§2 "title (or stack title)").
  const stackTitle = useStackTitle(itemId);
  usePageTitle(stackTitle ?? item?.title ?? t('item.title'));
  const unreadCount = useSelector(system.comments, (s) => unreadCountOf(s.context));
  const reviewers = useReviewerAvatars();
  const exportComments = useCommentExport();
  // The share, LMS export and comment export dialogs draw once their machines have loaded (on the first open of one).
  const dialogsLoaded = useItemDialogsLoaded();
  const myEmail = useSelector(system.session, (s) => s.context.user?.email ?? null);
  // A guest (anonymous reviewer) has no content to go back to.
  const isGuest = useSelector(system.auth, (s) => s.matches('signedInAnonymously'));
  // A comment's place was clicked: the player moves there (the nonce repeats a request for the same place).
  const [slideRequest, setSlideRequest] = useState<{ slideId: string; nonce: number } | null>(null);
  const [seekRequest, setSeekRequest] = useState<{ seconds: number; nonce: number } | null>(null);
  const onSeek = useCallback((place: CommentPlace) => {
    if (place.kind === 'time') setSeekRequest((previous) => ({ seconds: place.seconds, nonce: (previous?.nonce ?? 0) + 1 }));
    else setSlideRequest((previous) => ({ slideId: place.slideId, nonce: (previous?.nonce ?? 0) + 1 }));
  }, []);
  // The translate tab's active group moves the player to its slide (translation-editor §2).
  const onTranslationSlide = useCallback((slideId: string) => setSlideRequest((previous) => ({ slideId, nonce: (previous?.nonce ?? 0) + 1 })), []);
  const onSlideChanged = useCallback((slideId: string) => system.comments.send({ type: 'comments.slideChanged', slideId }), [system.comments]);
  const onTrackingChanged = useCallback((tracking: boolean) => system.comments.send({ type: 'comments.slideTracking', tracking }), [system.comments]);
  const onTimeChange = useCallback((seconds: number) => system.comments.send({ type: 'comments.videoTime', seconds }), [system.comments]);
  const retryPicker = useFilePicker({
    multiple: false,
    onFiles: (files) => {
      const [file] = system.addFiles(files.slice(0, 1));
      if (file) itemActor.send({ type: 'item.retryUpload', file });
    },
  });

  const loaded = snapshot.matches({ open: 'fetchSuccess' });
  let body: ReactNode;
  if (snapshot.matches({ open: 'unauthorized' })) {
    body = (
      <>
        <ItemLoadingView />
        <ItemPasswordDialog
          open
          wrongPassword={context.passwordError}
          busy={snapshot.hasTag('busy')}
          onSubmit={(password) => itemActor.send({ type: 'item.submitPassword', password })}
        />
      </>
    );
  } else if (snapshot.matches({ open: 'privateItemAccessDenied' })) {
    body = <ItemAccessDeniedView signInHref={context.userId ? null : '/signin'} createAccountHref={context.userId ? null : '/signin?signup=true'} />;
  } else if (snapshot.matches({ open: 'notFound' })) {
    body = <ItemDeletedView backHref={isGuest ? null : '/review'} />;
  } else if (snapshot.matches({ open: 'failedToFetch' })) {
    body = (
      <EmptyState
        title={t('item.fetchFailed.title')}
        body={t('item.fetchFailed.body')}
        action={
          <Button variant="secondary" onClick={() => itemActor.send({ type: 'item.retry' })}>
            {t('item.fetchFailed.retry')}
          </Button>
        }
      />
    );
  } else if (!loaded || !item) {
    body = <ItemLoadingView />;
  }

  if (body)
    return (
      <ItemFrame header={header}>
        <Suspense fallback={<ItemLoadingView />}>{body}</Suspense>
      </ItemFrame>
    );
  if (!item) return null;

  const shown = shownVersionOf(context);
  const view = viewStateOf(context);
  const latest = item.versions.at(-1) ?? null;
  const versions: VersionEntry[] = [...item.versions].reverse().map((version) => ({
    number: version.number,
    dateLabel: formatVersionDate(version.createdAt, timeZone),
    state: displayVersionState(version.state),
    canRestore: canRestoreOf(context, version.number),
  }));
  const isVideo = productFamily(item.product) === 'video';
  const isStory = productFamily(item.product) === 'slide';
  const downloading = snapshot.hasTag('downloading');
  const currentTab = tab === 'feedback' ? 'feedback' : null;
  const backHref = isGuest ? null : item.folderId !== null && item.folderName ? `/review/folder/${item.folderId}` : '/review';
  const backLabel = item.folderName ?? t('content.title');
  const ready = view === 'ready' && shown !== null;

  let content: ReactNode;
  if (view === 'deletedVersion' || !shown) {
    content = <VersionDeletedView latestHref={itemHref(item.id, tab, search, { version: null })} />;
  } else if (view === 'processing') {
    content = <ItemProcessingView uploadProgress={shown.state === 'uploading' ? shown.progress : null} />;
  } else if (view === 'failedProcessing') {
    content = (
      <ItemFailedView
        kind={failureKind(shown.state) ?? 'processFailed'}
        isOwner={item.isOwner}
        isUploader={isUploaderOf(context)}
        reason={shown.failureReason ?? null}
        busy={snapshot.hasTag('busy')}
        onCancel={() => itemActor.send({ type: 'item.cancelUpload' })}
        onRetry={retryPicker.open}
      />
    );
  } else {
    const address = playerAddressOf(context);
    const player = isVideo ? (
      <VideoPlayer src={address} poster={shown.posterUrl} title={item.title} onTimeChange={onTimeChange} seekRequest={seekRequest} />
    ) : (
      <PackagePlayer
        src={address}
        title={item.title}
        width={shown.meta?.player?.width ?? null}
        height={shown.meta?.player?.height ?? null}
        onSlideChanged={onSlideChanged}
        onTrackingChanged={onTrackingChanged}
        slideRequest={slideRequest}
      />
    );
    const signInHref = `/signin?returnTo=${encodeURIComponent(itemHref(item.id, tab, search))}`;
    content =
      tab === 'feedback' ? (
        <ItemFeedback meta={shown.meta} product={item.product} onSeek={(place) => {
          // From the feedback tab a place opens the review tab there.
          navigate(itemHref(item.id, 'review', search));
          onSeek(place);
        }} signInHref={signInHref} />
      ) : (
        <ItemLayout
          player={player}
          sidebarTab={tab === 'translate' ? 'translate' : 'comments'}
          hrefFor={(sidebarTab) => itemHref(item.id, sidebarTab === 'translate' ? 'translate' : 'review', search)}
          showTranslateTab={translateFlag && item.showTranslationsTab}
          maxPercent={translateFlag ? ITEM_SIDEBAR_MAX_TRANSLATE_PERCENT : ITEM_SIDEBAR_MAX_PERCENT}
        >
          {tab === 'translate' ? (
            <ItemTranslateTab
              itemId={item.id}
              latestHref={itemHref(item.id, 'translate', search, { version: null })}
              signInHref={signInHref}
              createAccountHref="/signin?signup=true"
              onSlide={onTranslationSlide}
              versions={item.versions}
            />
          ) : (
            <>
              <ItemStackSidebar itemId={item.id} />
              <ItemCommentsPanel meta={shown.meta} product={item.product} onSeek={onSeek} signInHref={signInHref} />
            </>
          )}
        </ItemLayout>
      );
  }

  const itemHeader = (
    <ItemHeader
      mode={tab === 'feedback' ? 'feedback' : 'review'}
      title={stackTitle ?? item.title}
      backHref={backHref}
      backLabel={backLabel}
      versions={versions}
      currentVersion={shown?.number ?? latest?.number ?? 1}
      versionHref={(number) => itemHref(item.id, tab, search, { version: String(number) })}
      onRestoreVersion={(number) => itemActor.send({ type: 'item.askRestore', version: number })}
      onShare={
        canOpenShareOf(context)
          ? () => openItemDialog(system, () => system.share.send({ type: 'share.open', itemId: item.id, canChange: canChangeSharing(item), origin: system.origin }))
          : null
      }
      feedbackHref={context.userId ? itemHref(item.id, 'feedback', search) : null}
      currentTab={currentTab}
      unreadCount={unreadCount}
      reviewers={reviewers}
      reviewRequest={<ItemReviewRequests ownerEmail={item.isOwner ? myEmail : null} />}
      closeHref={itemHref(item.id, 'review', search)}
      exports={{
        backup: isStory && ready && canDownloadBackupOf(context) ? { onSelect: () => itemActor.send({ type: 'item.downloadBackup' }), preparing: downloading } : null,
        // §6 item menu "download (video)": the owner, or those whose folder role views items (the service checks the same).
        video: isVideo && ready && (item.isOwner || item.actions.includes('viewItem')) ? { onSelect: () => itemActor.send({ type: 'item.downloadVideo' }), preparing: downloading } : null,
        // §6 export comments: an account, the item, ownership or a folder role that views it.
        comments: exportComments ? { onSelect: exportComments } : null,
        // §6 export to LMS: a video item, its owner or a folder role with exportToLms (the service checks the same).
        lms:
          isVideo && ready && (item.isOwner || item.actions.includes('exportToLms'))
            ? { onSelect: () => openItemDialog(system, () => openLmsExport(system, { itemId: item.id, title: item.title, versionKey: shown?.package.key ?? null })) }
            : null,
      }}
    />
  );

  return (
    <ItemFrame header={header} skipLink={ready && tab === 'review' ? <SkipToNewComment /> : null}>
      {itemHeader}
      <div className="item-page__body">
        <Suspense fallback={<ItemLoadingView />}>{content}</Suspense>
      </div>
      {retryPicker.input}
      {dialogsLoaded && (
        <>
          <LazyItemShareDialog itemTitle={item.title} />
          <LazyCommentExportDialog />
          <LmsExportDialog />
        </>
      )}
      <ItemOldVersionDialog />
      <OutOfDateDialog
        open={context.outOfDate && !!latest && !!shown}
        newerVersion={latest?.number ?? 1}
        currentVersion={shown?.number ?? 1}
        onView={() => navigate(itemHref(item.id, tab, search, { version: null }))}
        onStay={() => itemActor.send({ type: 'item.dismissOutOfDate' })}
      />
      <RestoreVersionDialog
        open={context.restoreAsked !== null}
        version={context.restoreAsked ?? 1}
        nextNumber={item.versions.length + 1}
        busy={snapshot.hasTag('busy')}
        onConfirm={() => {
          itemActor.send({ type: 'item.confirmRestore' });
          // The new latest version is shown once the server answers.
          navigate(itemHref(item.id, tab, search, { version: null }));
        }}
        onCancel={() => itemActor.send({ type: 'item.cancelRestore' })}
      />
    </ItemFrame>
  );
}

/** The page around the item view: its skip link (to the new comment), the app's header (or the anonymous reviewer's) and the main landmark. */
function ItemFrame({ header, skipLink = null, children }: { header: ReactNode; skipLink?: ReactNode; children: ReactNode }) {
  return (
    <div className="app-shell">
      {skipLink}
      {header}
      <main id="main" className="page item-page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
