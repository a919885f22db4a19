/**
 * The item header (review-and-content §2 "Item header"): back link, title, version dropdown, Share and Feedback
 * tabs, reviewer avatars, the review-request button, export menu and user menu; in feedback mode only title,
 * version, export menu and Close. Presentational: which versions may be restored, which exports exist and the
 * formatted dates arrive as props.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { VersionDisplayState } from '../../../domain/items.ts';
import { Avatar, ChevronDownIcon, ChevronLeftIcon, DownloadIcon, Menu, MenuItem, Popover, RestoreIcon, Spinner, buttonClass, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** §9 "avatars show 4 plus overflow". */
export const REVIEWER_AVATARS_SHOWN = 4;

/** One version as the dropdown lists it. */
export interface VersionEntry {
  /** 1-based, oldest first (the `version` query). */
  number: number;
  /** Already formatted: 'MM/DD/YYYY at h:mm A' (§9). */
  dateLabel: string;
  /** Display state (`uploaded` already shown as processing); anything but ready is named in the list. */
  state: VersionDisplayState;
  /** A Restore action for this version (never the latest; ownership or restoreItem; decided by the caller). */
  canRestore: boolean;
}

/** The words for a version's display state. */
export function versionStateLabel(state: VersionDisplayState): string {
  return t(`item.version.state.${state}`);
}

export interface VersionListProps {
  versions: readonly VersionEntry[];
  /** The version shown now: marked current. */
  currentNumber: number;
  /** The item view at that version (keeps the rest of the query). */
  hrefFor: (number: number) => string;
  onRestore?: (number: number) => void;
  /** A version link or Restore was used (the popup closes). */
  onDone?: () => void;
}

