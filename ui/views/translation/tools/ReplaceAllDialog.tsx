/**
 * §2 replace-all confirmation: "Replace N occurrences of “x” with “y” in M segments? Locked segments are skipped."
 * (§5 replace-all applies only to the found segments, after a confirmation.)
 */
import { ConfirmDialog } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface ReplaceAllDialogProps {
  open: boolean;
  term: string;
  replaceValue: string;
  /** Matches to replace (in target segments). */
  occurrences: number;
  /** Target segments holding them. */
  segments: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation text (also for tests and announcements). */
export function replaceAllText({ term, replaceValue, occurrences, segments }: Pick<ReplaceAllDialogProps, 'term' | 'replaceValue' | 'occurrences' | 'segments'>): string {
  return t('translationTools.replaceAll.body', {
    occurrences: occurrences === 1 ? t('translationTools.replaceAll.occurrence') : t('translationTools.replaceAll.occurrences', { count: occurrences.toLocaleString('en-US') }),
    term,
    value: replaceValue,
    segments: segments === 1 ? t('translationTools.replaceAll.segment') : t('translationTools.replaceAll.segments', { count: segments.toLocaleString('en-US') }),
  });
}

/** The dialog: Cancel, Replace all. */
export function ReplaceAllDialog(props: ReplaceAllDialogProps) {
  const { open, onConfirm, onCancel } = props;
  return (
    <ConfirmDialog
      open={open}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={t('translationTools.replaceAll.title')}
      className="translation-dialog translation-dialog--replace-all"
      cancelLabel={t('translationTools.replaceAll.cancel')}
      confirmLabel={t('translationTools.replaceAll.confirm')}
    >
      <p className="translation-replace-all__text">{replaceAllText(props)}</p>
    </ConfirmDialog>
  );
}
