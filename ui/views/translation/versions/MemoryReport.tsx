/**
 * The translation-memory report of a variant (translation-editor §2 translation memory report view and its segment
 * view; §3 Translation-memory report; §4 report status requested, processing, completed, rejected and fetching state
 * init, fetching, fetched, error; §8 its words). A report lists the segments that have memory hits; opening one shows
 * its hits (similarity as a percent, the similar segment, where it came from, its validated translations).
 * Behind the next-generation localization flag: MemoryReportButton draws nothing when the flag is off.
 */
import type { MemoryHit, MemoryReport, MemoryReportItem } from '../../../../domain/translation.ts';
import { TRANSLATION_TOOL_MESSAGES } from '../../../../domain/translation.ts';
import { confidencePercent, failedReportText, type MemoryReportFetching } from '../../../../domain/translationAssist.ts';
import { Banner, BookIcon, Button, ChevronLeftIcon, ChevronRightIcon, Dialog, EmptyState, Spinner } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { formatShortDate } from '../labels.ts';

/** What the report view shows. */
export type MemoryReportViewState = 'loading' | 'error' | 'none' | 'processing' | 'rejected' | 'completed';

/**
 * The view's state from the report and its fetching state: an error wins; nothing fetched yet is loading (a refresh of
 * a report already shown keeps it on screen); then the report's status, or none.
 */
export function memoryReportViewState(report: Pick<MemoryReport, 'status'> | null, fetching: MemoryReportFetching): MemoryReportViewState {
  if (fetching === 'error') return 'error';
  if (!report) return fetching === 'fetched' ? 'none' : 'loading';
  switch (report.status) {
    case 'requested':
    case 'processing':
      return 'processing';
    case 'rejected':
      return 'rejected';
    case 'completed':
      return 'completed';
  }
}

/** §3 a similarity (metricValue in [0, 1]) as a rounded percent, like confidences. */
export function similarityPercent(metricValue: number): string {
  return confidencePercent(metricValue);
}

/** The best (highest) similarity of an item, 0 without hits. */
export function bestHit(item: Pick<MemoryReportItem, 'memoryHits'>): number {
  return item.memoryHits.reduce((best, hit) => Math.max(best, hit.metricValue), 0);
}

export interface MemoryReportViewProps {
  /** The variant's latest report (domain memoryReportForVariant), null when there is none. */
  report: MemoryReport | null;
  fetching: MemoryReportFetching;
  /** The §8 text of a failed fetch (TRANSLATION_TOOL_MESSAGES.memoryReport.fetch / load); the fetch text when absent. */
  errorText?: string | null;
  /** The user may request a report (translate-content permission, the latest version). */
  canRequest: boolean;
  /** The request call runs. */
  requesting?: boolean;
  /** The report item shown in the segment view (its path key), null: the list. */
  openItemPath: string | null;
  /** A language tag in words (domain localeDisplayName); the tag itself when absent. */
  languageName?: (tag: string) => string;
  /** Time zone for dates (tests). */
  timeZone?: string;
  /** Text attributes of the source and target texts. */
  sourceLang?: string;
  targetLang?: string;
  targetDir?: 'ltr' | 'rtl';
  onRequest: () => void;
  /** Fetches again (Check again, Try again). */
  onRefresh: () => void;
  onOpenItem: (path: string) => void;
  onCloseItem: () => void;
  /** Goes to the segment in the editor. */
  onGoTo: (path: string) => void;
}

