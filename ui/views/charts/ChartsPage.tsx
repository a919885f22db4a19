import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AnyStateMachine } from 'xstate';
import { eventsOf } from '../../../charts/graph.ts';
import { layoutMachine, prepare } from '../../../charts/layout.ts';
import { chartSvg } from '../../../charts/svg.ts';
import { registry } from '../../../machines/index.ts';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { StateChart } from './StateChart.tsx';
import { useCoverage } from './useCoverage.ts';
import { activeIdsOf, useLiveActors } from './useLiveActors.ts';
import './charts.css';

type Choice = { kind: 'machine'; name: string } | { kind: 'actor'; path: string };

/** The registry entry with the same definition as a machine (running machines are provided copies of registry ones). */
function registryNameOf(machine: AnyStateMachine): string | null {
  const { hash } = prepare(machine);
  return registry.find((entry) => prepare(entry.machine).hash === hash)?.name ?? null;
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The live attachment and the chosen actor, kept while the app runs: leaving /charts to act in the app and coming back keeps them. */
const remembered: { liveOn: boolean; actor: string | null } = { liveOn: false, actor: null };

/** /charts (staff): the registry's machines drawn from their definitions, coverage, the live system, SVG export. */
export default function ChartsPage({ machineName }: { machineName?: string | undefined }) {
  usePageTitle(t('charts.title'));
  const [choice, setChoice] = useState<Choice>(() =>
    machineName && registry.some((e) => e.name === machineName)
      ? { kind: 'machine', name: machineName }
      : remembered.liveOn && remembered.actor
        ? { kind: 'actor', path: remembered.actor }
        : { kind: 'machine', name: 'translation' },
  );
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focus, setFocus] = useState<string>('');
  const [filter, setFilter] = useState<string>('');
  const [search, setSearch] = useState('');
  const [showCoverage, setShowCoverage] = useState(false);
  const [listed, setListed] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [liveOn, setLiveOn] = useState(remembered.liveOn);
  const live = useLiveActors(liveOn);
  useEffect(() => {
    remembered.liveOn = liveOn;
    remembered.actor = choice.kind === 'actor' ? choice.path : null;
  }, [liveOn, choice]);
  const ids = { search: useId(), filter: useId(), focus: useId(), heading: useId(), machines: useId(), live: useId() };

  const actor = choice.kind === 'actor' ? (live.actors.find((a) => a.path === choice.path) ?? null) : null;
  const entry = choice.kind === 'machine' ? registry.find((e) => e.name === choice.name)! : null;
  const machine: AnyStateMachine | null = entry?.machine ?? actor?.machine ?? null;
  const coverageName = entry?.name ?? (machine ? registryNameOf(machine) : null);
  const coverage = useCoverage(coverageName, showCoverage);
  const graph = machine ? prepare(machine).graph : null;

  const active = useMemo(() => (actor && !actor.stopped ? activeIdsOf(actor.ref) : undefined),
    // The live version changes with every inspection event: the active states are read again then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actor, live.version]);

  const choiceKey = choice.kind === 'machine' ? choice.name : choice.path;
  useEffect(() => {
    setCollapsed(new Set());
    setFocus('');
    setFilter('');
    setSearch('');
    setSelected(null);
  }, [choiceKey]);

  const compound = graph ? [...graph.nodes.values()].filter((n) => n.children.length > 0 && n.parent !== null) : [];
  const events = graph ? eventsOf(graph) : [];
  const found = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!graph || !term) return [];
    return [...graph.nodes.values()].filter((n) => n.id.toLowerCase().includes(term)).map((n) => n.id);
  }, [graph, search]);
  const triggers = useMemo(() => (filter ? new Set([filter]) : null), [filter]);
  const view = useMemo(() => ({ collapsed, focus: focus || null, listed }), [collapsed, focus, listed]);
  const chartCoverage = coverage.status === 'ready' ? coverage.coverage : null;

  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportSvg = async () => {
    if (!machine) return;
    // The file is for reviews: every targetless transition listed, whatever the page shows.
    const layout = await layoutMachine(machine, { ...view, listed: true });
    const title = entry ? `${entry.name}: ${entry.description}` : `${choiceKey} (${machine.id})`;
    download(chartSvg(layout, title, { active: active ?? new Set(), coverage: chartCoverage, triggers, found: new Set(found), selected }), `${(entry?.name ?? machine.id).replace(/[^\w.-]+/g, '-')}.svg`);
  };

  const selectedTransition = selected && graph ? graph.transitions.find((tr) => tr.id === selected) : undefined;
  const shortest = selected && coverage.status === 'ready' ? coverage.shortest[selected] : undefined;
  const title = entry?.name ?? choiceKey;

  return (
    <AppLayout className="charts-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('charts.title')}</h1>
          <p className="page-subtitle">{t('charts.intro')}</p>
        </div>
      </div>
      <div className="charts-layout">
        <div className="charts-sidebar">
          <nav aria-labelledby={ids.machines}>
            <h2 id={ids.machines} className="charts-sidebar__heading">
              {t('charts.machines.heading')}
            </h2>
            <ul className="charts-list">
              {registry.map((e) => (
                <li key={e.name}>
                  <Link
                    href={`/charts/${e.name}`}
                    className="charts-list__item"
                    aria-current={choice.kind === 'machine' && choice.name === e.name ? 'page' : undefined}
                    onClick={() => setChoice({ kind: 'machine', name: e.name })}
                  >
                    <span className="charts-list__name">{e.name}</span>
                    <span className="charts-list__description">{e.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby={ids.live} className="charts-live">
            <h2 id={ids.live} className="charts-sidebar__heading">
              {t('charts.live.heading')}
            </h2>
            <label className="charts-check">
              <input type="checkbox" checked={liveOn} onChange={(e) => setLiveOn(e.target.checked)} /> {t('charts.live.attach')}
            </label>
            {liveOn && (
              <ul className="charts-list" aria-label={t('charts.live.actors')}>
                {live.actors.map((a) => (
                  <li key={a.path}>
                    <button
                      type="button"
                      className="charts-list__item charts-list__item--actor"
                      disabled={!a.machine}
                      aria-pressed={choice.kind === 'actor' && choice.path === a.path}
                      onClick={() => setChoice({ kind: 'actor', path: a.path })}
                    >
                      <span className="charts-list__name">{a.path}</span>
                      <span className="charts-list__description">
                        {a.stopped ? t('charts.live.stopped') : a.machine ? t('charts.live.machine') : t('charts.live.other')}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <section className="charts-main" aria-labelledby={ids.heading}>
          <h2 id={ids.heading} className="charts-main__heading">
            {title}
            {actor && <span className="charts-main__badge">{actor.stopped ? t('charts.live.stopped') : t('charts.live.badge')}</span>}
          </h2>
          <p className="charts-main__description">{entry?.description ?? (actor && !actor.machine ? t('charts.live.notMachine') : coverageName ? t('charts.live.runs', { name: coverageName }) : '')}</p>
          {machine && graph && (
            <>
              <div className="charts-toolbar">
                <label htmlFor={ids.search}>{t('charts.search.label')}</label>
                <input id={ids.search} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('charts.search.placeholder')} />
                <label htmlFor={ids.filter}>{t('charts.filter.label')}</label>
                <select id={ids.filter} value={filter} onChange={(e) => setFilter(e.target.value)}>
                  <option value="">{t('charts.filter.all')}</option>
                  {events.map((ev) => (
                    <option key={ev} value={ev}>
                      {ev}
                    </option>
                  ))}
                </select>
                <label htmlFor={ids.focus}>{t('charts.focus.label')}</label>
                <select id={ids.focus} value={focus} onChange={(e) => setFocus(e.target.value)}>
                  <option value="">{t('charts.focus.all')}</option>
                  {compound.map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.id}
                    </option>
                  ))}
                </select>
                <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set(compound.map((n) => n.id)))}>
                  {t('charts.collapseAll')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set())}>
                  {t('charts.expandAll')}
                </Button>
                <label className="charts-check">
                  <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} /> {t('charts.listed')}
                </label>
                <label className="charts-check">
                  <input type="checkbox" checked={showCoverage} disabled={!coverageName} onChange={(e) => setShowCoverage(e.target.checked)} /> {t('charts.coverage.show')}
                </label>
                <Button variant="primary" size="sm" onClick={() => void exportSvg()}>
                  {t('charts.export')}
                </Button>
              </div>
              <div className="charts-statusbar">
                <p className="charts-status" aria-live="polite">
                  {search.trim() && t(found.length ? 'charts.search.found' : 'charts.search.none', { count: found.length, first: found[0] ?? '' })}
                  {coverage.status === 'running' && t('charts.coverage.running')}
                  {coverage.status === 'ready' && t('charts.coverage.summary', { summary: coverage.summary })}
                </p>
                {!selectedTransition && <p className="charts-detail__hint">{t('charts.detail.hint')}</p>}
              </div>
              {coverage.status === 'failed' && (
                <p className="charts-status charts-status--error" role="alert">
                  {t('charts.coverage.failed', { message: coverage.message })}
                </p>
              )}
              {/* The chart takes the whole width; a chosen transition's details lie over its top left corner. */}
              <div className="charts-body">
              <StateChart
                machine={machine}
                active={active}
                coverage={chartCoverage}
                view={view}
                onToggleState={toggle}
                onSelectTransition={setSelected}
                triggers={triggers}
                found={found}
                selected={selected}
                label={t('charts.chart.label', { machine: title })}
              />
              <div className="charts-detail" aria-live="polite">
                {selectedTransition && (
                  <>
                    <div className="charts-detail__top">
                      <h3 className="charts-detail__heading">{t('charts.detail.heading')}</h3>
                      <Button variant="secondary" size="sm" aria-label={t('charts.detail.close')} onClick={() => setSelected(null)}>
                        {t('common.close')}
                      </Button>
                    </div>
                    <p>
                      <code>{selectedTransition.id}</code>
                      {selectedTransition.targets.length > 0 && <> → {selectedTransition.targets.join(', ')}</>}
                    </p>
                    {selectedTransition.guard && <p>{t('charts.detail.guard', { guard: selectedTransition.guard })}</p>}
                    {selectedTransition.actions.length > 0 && <p>{t('charts.detail.actions', { actions: selectedTransition.actions.join(', ') })}</p>}
                    {coverage.status !== 'ready' ? (
                      <p>{t('charts.detail.needsCoverage')}</p>
                    ) : shortest ? (
                      <>
                        <p>{t('charts.detail.path')}</p>
                        <ol className="charts-detail__path">
                          {shortest.length === 0 ? <li>{t('charts.detail.initial')}</li> : shortest.map((ev, i) => <li key={i}>{ev}</li>)}
                        </ol>
                      </>
                    ) : (
                      <p>{t('charts.detail.notTaken')}</p>
                    )}
                  </>
                )}
              </div>
              </div>
            </>
          )}
        </section>
      </div>
    </AppLayout>
  );
}
