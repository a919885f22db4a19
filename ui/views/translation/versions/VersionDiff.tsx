/**
 * The version diff (translation-editor §2 version diff view and translation diff dialog; §3 Version diff; §5
 * segments disabled by a diff; §9 a previous version is old after 30 days): a summary with the counts, a picker of
 * the version compared with, and the differences by section — new segments, source changes (Before / After), target
 * changes with their reason (and "Use previous translation" when the validated change was not imported), removed
 * segments. Each entry but the removed ones goes to its segment. The dialog steps through the same entries one path
 * at a time; DiffSegmentMark is the small note under a segment row.
 */
import type { VersionDiff } from '../../../../domain/translationDiff.ts';
import { Banner, Button, ChevronLeftIcon, ChevronRightIcon, CloseIcon, Dialog, EmptyState, RestoreIcon, Select, Spinner, WarningIcon } from '../../../kit/index.ts';
import { t, type StringKey } from '../../../strings.ts';

/** What the diff view knows of a current segment beyond the diff itself (plain texts). */
export interface DiffSegmentInfo {
  source: string;
  /** The effective target now (the change's value when there is one). */
  target: string;
  /** The nav group's title, to say where the segment is. */
  groupTitle?: string | null;
}

export type DiffEntryKind = 'new' | 'source' | 'target' | 'removed';
export type DiffReason = VersionDiff['differentTargets'][number]['reason'];

/** One path of the diff, ready to draw: its source and target before (previous version) and after (this one). */
export interface DiffEntry {
  key: string;
  kind: DiffEntryKind;
  source: { before: string | null; after: string | null };
  target: { before: string | null; after: string | null };
  /** Why the target differs (kind target only). */
  reason: DiffReason | null;
  groupTitle: string | null;
}

/**
 * The diff's paths in the order the view lists them (new, source changes, target changes, removed), each with what
 * is known of it. `describe` gives the current segment's texts (absent for removed paths).
 */
export function diffEntries(diff: VersionDiff, describe?: (key: string) => DiffSegmentInfo | undefined): DiffEntry[] {
  const info = (key: string) => describe?.(key);
  const entries: DiffEntry[] = [];
  for (const key of diff.newPaths) {
    const current = info(key);
    entries.push({ key, kind: 'new', source: { before: null, after: current?.source ?? null }, target: { before: null, after: current?.target ?? null }, reason: null, groupTitle: current?.groupTitle ?? null });
  }
  for (const change of diff.differentSources) {
    const current = info(change.key);
    entries.push({
      key: change.key,
      kind: 'source',
      source: { before: change.previous, after: change.current },
      target: { before: null, after: current?.target ?? null },
      reason: null,
      groupTitle: current?.groupTitle ?? null,
    });
  }
  for (const change of diff.differentTargets) {
    const current = info(change.key);
    entries.push({
      key: change.key,
      kind: 'target',
      source: { before: null, after: current?.source ?? null },
      target: { before: change.previous, after: change.current },
      reason: change.reason,
      groupTitle: current?.groupTitle ?? null,
    });
  }
  for (const removed of diff.removedPaths) {
    entries.push({ key: removed.key, kind: 'removed', source: { before: removed.source, after: null }, target: { before: removed.target, after: null }, reason: null, groupTitle: null });
  }
  return entries;
}

/** Text direction and language of the two columns. */
export interface DiffTextAttrs {
  sourceLang?: string;
  sourceDir?: 'ltr' | 'rtl';
  targetLang?: string;
  targetDir?: 'ltr' | 'rtl';
}

/** A previous version that can be compared with. */
export interface DiffVersionOption {
  id: string;
  /** 1-based version number. */
  number: number;
}

export interface VersionDiffViewProps extends DiffTextAttrs {
  status: 'loading' | 'error' | 'ready';
  /** The §8 text while status is error (TRANSLATION_MESSAGES.loadPreviousFile / loadPreviousEdits). */
  errorText?: string | null;
  onRetry?: () => void;
  diff: VersionDiff | null;
  /** The version shown (1-based). */
  currentVersion: number;
  /** The version compared with (1-based), null before one is chosen. */
  previousVersion: number | null;
  /** §9 the previous version is more than 30 days old (domain isPreviousVersionOld). */
  previousIsOld: boolean;
  /** Versions to compare with (1 … n-1), oldest first. */
  versions: readonly DiffVersionOption[];
  /** The id of the version compared with. */
  selected: string | null;
  onSelect: (versionId: string) => void;
  /** The current segment's texts by key. */
  describe?: (key: string) => DiffSegmentInfo | undefined;
  onGoTo: (key: string) => void;
  /** "Use previous translation" on a target whose validated change was not imported (the reset-translation dialog). */
  onResetTranslation: (key: string) => void;
  /** Opens the translation diff dialog on this path (optional). */
  onShowDetails?: (key: string) => void;
  onClose: () => void;
}

