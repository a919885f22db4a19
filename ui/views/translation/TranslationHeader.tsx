/**
 * The translate tab's header (translation-editor §2 tab parts): "English → French", the progress summary, the
 * segment filter, the segment-editor switch, the progress flyout (a slot), and the previous-version lock banner
 * when the version shown is not the latest.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TranslationProduct } from '../../../domain/translation.ts';
import type { SegmentFilter } from '../../../domain/translationModel.ts';
import { Banner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { navUnitOf } from './labels.ts';
import { SegmentFilterMenu } from './SegmentFilterMenu.tsx';

export interface TranslationHeaderProps {
  /** Locale display names (domain localeDisplayName). */
  sourceLocaleName: string;
  targetLocaleName: string;
  product: TranslationProduct;
  /** Nav groups complete over all (domain progressSummary). */
  progress: { complete: number; total: number };
  filter: SegmentFilter;
  onFilterChange: (filter: SegmentFilter) => void;
  /** Inline editing on. */
  editorEnabled: boolean;
  onEditorEnabledChange: (enabled: boolean) => void;
  /** The 1-based version shown when it is not the latest, else null (no banner). */
  lockedVersion: number | null;
  /** The translate page of the latest version. */
  latestHref: string;
  /** The slide / lesson progress flyout (ProgressFlyout). */
  flyout?: ReactNode;
  /** The filters offered (default: SegmentFilterMenu's own list). */
  filters?: readonly SegmentFilter[];
  /** The tools' tools: find buttons, course updates, version diff, memory report, audio, help. */
  actions?: ReactNode;
}

/** Title, progress, filter, editor switch, flyout; the lock banner below. */
export function TranslationHeader({
  sourceLocaleName,
  targetLocaleName,
  product,
  progress,
  filter,
  onFilterChange,
  editorEnabled,
  onEditorEnabledChange,
  lockedVersion,
  latestHref,
  flyout,
  filters,
  actions,
}: TranslationHeaderProps) {
  const unit = navUnitOf(product);
  return (
    <header className="translation-header" aria-label={t('translation.header.label')}>
      <div className="translation-header__top">
        <h2 className="translation-header__title">{t('translation.header.title', { source: sourceLocaleName, target: targetLocaleName })}</h2>
        <p className="translation-header__progress">{t(`translation.header.progress.${unit}`, { complete: progress.complete, total: progress.total })}</p>
      </div>
      <div className="translation-header__tools">
        <span data-walkthrough="filter">
          <SegmentFilterMenu value={filter} onChange={onFilterChange} {...(filters ? { filters } : {})} />
        </span>
        <EditorSwitch checked={editorEnabled} onChange={onEditorEnabledChange} />
        {flyout}
      </div>
      {actions && <div className="translation-header__actions">{actions}</div>}
      {lockedVersion !== null && <VersionLockBanner version={lockedVersion} latestHref={latestHref} />}
    </header>
  );
}

/** The segment-editor toggle: a switch (role=switch, aria-checked). */
export function EditorSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <button type="button" role="switch" aria-checked={checked} className="translation-switch" onClick={() => onChange(!checked)}>
      <span className="translation-switch__track" aria-hidden="true">
        <span className="translation-switch__thumb" />
      </span>
      <span className="translation-switch__label">{t('translation.header.editorToggle')}</span>
    </button>
  );
}

/** §2 the previous-version lock banner. */
export function VersionLockBanner({ version, latestHref }: { version: number; latestHref: string }) {
  return (
    <Banner
      tone="warning"
      announce={false}
      className="translation-lock-banner"
      action={
        <Link href={latestHref} className="translation-link">
          {t('translation.lock.link')}
        </Link>
      }
    >
      {t('translation.lock.body', { version })}
    </Banner>
  );
}
