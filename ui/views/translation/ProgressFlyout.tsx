/**
 * The lesson / slide progress flyout (translation-editor §2 "Lesson flyout (slide-progress flyout) with progress",
 * §4 group progress): a popover with a summary bar and the nav groups, complete ones checked with who and when;
 * choosing one goes there.
 */
import type { TranslationProduct } from '../../../domain/translation.ts';
import { CheckIcon, ChevronDownIcon, cx, Popover, ProgressBar } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { formatShortDate, navUnitOf } from './labels.ts';

/** A nav group as the flyout lists it. */
export interface ProgressGroup {
  navKey: string;
  title: string;
  complete: boolean;
  /** The completer's name when the profile is known. */
  completedBy: string | null;
  /** ISO time of completion. */
  completedAt: string | null;
}

export interface ProgressFlyoutProps {
  product: TranslationProduct;
  summary: { complete: number; total: number };
  groups: readonly ProgressGroup[];
  activeNavKey: string | null;
  onGoTo: (navKey: string) => void;
  /** The viewer's zone for the dates. */
  timeZone?: string;
}

/** The trigger and its popover. */
export function ProgressFlyout(props: ProgressFlyoutProps) {
  const unit = navUnitOf(props.product);
  return (
    <Popover
      trigger={
        <>
          <span>{t(`translation.progress.trigger.${unit}`)}</span>
          <span className="translation-flyout__count">
            {props.summary.complete}/{props.summary.total}
          </span>
          <ChevronDownIcon size={14} />
        </>
      }
      title={t(`translation.progress.title.${unit}`)}
      align="end"
      triggerClassName="translation-flyout__trigger"
      className="translation-flyout"
    >
      {(close) => (
        <ProgressList
          {...props}
          onGoTo={(navKey) => {
            close();
            props.onGoTo(navKey);
          }}
        />
      )}
    </Popover>
  );
}

/** What the "Completed by …" line says. */
export function completionText(group: Pick<ProgressGroup, 'complete' | 'completedBy' | 'completedAt'>, timeZone?: string): string {
  if (!group.complete) return t('translation.progress.notComplete');
  const date = group.completedAt ? formatShortDate(group.completedAt, timeZone) : '';
  if (group.completedBy) return t('translation.progress.completedBy', { name: group.completedBy, date }).replace(/, $/, '');
  return date ? t('translation.progress.completedOn', { date }) : t('translation.group.complete');
}

/** The panel's content: summary bar and the groups. */
export function ProgressList({ product, summary, groups, activeNavKey, onGoTo, timeZone }: ProgressFlyoutProps) {
  const unit = navUnitOf(product);
  return (
    <div className="translation-flyout__panel">
      <p className="translation-flyout__summary">{t(`translation.header.progress.${unit}`, { complete: summary.complete, total: summary.total })}</p>
      <ProgressBar value={summary.total > 0 ? summary.complete / summary.total : 0} label={t('translation.progress.bar')} tone="success" size="sm" />
      <ul className="translation-flyout__list">
        {groups.map((group) => (
          <li key={group.navKey}>
            <button
              type="button"
              className={cx('translation-flyout__group', group.complete && 'is-complete', group.navKey === activeNavKey && 'is-current')}
              aria-current={group.navKey === activeNavKey ? 'true' : undefined}
              onClick={() => onGoTo(group.navKey)}
            >
              <span className="translation-flyout__check" aria-hidden="true">
                {group.complete && <CheckIcon size={14} strokeWidth={3} />}
              </span>
              <span className="translation-flyout__text">
                <span className="translation-flyout__title">{group.title}</span>
                <span className="translation-flyout__meta">{completionText(group, timeZone)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