const SECTION_TITLES: Record<DiffEntryKind, StringKey> = {
  new: 'translation.diff.section.new',
  source: 'translation.diff.section.sources',
  target: 'translation.diff.section.targets',
  removed: 'translation.diff.section.removed',
};
const SECTION_ORDER: readonly DiffEntryKind[] = ['new', 'source', 'target', 'removed'];

/** §2 the reason a target differs, in words. */
export function diffReasonLabel(reason: DiffReason): string {
  return t(reason === 'UnimportedChange' ? 'translation.diff.reason.UnimportedChange' : 'translation.diff.reason.ChangedInAuthoringApp');
}

/** §2 the version diff view: picker, summary, sections; loading, error and empty states. */
export function VersionDiffView(props: VersionDiffViewProps) {
  const { status, errorText, onRetry, diff, currentVersion, previousVersion, previousIsOld, versions, selected, onSelect, onClose } = props;
  return (
    <section className="translation-diff" aria-label={t('translation.diff.label')}>
      <div className="translation-diff__top">
        <h2 className="translation-diff__title">{t('translation.diff.title')}</h2>
        <button type="button" className="k-icon-button" aria-label={t('translation.diff.close')} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      </div>
      {versions.length > 0 && (
        <Select<string>
          label={t('translation.diff.picker')}
          value={selected ?? ''}
          placeholder={selected ? undefined : t('translation.diff.picker')}
          options={versions.map((version) => ({ value: version.id, label: t('translation.diff.pickerOption', { version: version.number }) }))}
          onChange={onSelect}
          disabled={status === 'loading'}
          size="sm"
          className="translation-diff__picker"
        />
      )}
      {status === 'loading' && <Spinner label={t('translation.diff.loading')} showLabel className="translation-diff__loading" />}
      {status === 'error' && (
        <Banner
          tone="error"
          className="translation-diff__error"
          action={
            onRetry ? (
              <Button size="sm" variant="secondary" onClick={onRetry}>
                {t('translation.diff.retry')}
              </Button>
            ) : undefined
          }
        >
          {errorText ?? ''}
        </Banner>
      )}
      {status === 'ready' && diff && previousVersion !== null && (
        <>
          {previousIsOld && (
            <p className="translation-diff__old" role="note">
              <WarningIcon size={16} />
              {t('translation.diff.old', { version: previousVersion })}
            </p>
          )}
          <DiffSummary diff={diff} currentVersion={currentVersion} previousVersion={previousVersion} />
          <DiffSections {...props} diff={diff} previousVersion={previousVersion} />
        </>
      )}
    </section>
  );
}

/** The counts: "3 new · 1 removed · 2 source changes · 1 target changes", and the groups affected. */
export function DiffSummary({ diff, currentVersion, previousVersion }: { diff: VersionDiff; currentVersion: number; previousVersion: number }) {
  const groups = diff.affectedUIGroups.length;
  return (
    <div className="translation-diff__summary">
      <p className="translation-diff__summary-heading">{t('translation.diff.summary.heading', { current: currentVersion, previous: previousVersion })}</p>
      <ul className="translation-diff__counts">
        <li>{t('translation.diff.summary.new', { count: diff.newPaths.length })}</li>
        <li>{t('translation.diff.summary.removed', { count: diff.removedPaths.length })}</li>
        <li>{t('translation.diff.summary.sources', { count: diff.differentSources.length })}</li>
        <li>{t('translation.diff.summary.targets', { count: diff.differentTargets.length })}</li>
      </ul>
      {groups > 0 && <p className="translation-diff__groups">{groups === 1 ? t('translation.diff.summary.groupsOne') : t('translation.diff.summary.groups', { count: groups })}</p>}
    </div>
  );
}

