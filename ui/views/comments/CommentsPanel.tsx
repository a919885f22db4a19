/**
 * The comments side panel of the review screen (review-and-content §2 "comments side panel with tabs Comments and
 * Translate", §4 comments, §6 comment permissions, §8 comment area messages, §9 sort modes and levels):
 * tabs, a toolbar (sort, show resolved, mark all read, turn comments on/off, the notification level), the comment
 * area in its state (loading skeleton, error with retry, disabled, empty, all resolved with a link to show them, or
 * the threads), an offline notice, and the new-comment box the lead plugs in through `renderComposer`.
 * Presentational: everything arrives as props (computed with the domain rules, see model.ts) and leaves as callbacks.
 */
import { Link } from 'wouter';
import { COMMENT_SORTS, type CommentAreaState, type CommentSort } from '../../../domain/comments.ts';
import type { ProductFamily } from '../../../domain/folderRoles.ts';
import { Banner, Button, Checkbox, EmptyState, InboxIcon, Menu, MenuItem, MoreIcon, ReviewIcon, Select, Skeleton, CheckIcon, DownloadIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { CommentThread, type ThreadListContext } from './CommentThread.tsx';
import { COMMENT_TRANSITION } from './editor/index.ts';
import { slideSortLabel, type ThreadViewModel } from './model.ts';
import { NotificationLevelPopover, type NotificationLevelPopoverProps } from './NotificationLevelPopover.tsx';

// ---------------------------------------------------------------------------------------------------------
// Toolbar

export interface CommentsToolbarProps {
  enableComments: boolean;
  sort: CommentSort;
  onSortChange: (sort: CommentSort) => void;
  /** Names the 'slide' sort: by slide, by lesson (rise) or by video time (video). */
  productFamily: ProductFamily | null;
  showResolved: boolean;
  onShowResolvedChange: (show: boolean) => void;
  /** Domain canMarkAllRead (comments enabled and an account). */
  canMarkAllRead: boolean;
  markingAllRead?: boolean;
  onMarkAllRead: () => void;
  /** Domain canToggleComments (the enableComments action or ownership). */
  canToggleComments: boolean;
  togglingComments?: boolean;
  onToggleComments: (enabled: boolean) => void;
  /** The per-item notification level (signed-in accounts only); null hides it. */
  notifications?: NotificationLevelPopoverProps | null;
  /** Comment export: opens the comments export dialog; null hides the Export button (§6 who may export). */
  onExportComments?: (() => void) | null;
}

/** The new-comment box's element id: the item page's "Skip to new comment" link goes there. */
export const NEW_COMMENT_ID = 'new-comment';

/**
 * "Skip to new comment" (WCAG 2.4.1): the item page's first Tab stop, shown on focus, which puts the keyboard in the
 * new-comment box past the header, the player and every thread; while the box is not there it goes to the panel.
 */
export function SkipToNewComment() {
  return (
    <a
      className="skip-link"
      href={`#${NEW_COMMENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const box = document.getElementById(NEW_COMMENT_ID);
        // The text box first (the editor, or its stand-in before ProseMirror arrives): buttons before it in the
        // composer (Annotate) are not where a new comment is written.
        const target =
          box?.querySelector<HTMLElement>('[contenteditable="true"], textarea') ??
          box?.querySelector<HTMLElement>('button, [tabindex]:not([tabindex="-1"])') ??
          document.querySelector<HTMLElement>('.comments-panel');
        target?.focus();
      }}
    >
      {t('commentsPanel.skipToNewComment')}
    </a>
  );
}

/** Sort, show resolved, mark all read, the options menu and the notification bell. */
export function CommentsToolbar({
  enableComments,
  sort,
  onSortChange,
  productFamily,
  showResolved,
  onShowResolvedChange,
  canMarkAllRead,
  markingAllRead = false,
  onMarkAllRead,
  canToggleComments,
  togglingComments = false,
  onToggleComments,
  notifications,
  onExportComments = null,
}: CommentsToolbarProps) {
  const sortLabels: Record<CommentSort, string> = { recent: t('commentsPanel.sort.recent'), slide: slideSortLabel(productFamily) };
  return (
    <div className="comments-toolbar" role="group" aria-label={t('commentsPanel.toolbar')}>
      {enableComments && (
        <>
          <Select<CommentSort>
            label={t('commentsPanel.sort.label')}
            hideLabel
            size="sm"
            className="comments-toolbar__sort"
            value={sort}
            options={COMMENT_SORTS.map((value) => ({ value, label: sortLabels[value] }))}
            onChange={onSortChange}
          />
          <Checkbox className="comments-toolbar__resolved" label={t('commentsPanel.showResolved')} checked={showResolved} onChange={(checked) => onShowResolvedChange(checked)} />
        </>
      )}
      <span className="comments-toolbar__spacer" />
      {canMarkAllRead && (
        <Button size="sm" variant="ghost" iconStart={<CheckIcon size={14} />} loading={markingAllRead} onClick={onMarkAllRead}>
          {t('commentsPanel.markAllRead')}
        </Button>
      )}
      {/* Comment export: the panel's entry to the comments export dialog. */}
      {onExportComments && (
        <button type="button" className="k-icon-button" aria-label={t('commentExport.panelButtonLabel')} title={t('commentExport.panelButtonLabel')} onClick={onExportComments}>
          <DownloadIcon size={16} />
        </button>
      )}
      {notifications && <NotificationLevelPopover {...notifications} />}
      {canToggleComments && (
        <Menu label={t('commentsPanel.moreOptions')} trigger={<MoreIcon size={16} />} align="end" triggerClassName="k-icon-button">
          <MenuItem disabled={togglingComments} onSelect={() => onToggleComments(!enableComments)}>
            {t(enableComments ? 'commentsPanel.disableComments' : 'commentsPanel.enableComments')}
          </MenuItem>
        </Menu>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The comment area: its state, or the threads

/** Where the comments are: the comments actor's state (idle draws as loading). */
export type CommentsStatus = 'idle' | 'loading' | 'error' | 'ready';

export interface CommentAreaProps extends ThreadListContext {
  status: CommentsStatus;
  errorMessage?: string | null;
  onRetry: () => void;
  /** Domain commentAreaState(all threads, enableComments, showResolved). */
  areaState: CommentAreaState;
  /** The threads to show, in display order (domain sortThreads; resolved ones left out unless shown). */
  threads: readonly ThreadViewModel[];
  canToggleComments: boolean;
  togglingComments?: boolean;
  onToggleComments: (enabled: boolean) => void;
  onShowResolvedChange: (show: boolean) => void;
  /** Heading level of the state messages, to fit the page outline. */
  headingLevel?: 2 | 3;
}

/** What a comments page (the side panel, the feedback tab) takes for its toolbar and its comment area. */
export type CommentsPageProps = CommentsToolbarProps & Omit<CommentAreaProps, 'headingLevel'>;

/** A comments page's props parted into the toolbar's and the comment area's (the toggle and show-resolved callbacks serve both). */
export function partCommentsPageProps({ enableComments, sort, onSortChange, productFamily, showResolved, canMarkAllRead, markingAllRead, onMarkAllRead, notifications, onExportComments, ...area }: CommentsPageProps) {
  const { onShowResolvedChange, canToggleComments, togglingComments, onToggleComments } = area;
  const toolbar: CommentsToolbarProps = { enableComments, sort, onSortChange, productFamily, showResolved, onShowResolvedChange, canMarkAllRead, markingAllRead, onMarkAllRead, canToggleComments, togglingComments, onToggleComments, notifications, onExportComments };
  return { toolbar, area };
}

/** A skeleton of three comments while they load, announced once. */
export function CommentsSkeleton() {
  return (
    <div className="comments-skeleton" aria-busy="true">
      <p className="k-visually-hidden" role="status">
        {t('commentsPanel.loading')}
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="comments-skeleton__row">
          <Skeleton shape="circle" width="1.75rem" height="1.75rem" />
          <div className="comments-skeleton__lines">
            <Skeleton shape="line" width="40%" height="0.75rem" />
            <Skeleton shape="line" width="90%" height="0.75rem" />
            <Skeleton shape="line" width="70%" height="0.75rem" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** §8 comment area messages, or the threads as a feed. */
export function CommentArea({
  status,
  errorMessage,
  onRetry,
  areaState,
  threads,
  canToggleComments,
  togglingComments = false,
  onToggleComments,
  onShowResolvedChange,
  headingLevel = 3,
  ...context
}: CommentAreaProps) {
  if (status === 'idle' || status === 'loading') return <CommentsSkeleton />;
  if (status === 'error') {
    return (
      <Banner
        tone="error"
        className="comments-error"
        title={t('commentsPanel.error.title')}
        action={
          <Button size="sm" onClick={onRetry}>
            {t('commentsPanel.error.retry')}
          </Button>
        }
      >
        {errorMessage}
      </Banner>
    );
  }
  if (areaState === 'disabled') {
    return (
      <EmptyState
        className="comments-state comments-state--disabled"
        headingLevel={headingLevel}
        icon={<ReviewIcon size={28} />}
        title={t('commentsPanel.disabled.title')}
        body={t('commentsPanel.disabled.body')}
        action={
          canToggleComments && (
            <Button size="sm" variant="secondary" loading={togglingComments} onClick={() => onToggleComments(true)}>
              {t('commentsPanel.enableComments')}
            </Button>
          )
        }
      />
    );
  }
  if (areaState === 'empty') {
    return (
      <EmptyState
        className="comments-state comments-state--empty"
        headingLevel={headingLevel}
        icon={<InboxIcon size={28} />}
        title={t('commentsPanel.empty.title')}
        body={t('commentsPanel.empty.body')}
      />
    );
  }
  if (areaState === 'allResolved') {
    return (
      <EmptyState
        className="comments-state comments-state--resolved"
        headingLevel={headingLevel}
        icon={<CheckIcon size={28} />}
        title={t('commentsPanel.allResolved.title')}
        body={t('commentsPanel.allResolved.body')}
        action={
          <button type="button" className="k-link-button comments-state__show" onClick={() => onShowResolvedChange(true)}>
            {t('commentsPanel.allResolved.show')}
          </button>
        }
      />
    );
  }
  return (
    <div
      role="feed"
      className="comments-feed"
      aria-label={t('commentsPanel.list')}
      style={COMMENT_TRANSITION.style}
    >
      {threads.map((thread, i) => (
        <CommentThread key={thread.parent.id} {...context} thread={thread} position={i + 1} setSize={threads.length} />
      ))}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------
// The panel

export type CommentsPanelTab = 'comments' | 'translate';

export interface CommentsPanelTabs {
  current: CommentsPanelTab;
  /** The item view with that tab, keeping the query string (§2). */
  hrefFor: (tab: CommentsPanelTab) => string;
  /** The Translate tab (translations flag and a translated item). */
  showTranslate: boolean;
}

export interface CommentsPanelProps extends CommentsPageProps {
  /**
   * The Comments | Translate tab links. Omit inside ItemLayout, whose side bar already draws them; give them
   * where the panel stands alone.
   */
  tabs?: CommentsPanelTabs | null;
  /** §8: offline shows the placeholder notice (the composer is read-only through its own reason). */
  offline: boolean;
  /** Show the new-comment box (usually whenever the comments are ready). */
  showComposer?: boolean;
  className?: string;
}

/** The side panel: tabs, toolbar, the comment area and the new-comment box. */
export function CommentsPanel({ tabs, offline, showComposer = true, className, ...props }: CommentsPanelProps) {
  const { toolbar, area } = partCommentsPageProps(props);
  const ready = area.status === 'ready';
  return (
    <section className={cx('comments-panel', className)} tabIndex={-1} aria-label={t('commentsPanel.label')} aria-busy={area.status === 'loading' || area.status === 'idle' || undefined}>
      {tabs && (
        <nav className="comments-panel__tabs" aria-label={t('commentsPanel.tabs')}>
          {(tabs.showTranslate ? (['comments', 'translate'] as const) : (['comments'] as const)).map((tab) => (
            <Link key={tab} href={tabs.hrefFor(tab)} className={cx('comments-panel__tab', tab === tabs.current && 'is-current')} aria-current={tab === tabs.current ? 'page' : undefined}>
              {t(`commentsPanel.tab.${tab}`)}
            </Link>
          ))}
        </nav>
      )}
      {ready ? (
        <CommentsToolbar {...toolbar} />
      ) : (
        // The toolbar's place while the comments load, so the list does not move down when it arrives.
        (area.status === 'loading' || area.status === 'idle') && (
          <div className="comments-toolbar comments-toolbar--placeholder" aria-hidden="true">
            <Skeleton className="comments-toolbar__sort" height="var(--control-height-sm)" />
          </div>
        )
      )}
      {offline && (
        <Banner tone="warning" className="comments-panel__offline">
          {t('commentsPanel.offline')}
        </Banner>
      )}
      <div className="comments-panel__body">
        <CommentArea {...area} headingLevel={3} />
      </div>
      {ready && showComposer && (
        <div id={NEW_COMMENT_ID} className="comments-panel__composer" aria-label={t('commentsPanel.newComment')} role="group">
          {area.renderComposer({ kind: 'new' })}
        </div>
      )}
    </section>
  );
}
