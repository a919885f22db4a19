/**
 * Reset and reopen (translation-editor §2 dialogs "reset translation" and "reopen completed section (revert)"; §5
 * local reset requires the path not locked): the confirmation before a segment's edit is discarded, the question
 * before a complete slide / lesson is reopened to change one of its segments, and the Reset button of an edited
 * segment (for the segment row's extras slot).
 */
import type { TranslationProduct } from '../../../../domain/translation.ts';
import { Button, ConfirmDialog, RestoreIcon, Tooltip } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { navUnitOf } from '../labels.ts';

/** What a reset goes back to: the previous version's translation (diff) or the imported one (the file's target). */
export type ResetTarget = 'previousVersion' | 'imported';

export interface ResetTranslationDialogProps {
  open: boolean;
  resetTo: ResetTarget;
  /** The version whose translation is restored (resetTo previousVersion), when known. */
  previousVersion?: number | null;
  /** The text the segment will read, shown when given. */
  resetText?: string | null;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** The reset call runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** §2 "Reset this translation?" with Reset / Cancel. */
export function ResetTranslationDialog({ open, resetTo, previousVersion, resetText, lang, dir, busy = false, onConfirm, onCancel }: ResetTranslationDialogProps) {
  const body =
    resetTo === 'imported'
      ? t('translation.resetDialog.body.imported')
      : previousVersion
        ? t('translation.resetDialog.body.previousVersion', { version: previousVersion })
        : t('translation.resetDialog.body.previousVersionUnknown');
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      danger
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={t('translation.resetDialog.title')}
      description={body}
      className="translation-dialog translation-dialog--reset"
      cancelLabel={t('translation.resetDialog.cancel')}
      confirmLabel={t('translation.resetDialog.confirm')}
    >
      {resetText !== undefined && resetText !== null && (
        <figure className="translation-conflict">
          <figcaption className="translation-conflict__caption">{t('translation.resetDialog.resetTo')}</figcaption>
          <blockquote className="translation-conflict__text" lang={lang} dir={dir}>
            {resetText}
          </blockquote>
        </figure>
      )}
    </ConfirmDialog>
  );
}

export interface ReopenSectionDialogProps {
  open: boolean;
  /** Slide (Storyline) or lesson (Rise) in the words. */
  product: TranslationProduct;
  /** The reopen call runs. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** §2 reopen completed section: "This slide is marked complete. Reopen it to change this segment?" Reopen / Cancel. */
export function ReopenSectionDialog({ open, product, busy = false, onConfirm, onCancel }: ReopenSectionDialogProps) {
  const unit = navUnitOf(product);
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={t(`translation.reopenSection.title.${unit}`)}
      description={t(`translation.reopenSection.body.${unit}`)}
      className="translation-dialog translation-dialog--reopen-section"
      cancelLabel={t('translation.reopenSection.cancel')}
      confirmLabel={t('translation.reopenSection.confirm')}
    />
  );
}

export interface SegmentResetButtonProps {
  /** What the reset goes back to (the tooltip says it). */
  resetTo: ResetTarget;
  /** Asks for the reset (the container opens the reset-translation dialog). */
  onReset: () => void;
  /** §5 a locked path cannot be reset. */
  disabled?: boolean;
}

/** "Reset" on an edited segment, with an icon and a tooltip saying what it goes back to. */
export function SegmentResetButton({ resetTo, onReset, disabled = false }: SegmentResetButtonProps) {
  const tip = resetTo === 'imported' ? t('translation.segmentReset.tooltip.imported') : t('translation.segmentReset.tooltip.previousVersion');
  return (
    <Tooltip content={tip} className="translation-reset">
      {(describedBy) => (
        <Button
          size="sm"
          variant="ghost"
          className="translation-reset__button"
          iconStart={<RestoreIcon size={14} />}
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={(event) => {
            // The button sits in the segment row, whose click starts editing.
            event.stopPropagation();
            onReset();
          }}
        >
          {t('translation.segmentReset.label')}
        </Button>
      )}
    </Tooltip>
  );
}