function DiffSections({
  diff,
  previousVersion,
  describe,
  onGoTo,
  onResetTranslation,
  onShowDetails,
  sourceLang,
  sourceDir,
  targetLang,
  targetDir,
}: VersionDiffViewProps & { diff: VersionDiff; previousVersion: number }) {
  const attrs: DiffTextAttrs = { sourceLang, sourceDir, targetLang, targetDir };
  const entries = diffEntries(diff, describe);
  if (entries.length === 0) {
    return <EmptyState className="translation-diff__empty" headingLevel={3} title={t('translation.diff.empty.title')} body={t('translation.diff.empty', { version: previousVersion })} />;
  }
  return (
    <div className="translation-diff__sections">
      {SECTION_ORDER.map((kind) => {
        const shown = entries.filter((entry) => entry.kind === kind);
        if (shown.length === 0) return null;
        return (
          <section key={kind} className="translation-diff__section" aria-label={t(SECTION_TITLES[kind])}>
            <h3 className="translation-diff__section-title">
              {t(SECTION_TITLES[kind])} <span className="translation-diff__section-count">({shown.length})</span>
            </h3>
            <ul className="translation-diff__list">
              {shown.map((entry) => (
                <li key={entry.key} className={`translation-diff__entry translation-diff__entry--${kind}`}>
                  <DiffEntryBody entry={entry} {...attrs} />
                  <DiffEntryActions entry={entry} onGoTo={onGoTo} onResetTranslation={onResetTranslation} onShowDetails={onShowDetails} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** An entry's texts: the changed side as Before / After, the other side as it is. */
export function DiffEntryBody({ entry, sourceLang, sourceDir, targetLang, targetDir }: { entry: DiffEntry } & DiffTextAttrs) {
  const source = { lang: sourceLang, dir: sourceDir };
  const target = { lang: targetLang, dir: targetDir };
  return (
    <div className="translation-diff__body">
      {entry.groupTitle && <p className="translation-diff__where">{entry.groupTitle}</p>}
      {entry.kind === 'source' ? (
        <BeforeAfter label={t('translation.diff.source')} before={entry.source.before} after={entry.source.after} attrs={source} />
      ) : (
        <DiffText label={t('translation.diff.source')} text={entry.kind === 'removed' ? entry.source.before : entry.source.after} attrs={source} />
      )}
      {entry.kind === 'target' ? (
        <>
          <BeforeAfter label={t('translation.diff.target')} before={entry.target.before} after={entry.target.after} attrs={target} />
          {entry.reason && <p className={`translation-diff__reason translation-diff__reason--${entry.reason}`}>{diffReasonLabel(entry.reason)}</p>}
        </>
      ) : (
        <DiffText label={t('translation.diff.target')} text={entry.kind === 'removed' ? entry.target.before : entry.target.after} attrs={target} />
      )}
    </div>
  );
}

type TextAttrs = { lang?: string; dir?: 'ltr' | 'rtl' };

function DiffText({ label, text, attrs }: { label: string; text: string | null; attrs: TextAttrs }) {
  if (text === null) return null;
  return (
    <div className="translation-diff__text-row">
      <span className="translation-diff__label">{label}</span>
      <span className="translation-diff__text" lang={attrs.lang} dir={attrs.dir}>
        {text === '' ? t('translation.diff.noText') : text}
      </span>
    </div>
  );
}

/** Previous above current, labelled Before / After (no word-level marking: both are shown whole). */
function BeforeAfter({ label, before, after, attrs }: { label: string; before: string | null; after: string | null; attrs: TextAttrs }) {
  return (
    <div className="translation-diff__change" role="group" aria-label={label}>
      <span className="translation-diff__label">{label}</span>
      <div className="translation-diff__before">
        <span className="translation-diff__tag">{t('translation.diff.before')}</span>
        <del className="translation-diff__text" lang={attrs.lang} dir={attrs.dir}>
          {before === null || before === '' ? t('translation.diff.noText') : before}
        </del>
      </div>
      <div className="translation-diff__after">
        <span className="translation-diff__tag">{t('translation.diff.after')}</span>
        <ins className="translation-diff__text" lang={attrs.lang} dir={attrs.dir}>
          {after === null || after === '' ? t('translation.diff.noText') : after}
        </ins>
      </div>
    </div>
  );
}

function DiffEntryActions({
  entry,
  onGoTo,
  onResetTranslation,
  onShowDetails,
}: {
  entry: DiffEntry;
  onGoTo: (key: string) => void;
  onResetTranslation: (key: string) => void;
  onShowDetails?: (key: string) => void;
}) {
  const canGoTo = entry.kind !== 'removed';
  const canReset = entry.kind === 'target' && entry.reason === 'UnimportedChange';
  if (!canGoTo && !canReset && !onShowDetails) return null;
  return (
    <div className="translation-diff__actions">
      {onShowDetails && (
        <Button size="sm" variant="ghost" onClick={() => onShowDetails(entry.key)}>
          {t('translation.diff.details')}
        </Button>
      )}
      {canReset && (
        <Button size="sm" variant="secondary" iconStart={<RestoreIcon size={14} />} onClick={() => onResetTranslation(entry.key)}>
          {t('translation.diff.usePrevious')}
        </Button>
      )}
      {canGoTo && (
        <Button size="sm" variant="ghost" iconEnd={<ChevronRightIcon size={14} />} onClick={() => onGoTo(entry.key)}>
          {t('translation.diff.goTo')}
        </Button>
      )}
    </div>
  );
}

const DIALOG_TITLES: Record<DiffEntryKind, StringKey> = {
  new: 'translation.diffDialog.title.new',
  source: 'translation.diffDialog.title.source',
  target: 'translation.diffDialog.title.target',
  removed: 'translation.diffDialog.title.removed',
};

export interface TranslationDiffDialogProps extends DiffTextAttrs {
  /** The entry of currentDiffPath (diffEntries(…).find), null: closed. */
  entry: DiffEntry | null;
  /** 1-based place of the entry among all, and their number. */
  index: number;
  total: number;
  /** The version compared with. */
  previousVersion: number;
  onPrev: () => void;
  onNext: () => void;
  onClose: () => void;
  /** Goes to the segment (not offered for a removed one). */
  onGoTo?: (key: string) => void;
  /** "Use previous translation" for an unimported validated change. */
  onResetTranslation?: (key: string) => void;
}

/** §2 the translation diff dialog: one path's source and target before and after, stepping through the diff's paths. */
export function TranslationDiffDialog({ entry, index, total, previousVersion, onPrev, onNext, onClose, onGoTo, onResetTranslation, ...attrs }: TranslationDiffDialogProps) {
  const canReset = entry?.kind === 'target' && entry.reason === 'UnimportedChange' && onResetTranslation;
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      size="md"
      title={entry ? t(DIALOG_TITLES[entry.kind]) : ''}
      description={total > 0 ? t('translation.diffDialog.position', { index, total }) : undefined}
      className="translation-dialog translation-diff-dialog"
      footer={
        <>
          <Button variant="ghost" iconStart={<ChevronLeftIcon size={16} />} disabled={total <= 1} onClick={onPrev}>
            {t('translation.diffDialog.previous')}
          </Button>
          <Button variant="ghost" iconEnd={<ChevronRightIcon size={16} />} disabled={total <= 1} onClick={onNext}>
            {t('translation.diffDialog.next')}
          </Button>
          <span className="translation-diff-dialog__spacer" />
          {entry && canReset && (
            <Button variant="secondary" iconStart={<RestoreIcon size={16} />} onClick={() => onResetTranslation(entry.key)}>
              {t('translation.diff.usePrevious')}
            </Button>
          )}
          {entry && entry.kind !== 'removed' && onGoTo && (
            <Button variant="primary" onClick={() => onGoTo(entry.key)}>
              {t('translation.diff.goTo')}
            </Button>
          )}
        </>
      }
    >
      {entry && (
        <>
          {entry.kind === 'removed' && <p className="translation-diff-dialog__note">{t('translation.diffDialog.removedNote')}</p>}
          {entry.kind === 'new' && <p className="translation-diff-dialog__note">{t('translation.diffDialog.newNote', { version: previousVersion })}</p>}
          <DiffEntryBody entry={entry} {...attrs} />
        </>
      )}
    </Dialog>
  );
}

export interface DiffSegmentMarkProps {
  /** changed: the source or target differs from the previous version; new: not in it; disabled: §5 blocked by the diff. */
  kind: 'changed' | 'new' | 'disabled';
  /** The version compared with. */
  version: number;
}

/** The inline note under a segment row while a diff is shown (the row's extras slot). */
export function DiffSegmentMark({ kind, version }: DiffSegmentMarkProps) {
  const text = kind === 'changed' ? t('translation.diffMark.changed', { version }) : kind === 'new' ? t('translation.diffMark.new') : t('translation.diffMark.disabled');
  return <span className={`translation-diff-mark translation-diff-mark--${kind}`}>{text}</span>;
}
