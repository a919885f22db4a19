import { useActorRef, useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { registry } from '../../../machines/index.ts';
import { replayViewerMachine, type LoadedReplayLog } from '../../../machines/support/replayViewerMachine.ts';
import { t } from '../../strings.ts';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { ActorsPanel, ChosenActorPanel } from './ActorsPanel.tsx';
import { resolveActorMachines } from './actorMachines.ts';
import { ReplayControls, LogOpener } from './ReplayControls.tsx';
import { buildIndex, divergencesByEntry, nextEventOf, previousEventOf, statesAt } from './replayIndex.ts';
import { EntryDetails, ReportPanel, SummaryPanel } from './ReplayPanels.tsx';
import type { ViewerLog, ViewerReport } from './replayTypes.ts';
import { createReplayWorkerClient } from './replayWorkerClient.ts';
import { Timeline } from './Timeline.tsx';
import './support.css';

// Neither changes with the cursor: a seek re-renders only what shows the cursor.
const MemoReportPanel = memo(ReportPanel);
const MemoSummaryPanel = memo(SummaryPanel);

/** The actor shown first: the session, else the first actor with a recorded state. */
const PREFERRED_ACTOR = 'app/session';

function useReplayViewer() {
  const [client] = useState(() => createReplayWorkerClient());
  useEffect(() => () => client.dispose(), [client]);
  const [logic] = useState(() =>
    replayViewerMachine.provide({
      actors: {
        loadLog: fromPromise<LoadedReplayLog, { file: unknown; fileName: string | null }>(async ({ input }) => {
          const data = await client.load(input.file as Blob, input.fileName ?? 'session log');
          return { times: data.entries.map((entry) => entry.t), data };
        }),
        checkLog: fromPromise<unknown, { fileName: string | null }>(() => client.check()),
      },
    }),
  );
  return useActorRef(logic);
}

/** The loaded log, its index and which machine each actor runs (computed once per log). */
function useLoadedLog(log: ViewerLog | null) {
  return useMemo(() => {
    if (!log) return null;
    const index = buildIndex(log.entries);
    const firstValues = new Map<string, unknown>();
    for (const entry of log.entries) if (entry.k === 'snapshot' && !firstValues.has(entry.actor)) firstValues.set(entry.actor, entry.value);
    return { index, machines: resolveActorMachines(index.actors, firstValues, registry), times: log.entries.map((entry) => entry.t) };
  }, [log]);
}

/**
 * /support/replay (staff): a session log opened from a file (read in a worker, never uploaded), its timeline with a
 * scrubber, every actor's recorded state at the cursor, the chosen actor on its machine's states, and the worker's
 * headless replay marking divergences.
 */
export function SupportReplayPage() {
  usePageTitle(t('support.replay.title'));
  const viewer = useReplayViewer();
  const phase = useSelector(viewer, (s) => (s.matches('ready') ? 'ready' : s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'empty'));
  const playing = useSelector(viewer, (s) => s.matches({ ready: { playback: 'playing' } }));
  const log = useSelector(viewer, (s) => (s.context.log?.data ?? null) as ViewerLog | null);
  const cursor = useSelector(viewer, (s) => s.context.cursor);
  const speed = useSelector(viewer, (s) => s.context.speed);
  const skipIdle = useSelector(viewer, (s) => s.context.skipIdle);
  const fileName = useSelector(viewer, (s) => s.context.fileName);
  const loadError = useSelector(viewer, (s) => s.context.loadError);
  const report = useSelector(viewer, (s) => s.context.report as ViewerReport | null);
  const reportError = useSelector(viewer, (s) => s.context.reportError);
  const loaded = useLoadedLog(log);

  const [chosenActor, setChosenActor] = useState<string | null>(null);
  const [showPayload, setShowPayload] = useState(false);
  const [jumpNote, setJumpNote] = useState<string | null>(null);

  const divergences = useMemo(() => divergencesByEntry(report?.divergences ?? []), [report]);
  const divergenceAt = useMemo(() => [...divergences.keys()], [divergences]);
  const states = useMemo(() => (log && loaded ? statesAt(log.entries, loaded.index, cursor) : new Map()), [log, loaded, cursor]);

  const actors = loaded?.index.actors ?? [];
  const chosen = chosenActor !== null && actors.includes(chosenActor) ? chosenActor : actors.includes(PREFERRED_ACTOR) ? PREFERRED_ACTOR : (actors[0] ?? '');

  const seek = useCallback(
    (index: number) => {
      setJumpNote(null);
      viewer.send({ type: 'replay.seek', index });
    },
    [viewer],
  );
  const jump = (direction: 1 | -1) => {
    if (!log) return;
    const to = direction === 1 ? nextEventOf(log.entries, cursor, chosen) : previousEventOf(log.entries, cursor, chosen);
    if (to === null) setJumpNote(t('support.replay.controls.noMore', { actor: chosen }));
    else seek(to);
  };
  const openFile = (file: File) => {
    setChosenActor(null);
    setJumpNote(null);
    viewer.send({ type: 'replay.open', file, fileName: file.name });
  };
  const goToDivergence = useCallback(
    (index: number, actor: string) => {
      setChosenActor(actor);
      seek(index);
    },
    [seek],
  );
  const togglePlay = () => viewer.send({ type: 'replay.togglePlay' });
  const togglePayload = () => setShowPayload((shown) => !shown);

  const ready = phase === 'ready' && log !== null && loaded !== null && log.entries.length > 0;
  return (
    <AppLayout className="replay-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('support.replay.title')}</h1>
          <p className="page-subtitle">{t('support.replay.intro')}</p>
        </div>
      </div>
      <LogOpener
        onFile={openFile}
        compact={ready}
        loadingName={phase === 'loading' ? fileName : null}
        error={phase === 'failed' ? { file: fileName ?? '', message: loadError ?? '' } : null}
      />
      {ready && (
        <div className="replay-layout">
          <div className="replay-layout__main">
            <ReplayControls
              cursor={cursor}
              times={loaded.times}
              divergenceAt={divergenceAt}
              playing={playing}
              speed={speed}
              skipIdle={skipIdle}
              actors={actors}
              chosen={chosen}
              jumpNote={jumpNote}
              onSeek={seek}
              onStep={(by) => viewer.send({ type: 'replay.step', by })}
              onTogglePlay={togglePlay}
              onSpeed={(value) => viewer.send({ type: 'replay.setSpeed', speed: value })}
              onSkipIdle={(value) => viewer.send({ type: 'replay.setSkipIdle', skipIdle: value })}
              onChoose={setChosenActor}
              onActorJump={jump}
            />
            <Timeline
              entries={log.entries}
              cursor={cursor}
              divergences={divergences}
              onSeek={seek}
              onTogglePlay={togglePlay}
              onActorJump={jump}
              onTogglePayload={togglePayload}
            />
            <EntryDetails entry={log.entries[cursor]!} index={cursor} showPayload={showPayload} onTogglePayload={togglePayload} />
            <ActorsPanel actors={actors} states={states} machines={loaded.machines} chosen={chosen} onChoose={setChosenActor} />
          </div>
          <div className="replay-layout__side">
            <MemoReportPanel log={log} report={report} error={reportError} onGoTo={goToDivergence} />
            <ChosenActorPanel states={states} machines={loaded.machines} chosen={chosen} />
            <MemoSummaryPanel log={log} />
          </div>
        </div>
      )}
    </AppLayout>
  );
}
