/**
 * Duplicates (translation-editor §2 duplicate-segment banner, duplicate review placeholder dialog, save-to-all
 * dialog; §4 save-to-all suppression; §5 duplicates, "Save to all is disabled when there is no new value"). All of it
 * is behind the duplicate-segments flag: the container passes `enabled`. Counts are of *formatting* duplicates
 * (same text and markup, so one translation fits them all); plain-text duplicates with other formatting are only
 * mentioned.
 */
import { useState } from 'react';
import { Banner, Button, Checkbox, ConfirmDialog, CopyIcon, Dialog, EmptyState } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface DuplicateBannerProps {
  /** The duplicate-segments flag. */
  enabled: boolean;
  /** Other segments with this text and formatting. No banner below 1. */
  count: number;
  onShowDuplicates: () => void;
}

/** "This text appears in N other segments." with Show; for the segment being edited. */
export function DuplicateBanner({ enabled, count, onShowDuplicates }: DuplicateBannerProps) {
  if (!enabled || count < 1) return null;
  return (
    <Banner
      tone="info"
      announce={false}
      className="translation-duplicates-banner"
      action={
        <Button size="sm" variant="ghost" onClick={onShowDuplicates}>
          {t('translationTools.duplicates.show')}
        </Button>
      }
    >
      {count === 1 ? t('translationTools.duplicates.bannerOne') : t('translationTools.duplicates.banner', { count })}
    </Banner>
  );
}

/** A duplicate as the review dialog lists it: plain texts. */
export interface DuplicateEntry {
  key: string;
  groupTitle: string;
  source: string;
  /** The current target (saved value or original). */
  target: string;
}

export interface DuplicateReviewDialogProps {
  open: boolean;
  /** The other segments with the same text and formatting. */
  duplicates: readonly DuplicateEntry[];
  /** Plain-text duplicates whose formatting differs (not changed by save to all). */
  differentFormatting: number;
  /** Target text direction and language. */
  dir: 'ltr' | 'rtl';
  lang: string;
  onGoTo: (key: string) => void;
  onClose: () => void;
}

/** §2 duplicate review placeholder dialog: the duplicates, each with Go to. */
export function DuplicateReviewDialog({ open, duplicates, differentFormatting, dir, lang, onGoTo, onClose }: DuplicateReviewDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      title={t('translationTools.duplicates.title')}
      description={t('translationTools.duplicates.description')}
      className="translation-dialog translation-dialog--duplicates"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('translationTools.duplicates.close')}
        </Button>
      }
    >
      {duplicates.length === 0 ? (
        <EmptyState headingLevel={3} title={t('translationTools.duplicates.empty')} className="translation-duplicates__empty" />
      ) : (
        <ul className="translation-duplicates__list">
          {duplicates.map((entry) => (
            <li key={entry.key} className="translation-duplicates__item">
              <div className="translation-duplicates__texts">
                <span className="translation-duplicates__group">{entry.groupTitle}</span>
                <span className="translation-duplicates__source">
                  <span className="k-visually-hidden">{t('translationTools.duplicates.source')}: </span>
                  {entry.source}
                </span>
                <span className="translation-duplicates__target" lang={lang} dir={dir}>
                  <span className="k-visually-hidden">{t('translationTools.duplicates.target')}: </span>
                  {entry.target.trim() === '' ? <em>{t('translationTools.duplicates.emptyTarget')}</em> : entry.target}
                </span>
              </div>
              <Button size="sm" variant="ghost" aria-label={t('translationTools.duplicates.goToLabel', { group: entry.groupTitle })} onClick={() => onGoTo(entry.key)}>
                {t('translationTools.duplicates.goTo')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {differentFormatting > 0 && <p className="translation-duplicates__note">{t('translationTools.duplicates.differentFormatting', { count: differentFormatting })}</p>}
    </Dialog>
  );
}

export interface SaveToAllButtonProps {
  enabled: boolean;
  /** Other segments the value would also go to; no button below 1. */
  count: number;
  /** §5 disabled when there is no new value. */
  hasNewValue: boolean;
  busy?: boolean;
  onClick: () => void;
}

/** "Save to all" for the editor's action row. */
export function SaveToAllButton({ enabled, count, hasNewValue, busy = false, onClick }: SaveToAllButtonProps) {
  if (!enabled || count < 1) return null;
  return (
    <Button size="sm" variant="secondary" disabled={!hasNewValue} loading={busy} iconStart={<CopyIcon size={14} />} onClick={onClick}>
      {t('translationTools.saveAll.button')}
    </Button>
  );
}

export interface SaveToAllDialogProps {
  open: boolean;
  /** The duplicate segments that get the value. */
  count: number;
  busy?: boolean;
  /** Save to all; `dontAskAgain` when the box was ticked (the container stores the time stamp). */
  onConfirm: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}

/** §2 save to all duplicates, with "Don't ask me again" (kept here until confirmed). */
export function SaveToAllDialog(props: SaveToAllDialogProps) {
  const [dontAskAgain, setDontAskAgain] = useState(false);
  return <SaveToAllDialogView {...props} dontAskAgain={dontAskAgain} onDontAskAgainChange={setDontAskAgain} />;
}

export interface SaveToAllDialogViewProps extends SaveToAllDialogProps {
  dontAskAgain: boolean;
  onDontAskAgainChange: (checked: boolean) => void;
}

/** The dialog drawn from its props (checkbox controlled). */
export function SaveToAllDialogView({ open, count, busy = false, onConfirm, onCancel, dontAskAgain, onDontAskAgainChange }: SaveToAllDialogViewProps) {
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(dontAskAgain)}
      title={t('translationTools.saveAll.title')}
      className="translation-dialog translation-dialog--save-all"
      cancelLabel={t('translationTools.saveAll.cancel')}
      confirmLabel={t('translationTools.saveAll.confirm')}
    >
      <p>{t('translationTools.saveAll.body', { count })}</p>
      <Checkbox label={t('translationTools.saveAll.dontAskAgain')} checked={dontAskAgain} disabled={busy} onChange={(checked) => onDontAskAgainChange(checked)} />
    </ConfirmDialog>
  );
}
