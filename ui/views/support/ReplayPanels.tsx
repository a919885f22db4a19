import { useId } from 'react';
import { Banner, Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { formatValue } from './replayIndex.ts';
import type { ActorState, ViewerDivergence, ViewerEntry, ViewerLog, ViewerReport } from './replayTypes.ts';
import { formatTime } from './Timeline.tsx';

/** The log's header: file, when, which build, how many entries. */
export function SummaryPanel({ log }: { log: ViewerLog }) {
  const headingId = useId();
  const { header } = log;
  return (
    <section className="replay-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="replay-panel__title">
        {t('support.replay.summary.heading')}
      </h2>
      <dl className="replay-facts">
        <dt>{t('support.replay.summary.file')}</dt>
        <dd>{log.fileName}</dd>
        <dt>{t('support.replay.summary.recorded')}</dt>
        <dd>{Number.isFinite(header.startTime) ? new Date(header.startTime).toISOString() : '—'}</dd>
        <dt>{t('support.replay.summary.build')}</dt>
        <dd>
          {header.appVersion} · {header.buildId}
        </dd>
        <dt>{t('support.replay.summary.entries')}</dt>
        <dd>{t('support.replay.summary.entriesValue', { count: log.entries.length.toLocaleString('en'), duration: formatTime(header.endTime ?? 0) })}</dd>
        <dt>{t('support.replay.summary.userAgent')}</dt>
        <dd className="replay-facts__wrap">{header.userAgent}</dd>
      </dl>
      {header.dropped > 0 && <p className="replay-panel__note">{t('support.replay.summary.dropped', { count: header.dropped })}</p>}
    </section>
  );
}

function stateText(state: ActorState | null): string {
  if (!state) return t('support.replay.report.noState');
  return `${formatValue(state.value) || '{}'} (${state.status})`;
}

function DivergenceItem({ divergence, onGoTo }: { divergence: ViewerDivergence; onGoTo: (index: number, actor: string) => void }) {
  const at = Math.max(divergence.index, 0);
  return (
    <li className="replay-divergence">
      <p className="replay-divergence__title">
        {divergence.index < 0
          ? t('support.replay.report.atStart', { actor: divergence.actor })
          : t('support.replay.report.at', { index: divergence.index, event: divergence.eventType, actor: divergence.actor })}
      </p>
      <dl className="replay-facts">
        <dt>{t('support.replay.report.recorded')}</dt>
        <dd>{stateText(divergence.expected)}</dd>
        <dt>{t('support.replay.report.replayed')}</dt>
        <dd>{stateText(divergence.actual)}</dd>
      </dl>
      <p>{divergence.keys.length ? t('support.replay.report.keys', { keys: divergence.keys.join(', ') }) : t('support.replay.report.noKeys')}</p>
      {divergence.timer && <p>{t('support.replay.report.timer', { timer: divergence.timer })}</p>}
      <p>{divergence.until === null ? t('support.replay.report.toEnd') : t('support.replay.report.until', { index: divergence.until })}</p>
      <Button size="sm" onClick={() => onGoTo(at, divergence.actor)}>
        {t('support.replay.report.goTo', { index: at })}
      </Button>
    </li>
  );
}

/** The headless replay's verdict: divergences (each with a way to go there, its actor shown) and machines changed since recording. */
export function ReportPanel(props: { log: ViewerLog; report: ViewerReport | null; error: string | null; onGoTo: (index: number, actor: string) => void }) {
  const { log, report, error, onGoTo } = props;
  const headingId = useId();
  const otherBuild = log.header.buildId !== __BUILD_ID__;
  return (
    <section className="replay-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="replay-panel__title">
        {t('support.replay.report.heading')}
      </h2>
      {otherBuild && <p className="replay-panel__note">{t('support.replay.report.otherBuild', { recorded: log.header.buildId, current: __BUILD_ID__ })}</p>}
      {error !== null && <Banner tone="error">{t('support.replay.report.failed', { message: error })}</Banner>}
      {report === null && error === null && (
        <p role="status" className="replay-panel__note">
          {t('support.replay.report.checking')}
        </p>
      )}
      {report !== null && (
        <>
          {report.changedMachines.length > 0 ? (
            <>
              <h3 className="replay-panel__subtitle">{t('support.replay.report.changedHeading')}</h3>
              <ul className="replay-list">
                {report.changedMachines.map((change) => (
                  <li key={change.name}>{t('support.replay.report.changed', { ...change })}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="replay-panel__note">{t('support.replay.report.sameDefinitions')}</p>
          )}
          <p role="status" className="replay-panel__verdict">
            {report.divergences.length === 0
              ? t('support.replay.report.clean')
              : report.divergences.length === 1
                ? t('support.replay.report.oneDivergence')
                : t('support.replay.report.divergences', { count: report.divergences.length })}
          </p>
          {report.divergences.length > 0 && (
            <ol className="replay-list replay-list--divergences">
              {report.divergences.map((divergence, i) => (
                <DivergenceItem key={i} divergence={divergence} onGoTo={onGoTo} />
              ))}
            </ol>
          )}
          {report.warnings.length > 0 && (
            <>
              <h3 className="replay-panel__subtitle">{t('support.replay.report.warnings')}</h3>
              <ul className="replay-list">
                {report.warnings.map((warning, i) => (
                  <li key={i}>{warning}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The entry at the cursor: when, where, and (on demand) its recorded, redacted payload. */
export function EntryDetails(props: { entry: ViewerEntry; index: number; showPayload: boolean; onTogglePayload: () => void }) {
  const { entry, index, showPayload, onTogglePayload } = props;
  const headingId = useId();
  const payloadId = useId();
  return (
    <section className="replay-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="replay-panel__title">
        {t('support.replay.entry.heading', { index })}
      </h2>
      <dl className="replay-facts">
        <dt>{t('support.replay.entry.time')}</dt>
        <dd>{formatTime(entry.t)}</dd>
        {entry.k === 'event' && (
          <>
            <dt>{t('support.replay.entry.route')}</dt>
            <dd>
              {entry.source ?? '—'} → {entry.target}
            </dd>
            <dt>{t('support.replay.entry.origin')}</dt>
            <dd>{t(`support.replay.entry.origin.${entry.origin}`)}</dd>
          </>
        )}
      </dl>
      {entry.k === 'event' && entry.nested && <p className="replay-panel__note">{t('support.replay.entry.nested')}</p>}
      {entry.k === 'event' && entry.timer !== undefined && <p className="replay-panel__note">{t('support.replay.entry.timer', { timer: entry.timer })}</p>}
      {entry.k === 'snapshot' && (
        <>
          <p>
            {t('support.replay.entry.snapshot', { actor: entry.actor })}: <code>{formatValue(entry.value) || '{}'}</code> ({entry.status})
          </p>
          <p className="replay-panel__note">{t('support.replay.entry.changedKeys', { keys: Object.keys(entry.ctx).join(', ') || '—' })}</p>
        </>
      )}
      <Button size="sm" aria-expanded={showPayload} aria-controls={payloadId} onClick={onTogglePayload}>
        {showPayload ? t('support.replay.entry.hidePayload') : t('support.replay.entry.showPayload')}
      </Button>
      <div id={payloadId} hidden={!showPayload}>
        {showPayload && (
          <>
            <p className="replay-panel__note">{t('support.replay.entry.payloadNote')}</p>
            <pre className="replay-payload" tabIndex={0}>
              {JSON.stringify(entry.k === 'event' ? entry.event : entry, null, 2)}
            </pre>
          </>
        )}
      </div>
    </section>
  );
}