/** §2 the translation memory report view: every state of the report, the list and the segment view. */
export function MemoryReportView(props: MemoryReportViewProps) {
  const { report, fetching, errorText, canRequest, requesting = false, onRequest, onRefresh } = props;
  const state = memoryReportViewState(report, fetching);
  const refreshing = fetching === 'fetching';
  const requestButton = (label: string) =>
    canRequest ? (
      <Button variant="primary" size="sm" loading={requesting} onClick={onRequest}>
        {label}
      </Button>
    ) : undefined;
  return (
    <section className="translation-memory" aria-label={t('translation.memory.label')} aria-busy={refreshing || undefined}>
      {state === 'loading' && <Spinner label={t('translation.memory.loading')} showLabel className="translation-memory__loading" />}
      {state === 'error' && (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" loading={refreshing} onClick={onRefresh}>
              {t('translation.memory.retry')}
            </Button>
          }
        >
          {errorText ?? TRANSLATION_TOOL_MESSAGES.memoryReport.fetch}
        </Banner>
      )}
      {state === 'none' && (
        <EmptyState icon={<BookIcon size={28} />} headingLevel={3} title={TRANSLATION_TOOL_MESSAGES.memoryReport.none} action={requestButton(t('translation.memory.request'))} className="translation-memory__none" />
      )}
      {state === 'processing' && report && (
        <div className="translation-memory__processing" role="status">
          <Spinner size="sm" decorative />
          <div className="translation-memory__processing-text">
            <p>{TRANSLATION_TOOL_MESSAGES.memoryReport.processing}</p>
            {report.requestedAt && <p className="translation-memory__meta">{t('translation.memory.requested', { date: formatShortDate(report.requestedAt, props.timeZone) })}</p>}
          </div>
          <Button size="sm" variant="secondary" loading={refreshing} onClick={onRefresh}>
            {t('translation.memory.checkAgain')}
          </Button>
        </div>
      )}
      {state === 'rejected' && report && (
        <Banner tone="error" title={t('translation.memory.failedTitle')} action={requestButton(t('translation.memory.requestAgain'))}>
          {failedReportText(report)}
        </Banner>
      )}
      {state === 'completed' && report && (props.openItemPath === null ? <MemoryReportList {...props} report={report} /> : <MemoryReportSegmentView {...props} report={report} path={props.openItemPath} />)}
    </section>
  );
}

/** The completed report's header: languages, formality, completion date, how many segments have hits. */
export function MemoryReportSummary({ report, languageName = (tag) => tag, timeZone }: { report: MemoryReport; languageName?: (tag: string) => string; timeZone?: string }) {
  const count = report.reportItems.length;
  return (
    <div className="translation-memory__summary">
      <p className="translation-memory__languages">{t('translation.memory.languages', { source: languageName(report.sourceLanguage), target: languageName(report.targetLanguage) })}</p>
      <p className="translation-memory__meta">
        <span>{t('translation.memory.formality', { formality: t(`translation.memory.formality.${report.formality}`) })}</span>
        {report.completedAt && <span>{t('translation.memory.completed', { date: formatShortDate(report.completedAt, timeZone) })}</span>}
        <span>{count === 1 ? t('translation.memory.countOne') : t('translation.memory.count', { count })}</span>
      </p>
    </div>
  );
}

