/**
 * Course updates (translation-editor §2): the "Course updates (N)" button with its popover ("This course was
 * updated…", Review updates / Dismiss; the machine stores the dismissal date in user storage), and the header of the
 * course-updates view mode ("Update N <group>", "2 of 5 update groups complete", Close with its Escape hint).
 * Escape itself closes the mode through {@link handleCourseUpdatesKey}, which the panel's key handler calls.
 */
import { Button, CloseIcon, cx, LayersIcon } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { handleEscapeKey, type PanelKeyEvent } from '../TranslationPanel.tsx';

export interface CourseUpdatesButtonProps {
  /** §3 showCourseUpdates: nothing is drawn without it. */
  show: boolean;
  /** The number of updated (added or changed) segments. */
  count: number;
  /** The 1-based version that brought the updates (the version shown). */
  version: number;
  /** The course-updates view mode is on (the button shows pressed). */
  active?: boolean;
  /** The popover is shown (showCourseUpdates and not dismissed: the machine's selector). */
  popoverOpen: boolean;
  /** Opens course-updates mode (the button and the popover's Review updates). */
  onOpen: () => void;
  /** The popover's Dismiss (and Escape in it). */
  onDismiss: () => void;
}

/** §2 the course updates button, with its popover anchored below it while `popoverOpen`. */
export function CourseUpdatesButton({ show, count, version, active = false, popoverOpen, onOpen, onDismiss }: CourseUpdatesButtonProps) {
  if (!show) return null;
  return (
    <div className="translation-updates">
      <Button
        size="sm"
        variant={active ? 'primary' : 'secondary'}
        className="translation-updates__button"
        iconStart={<LayersIcon size={16} />}
        aria-pressed={active}
        aria-label={t('translation.updates.buttonLabel', { count })}
        onClick={onOpen}
      >
        {t('translation.updates.button', { count })}
      </Button>
      {popoverOpen && !active && <CourseUpdatesPopover count={count} version={version} onReview={onOpen} onDismiss={onDismiss} />}
    </div>
  );
}

export interface CourseUpdatesPopoverProps {
  count: number;
  version: number;
  onReview: () => void;
  onDismiss: () => void;
}

/**
 * The popover's panel: a non-modal hint that does not take focus (it appears on load); Escape inside it dismisses.
 */
export function CourseUpdatesPopover({ count, version, onReview, onDismiss }: CourseUpdatesPopoverProps) {
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-label={t('translation.updates.popover.title')}
      className="translation-updates__popover"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDismiss();
        }
      }}
    >
      <p className="translation-updates__popover-title">
        {t('translation.updates.popover.title')}
      </p>
      <p className="translation-updates__popover-body">
        {count === 1 ? t('translation.updates.popover.bodyOne', { version }) : t('translation.updates.popover.body', { count, version })}
      </p>
      <div className="translation-updates__popover-actions">
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {t('translation.updates.popover.dismiss')}
        </Button>
        <Button size="sm" variant="primary" onClick={onReview}>
          {t('translation.updates.popover.review')}
        </Button>
      </div>
    </div>
  );
}

export interface CourseUpdatesHeaderProps {
  /** The current update group's title ("Update 2 Welcome"), null when there is none. */
  groupTitle: string | null;
  /** 1-based place of the current update group. */
  position: { index: number; total: number } | null;
  /** Update groups complete over all. */
  progress: { complete: number; total: number };
  onClose: () => void;
}

/** §2 the course-updates mode's header: title, the current "Update N" group, progress, Close (Esc). */
export function CourseUpdatesHeader({ groupTitle, position, progress, onClose }: CourseUpdatesHeaderProps) {
  return (
    <header className="translation-updates-header" aria-label={t('translation.updates.header.label')}>
      <div className="translation-updates-header__top">
        <h2 className="translation-updates-header__title">{t('translation.updates.header.title')}</h2>
        <Button
          size="sm"
          variant="ghost"
          className="translation-updates-header__close"
          iconStart={<CloseIcon size={16} />}
          aria-keyshortcuts="Escape"
          onClick={onClose}
        >
          {/* Named by its visible text (WCAG 2.5.3), what it closes spoken after it; the key is aria-keyshortcuts. */}
          {t('translation.updates.header.close')}
          <span className="k-visually-hidden"> {t('translation.updates.header.closeWhat')}</span>
          <kbd className="translation-kbd" aria-hidden="true">
            {t('translation.updates.header.closeHint')}
          </kbd>
        </Button>
      </div>
      {progress.total === 0 ? (
        <p className="translation-updates-header__meta">{t('translation.updates.header.empty')}</p>
      ) : (
        <div className="translation-updates-header__meta">
          {groupTitle && <p className="translation-updates-header__group">{groupTitle}</p>}
          <p className={cx('translation-updates-header__progress', progress.complete >= progress.total && 'is-complete')}>
            {position && <span>{t('translation.updates.header.position', { index: position.index, total: position.total })} · </span>}
            {t('translation.updates.header.progress', { complete: progress.complete, total: progress.total })}
          </p>
        </div>
      )}
    </header>
  );
}

/**
 * §2 "escape closes course-updates validation": call from the panel's key handler while in course-updates mode.
 * Left alone inside text entry (the segment editor's Escape cancels the edit) and when already handled.
 */
export function handleCourseUpdatesKey(event: Pick<PanelKeyEvent, 'key' | 'target' | 'defaultPrevented' | 'preventDefault'>, onClose: () => void): boolean {
  return handleEscapeKey(event, onClose);
}