/** The versions newest first: 'Version N', its date, its state when not ready, Restore where allowed. */
export function VersionList({ versions, currentNumber, hrefFor, onRestore, onDone }: VersionListProps) {
  const newestFirst = [...versions].sort((a, b) => b.number - a.number);
  return (
    <ul className="version-list">
      {newestFirst.map((version) => {
        const current = version.number === currentNumber;
        return (
          <li key={version.number} className={cx('version-list__row', current && 'is-current')}>
            <Link href={hrefFor(version.number)} className="version-list__link" aria-current={current ? 'true' : undefined} onClick={() => onDone?.()}>
              <span className="version-list__name">
                {t('item.version.label', { number: version.number })}
                {current && <span className="version-list__current">{t('item.version.current')}</span>}
              </span>
              <span className="version-list__date">{version.dateLabel}</span>
              {version.state !== 'ready' && (
                <span className={cx('version-list__state', `version-list__state--${version.state}`)}>{versionStateLabel(version.state)}</span>
              )}
            </Link>
            {version.canRestore && onRestore && (
              <button
                type="button"
                className={buttonClass('ghost', 'sm', 'version-list__restore')}
                aria-label={t('item.version.restoreLabel', { number: version.number })}
                onClick={() => {
                  onDone?.();
                  onRestore(version.number);
                }}
              >
                <RestoreIcon size={14} />
                {t('item.version.restore')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export interface VersionPickerProps extends Omit<VersionListProps, 'onDone'> {
  className?: string;
}

/** The version dropdown: a button 'Version N' opening the version list. */
export function VersionPicker({ versions, currentNumber, hrefFor, onRestore, className }: VersionPickerProps) {
  return (
    <Popover
      className={cx('version-picker', className)}
      triggerClassName={buttonClass('secondary', 'sm', 'version-picker__button')}
      triggerLabel={t('item.version.choose', { number: currentNumber })}
      title={t('item.version.menu')}
      trigger={
        <>
          <span>{t('item.version.label', { number: currentNumber })}</span>
          <ChevronDownIcon size={14} />
        </>
      }
    >
      {(close) => <VersionList versions={versions} currentNumber={currentNumber} hrefFor={hrefFor} onRestore={onRestore} onDone={close} />}
    </Popover>
  );
}

/** A reviewer as the avatars show them. */
export interface ReviewerAvatar {
  id: string;
  name: string;
  email?: string;
  avatarUrl?: string | null;
}

export interface ReviewerAvatarsProps {
  reviewers: readonly ReviewerAvatar[];
  /** How many show before '+N'; 4 (§9). */
  max?: number;
}

/** The first four reviewers' avatars and '+N' for the rest (§2, §9). */
export function ReviewerAvatars({ reviewers, max = REVIEWER_AVATARS_SHOWN }: ReviewerAvatarsProps) {
  if (reviewers.length === 0) return null;
  const shown = reviewers.slice(0, max);
  const more = reviewers.length - shown.length;
  return (
    <ul className="reviewer-avatars" aria-label={t('item.header.reviewers')}>
      {shown.map((person) => (
        <li key={person.id} className="reviewer-avatars__item" title={person.name || person.email}>
          <Avatar name={person.name} email={person.email} src={person.avatarUrl ?? undefined} size="sm" />
        </li>
      ))}
      {more > 0 && (
        <li className="reviewer-avatars__item reviewer-avatars__more">
          <span aria-hidden="true">+{more}</span>
          <span className="k-visually-hidden">{t('item.header.moreReviewers', { count: more })}</span>
        </li>
      )}
    </ul>
  );
}

/** An export entry: shown when given; `preparing` while the file is not ready yet (§4 backups: created → ready). */
export interface ExportEntry {
  onSelect: () => void;
  preparing?: boolean;
}

export interface ExportMenuProps {
  /** Download project backup (saved as '{title}.story' by the owner of the download). */
  backup?: ExportEntry | null;
  /** Download video (video items only). */
  video?: ExportEntry | null;
  /** Export comments… (the comments export dialog; review-and-content §2, §6). */
  comments?: ExportEntry | null;
  /** Export to LMS… (video items; the LMS export dialog; review-and-content §2, §6). */
  lms?: ExportEntry | null;
}

/** One line of the export menu. */
interface ExportMenuLine {
  key: string;
  entry: ExportEntry;
  label: string;
  preparingLabel?: string;
}

/** The export menu; nothing when it has no entries. A preparing entry is disabled and the button spins. */
export function ExportMenu(props: ExportMenuProps) {
  const { backup, video, comments, lms } = props;
  // The menu's entries in order, one line each; an entry shows when its prop is given.
  const lines = [
    backup && { key: 'backup', entry: backup, label: t('item.export.backup'), preparingLabel: t('item.export.backupPreparing') },
    video && { key: 'video', entry: video, label: t('item.export.video'), preparingLabel: t('item.export.videoPreparing') },
    comments && { key: 'comments', entry: comments, label: t('item.export.comments') },
    lms && { key: 'lms', entry: lms, label: t('item.export.lms') },
  ].filter((line): line is ExportMenuLine => Boolean(line));
  if (lines.length === 0) return null;
  const preparing = lines.find((line) => line.entry.preparing)?.preparingLabel ?? '';
  return (
    <div className="export-menu">
      <Menu
        align="end"
        label={t('item.header.exportMenu')}
        triggerClassName={buttonClass('secondary', 'sm', 'export-menu__button')}
        trigger={
          <>
            {preparing ? <Spinner size="sm" decorative /> : <DownloadIcon size={14} />}
            <span>{t('item.header.export')}</span>
            <ChevronDownIcon size={14} />
          </>
        }
      >
        {lines.map(({ key, entry, label, preparingLabel }) => (
          <MenuItem key={key} onSelect={entry.onSelect} disabled={entry.preparing} icon={entry.preparing ? <Spinner size="sm" decorative /> : <DownloadIcon size={16} />}>
            {entry.preparing && preparingLabel ? preparingLabel : label}
          </MenuItem>
        ))}
      </Menu>
      <span role="status" className="k-visually-hidden">
        {preparing}
      </span>
    </div>
  );
}

export type ItemHeaderTab = 'share' | 'feedback';

export interface ItemHeaderProps {
  /** Feedback mode shows only the title, version, export menu and Close (§2). */
  mode?: 'review' | 'feedback';
  /** The item's title, or the stack's title. */
  title: string;
  /** Back to the item's folder, or to the grid; null for a guest, who has no content (the page's header carries the brand). */
  backHref: string | null;
  /** The folder's name, or 'My content' for the grid. */
  backLabel: string;
  versions: readonly VersionEntry[];
  currentVersion: number;
  versionHref: (number: number) => string;
  /** Restore asked for (the caller confirms with RestoreVersionDialog). */
  onRestoreVersion?: (number: number) => void;
  /** Share opens the share dialog (§2 share tab); hidden when null. */
  onShare?: (() => void) | null;
  /** The Feedback tab's link; hidden when null. */
  feedbackHref?: string | null;
  currentTab?: ItemHeaderTab | null;
  /** Unread comments: a bubble on the Feedback tab. */
  unreadCount?: number;
  reviewers?: readonly ReviewerAvatar[];
  /** The review-request button (next issues), or null. */
  reviewRequest?: ReactNode;
  exports?: ExportMenuProps;
  /** The user menu, or null. */
  userMenu?: ReactNode;
  /** Feedback mode: Close goes back to the review tab. */
  closeHref?: string;
}

/** The header of the item view. */
export function ItemHeader({
  mode = 'review',
  title,
  backHref,
  backLabel,
  versions,
  currentVersion,
  versionHref,
  onRestoreVersion,
  onShare,
  feedbackHref,
  currentTab = null,
  unreadCount = 0,
  reviewers = [],
  reviewRequest,
  exports = {},
  userMenu,
  closeHref,
}: ItemHeaderProps) {
  const titleId = useId();
  const feedback = mode === 'feedback';
  return (
    <header className={cx('item-header', feedback && 'item-header--feedback')} aria-labelledby={titleId}>
      {!feedback && backHref !== null && (
        <Link href={backHref} className="item-header__back" aria-label={t('item.header.back', { name: backLabel })}>
          <ChevronLeftIcon size={16} />
          <span className="item-header__back-label">{backLabel}</span>
        </Link>
      )}
      <h1 id={titleId} className="item-header__title" title={title}>
        {title}
      </h1>
      <VersionPicker versions={versions} currentNumber={currentVersion} hrefFor={versionHref} onRestore={feedback ? undefined : onRestoreVersion} />
      <span className="item-header__spacer" />
      {!feedback && (onShare || feedbackHref) && (
        <nav className="item-tabs" aria-label={t('item.header.tabs')}>
          {onShare && (
            <button type="button" className={cx('item-tabs__tab', currentTab === 'share' && 'is-current')} aria-haspopup="dialog" onClick={onShare}>
              {t('item.header.share')}
            </button>
          )}
          {feedbackHref && (
            <Link href={feedbackHref} className={cx('item-tabs__tab', currentTab === 'feedback' && 'is-current')} aria-current={currentTab === 'feedback' ? 'page' : undefined}>
              {t('item.header.feedback')}
              {unreadCount > 0 && (
                <span className="item-tabs__bubble">
                  <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
                  <span className="k-visually-hidden">
                    {unreadCount === 1 ? t('item.header.unread.one') : t('item.header.unread.other', { count: unreadCount })}
                  </span>
                </span>
              )}
            </Link>
          )}
        </nav>
      )}
      {!feedback && <ReviewerAvatars reviewers={reviewers} />}
      {!feedback && reviewRequest}
      <ExportMenu {...exports} />
      {!feedback && userMenu}
      {feedback && closeHref && (
        <Link href={closeHref} className={buttonClass('secondary', 'sm', 'item-header__close')}>
          {t('item.header.close')}
        </Link>
      )}
    </header>
  );
}