/** The completed report: summary and the segments with hits (each opens the segment view). */
export function MemoryReportList({ report, languageName, timeZone, sourceLang, onOpenItem }: MemoryReportViewProps & { report: MemoryReport }) {
  return (
    <div className="translation-memory__report">
      <MemoryReportSummary report={report} languageName={languageName} timeZone={timeZone} />
      {report.reportItems.length === 0 ? (
        <p className="translation-memory__empty">{t('translation.memory.empty')}</p>
      ) : (
        <ul className="translation-memory__items" aria-label={t('translation.memory.items')}>
          {report.reportItems.map((item) => {
            const hits = item.memoryHits.length;
            return (
              <li key={item.path}>
                {/* Named by its visible text, "Show memory hits for" before it (WCAG 2.5.3). */}
                <button type="button" className="translation-memory__item" onClick={() => onOpenItem(item.path)}>
                  <span className="k-visually-hidden">{t('translation.memory.item.openPrefix')} </span>
                  <span className="translation-memory__item-text" lang={sourceLang}>
                    {item.inputSegment}
                  </span>
                  <span className="translation-memory__item-meta">
                    <span className="translation-memory__percent">{t('translation.memory.item.best', { percent: similarityPercent(bestHit(item)) })}</span>
                    <span>{hits === 1 ? t('translation.memory.item.hitsOne') : t('translation.memory.item.hits', { count: hits })}</span>
                  </span>
                  <ChevronRightIcon size={16} className="translation-memory__item-chevron" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** §2 the report's segment view: the item's memory hits, best first, with Back and Go to segment. */
export function MemoryReportSegmentView({
  report,
  path,
  sourceLang,
  targetLang,
  targetDir,
  onCloseItem,
  onGoTo,
}: Pick<MemoryReportViewProps, 'sourceLang' | 'targetLang' | 'targetDir' | 'onCloseItem' | 'onGoTo'> & { report: MemoryReport; path: string }) {
  const item = report.reportItems.find((candidate) => candidate.path === path);
  const hits: MemoryHit[] = item ? [...item.memoryHits].sort((a, b) => b.metricValue - a.metricValue) : [];
  return (
    <div className="translation-memory__segment">
      <div className="translation-memory__segment-bar">
        <Button size="sm" variant="ghost" iconStart={<ChevronLeftIcon size={16} />} onClick={onCloseItem}>
          {t('translation.memory.back')}
        </Button>
        {item && (
          <Button size="sm" variant="secondary" iconEnd={<ChevronRightIcon size={16} />} onClick={() => onGoTo(item.path)}>
            {t('translation.diff.goTo')}
          </Button>
        )}
      </div>
      {!item ? (
        <p className="translation-memory__empty">{t('translation.memory.segment.missing')}</p>
      ) : (
        <>
          <div className="translation-memory__input">
            <h3 className="translation-memory__heading">{t('translation.memory.segment.input')}</h3>
            <p className="translation-memory__input-text" lang={sourceLang}>
              {item.inputSegment}
            </p>
          </div>
          <h3 className="translation-memory__heading">{t('translation.memory.segment.hits')}</h3>
          <ol className="translation-memory__hits">
            {hits.map((hit, index) => (
              <li key={index} className="translation-memory__hit">
                <p className="translation-memory__hit-head">
                  <span className="translation-memory__percent">{t('translation.memory.segment.similarity', { percent: similarityPercent(hit.metricValue) })}</span>
                  <span className="translation-memory__origin">{t('translation.memory.segment.origin', { origin: hit.origin })}</span>
                </p>
                <p className="translation-memory__label">{t('translation.memory.segment.similar')}</p>
                <p className="translation-memory__similar" lang={sourceLang}>
                  {hit.similarSegment}
                </p>
                <p className="translation-memory__label">{t('translation.memory.segment.translations')}</p>
                {hit.translations.length === 0 ? (
                  <p className="translation-memory__meta">{t('translation.memory.segment.noTranslations')}</p>
                ) : (
                  <ul className="translation-memory__translations">
                    {hit.translations.map((text, at) => (
                      <li key={at} lang={targetLang} dir={targetDir}>
                        {text}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

export interface MemoryReportDialogProps extends MemoryReportViewProps {
  open: boolean;
  onClose: () => void;
}

/** §2 the translation memory report dialog (large), holding the view. */
export function MemoryReportDialog({ open, onClose, ...view }: MemoryReportDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} size="lg" title={t('translation.memory.title')} className="translation-dialog translation-memory-dialog">
      <MemoryReportView {...view} />
    </Dialog>
  );
}

export interface MemoryReportButtonProps {
  /** §6 next-generation localization flag (translation memory, diff tools): nothing is drawn when off. */
  enabled: boolean;
  onClick: () => void;
}

/** The header's "Translation memory report" button. */
export function MemoryReportButton({ enabled, onClick }: MemoryReportButtonProps) {
  if (!enabled) return null;
  return (
    <Button size="sm" variant="ghost" className="translation-memory-button" iconStart={<BookIcon size={16} />} title={t('translation.memory.button')} onClick={onClick}>
      {t('translation.memory.button')}
    </Button>
  );
}
