import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { ChartView } from '../../../charts/graph.ts';
import './elkEngine.ts';
import { layoutMachine, METRICS, type ChartLayout, type LaidEdge, type LaidNode } from '../../../charts/layout.ts';
import { edgePath } from '../../../charts/svg.ts';
import { COLORS, FONT, edgeStyle, reactAttrs, stateStyle, type ChartMarks } from '../../../charts/theme.ts';
import { t } from '../../strings.ts';
import './charts.css';

/** Coverage of a machine by generated paths: taken state ids and transition ids (tools/pathGen.ts names). */
export interface ChartCoverage {
  states: ReadonlySet<string>;
  transitions: ReadonlySet<string>;
}

export interface StateChartProps {
  machine: AnyStateMachine;
  /** Active state node ids, e.g. "translation.open.load.ready". */
  active?: ReadonlySet<string>;
  coverage?: ChartCoverage | null;
  /** Called with a transition's id (tools/pathGen.ts transitionIds) when it is clicked or chosen with the keyboard. */
  onSelectTransition?: (transitionId: string) => void;
  /** Collapsed compound states and the focused region. */
  view?: ChartView;
  /** Called with a compound state's id when its box is clicked or chosen with the keyboard (collapse / expand). */
  onToggleState?: (stateId: string) => void;
  /** Triggers shown at full strength (event filter); null shows every transition. */
  triggers?: ReadonlySet<string> | null;
  /** States matching a search; the first is brought into view. */
  found?: readonly string[];
  selected?: string | null;
  /** The chart's accessible name. */
  label?: string;
}

interface Camera {
  x: number;
  y: number;
  scale: number;
}

const MIN_SCALE = 0.15;
const MAX_SCALE = 3;
const PAN_STEP = 80;
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The camera that shows the whole layout in a viewport (never larger than full size). */
function fitCamera(layout: ChartLayout, width: number, height: number): Camera {
  const scale = clampScale(Math.min(1, (width - 24) / (layout.width + 40), (height - 24) / (layout.height + 40)));
  return { x: 12, y: 12, scale };
}

/** The state a chart opens on: the atomic state the most drawn transitions leave (the first such in definition order). */
function startState(layout: ChartLayout): LaidNode | undefined {
  const out = new Map<string, number>();
  for (const e of layout.edges) out.set(e.source, (out.get(e.source) ?? 0) + 1);
  let best: LaidNode | undefined;
  for (const n of layout.nodes) if (n.node.children.length === 0 && (out.get(n.id) ?? 0) > (best ? (out.get(best.id) ?? 0) : 0)) best = n;
  return best ?? layout.nodes[0];
}

/** The camera a chart opens with: the whole chart when it fits at a readable size, else at 85% from its busiest state. */
function startCamera(layout: ChartLayout, width: number, height: number): Camera {
  const fitted = fitCamera(layout, width, height);
  if (fitted.scale >= 0.85) return fitted;
  const scale = 0.85;
  const start = startState(layout);
  if (!start) return { x: 12, y: 12, scale };
  return { scale, x: Math.min(12, 48 - start.x * scale), y: Math.min(12, height / 3 - start.y * scale) };
}

function activate(event: KeyboardEvent, run: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    event.stopPropagation();
    run();
  }
}

function StateBox({ laid, marks, onToggle }: { laid: LaidNode; marks: ChartMarks; onToggle?: ((id: string) => void) | undefined }) {
  const { node, x, y, width, height } = laid;
  const hasChildren = node.children.length > 0 && !laid.collapsed;
  const style = reactAttrs(stateStyle(node.id, node.kind, hasChildren, marks));
  const toggles = node.children.length > 0 && node.parent !== null && onToggle;
  const [title, ...lines] = laid.lines;
  const name = toggles ? t(laid.collapsed ? 'charts.state.expand' : 'charts.state.collapse', { state: node.id }) : undefined;
  return (
    <g
      data-state={node.id}
      data-active={marks.active?.has(node.id) ? 'true' : undefined}
      className={toggles ? 'state-chart__toggle' : undefined}
      onClick={toggles ? () => onToggle(node.id) : undefined}
    >
      <title>{name ?? node.id}</title>
      <rect x={x} y={y} width={width} height={height} rx={node.kind === 'history' ? height / 2 : hasChildren ? 6 : 10} {...style} />
      {node.kind === 'final' && <rect x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={8} fill="none" stroke={style.stroke} strokeWidth={1} />}
      {node.initial && (
        <>
          <circle cx={x - 12} cy={y + 13} r={4} fill={COLORS.text} />
          <path d={`M${x - 8},${y + 13} L${x},${y + 13}`} stroke={COLORS.text} strokeWidth={1.3} markerEnd="url(#chart-arrow)" />
        </>
      )}
      {toggles && (
        <g
          role="button"
          tabIndex={0}
          aria-label={name}
          aria-expanded={!laid.collapsed}
          className="state-chart__toggle-button"
          onClick={(e) => {
            e.stopPropagation();
            onToggle(node.id);
          }}
          onKeyDown={(e) => activate(e, () => onToggle(node.id))}
        >
          <rect x={x + width - 24} y={y + 4} width={20} height={20} rx={4} fill="#ffffff" stroke={COLORS.stroke} />
          <text x={x + width - 14} y={y + 19} fontSize={14} textAnchor="middle" fill={COLORS.text}>
            {laid.collapsed ? '+' : '−'}
          </text>
        </g>
      )}
      <text x={x + METRICS.pad} y={y + 18} fontSize={13} fontWeight={600} fill={COLORS.text}>
        {title}
      </text>
      {lines.map((line, i) => (
        <text key={i} x={x + METRICS.pad} y={y + METRICS.titleHeight + 8 + i * METRICS.lineHeight} fontSize={11} fill={COLORS.muted}>
          {line}
        </text>
      ))}
    </g>
  );
}

function Edge({ edge, marks, onSelect }: { edge: LaidEdge; marks: ChartMarks; onSelect?: ((id: string) => void) | undefined }) {
  const tr = edge.transition;
  const style = reactAttrs(edgeStyle(tr.id, tr.kind, tr.trigger, marks));
  const { label } = edge;
  const faded = style.opacity !== undefined;
  const name = t('charts.transition.name', { source: edge.source, trigger: edge.label.lines.join(' '), target: edge.target });
  return (
    <g
      data-transition={tr.id}
      className={onSelect ? 'state-chart__edge' : undefined}
      opacity={faded ? 0.15 : undefined}
      {...(onSelect ? { role: 'button', tabIndex: faded ? -1 : 0, 'aria-label': name, onClick: () => onSelect(tr.id), onKeyDown: (e: KeyboardEvent) => activate(e, () => onSelect(tr.id)) } : {})}
    >
      <title>{name}</title>
      <path d={edgePath(edge.points)} {...style} opacity={undefined} markerEnd="url(#chart-arrow)" />
      <rect x={label.x} y={label.y} width={label.width} height={label.height} rx={3} fill={COLORS.labelFill} fillOpacity={0.9} />
      {label.lines.map((line, i) => (
        <text key={i} x={label.x + 4} y={label.y + 12 + i * METRICS.labelLineHeight} fontSize={11} fontWeight={i === 0 ? 600 : undefined} fill={i === 0 ? style.stroke : COLORS.muted}>
          {line}
        </text>
      ))}
    </g>
  );
}

/**
 * A machine's statechart drawn from its definition (charts/: graph, elkjs layout cached by definition hash), with
 * pan and zoom by mouse (drag, wheel) and keyboard (arrows, + and −, 0 to fit), collapsible compound states,
 * clickable transitions, and marks for active states, coverage, an event filter and a search.
 */
export function StateChart({ machine, active, coverage, onSelectTransition, view, onToggleState, triggers = null, found = [], selected = null, label }: StateChartProps) {
  const [layout, setLayout] = useState<ChartLayout | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [camera, setCamera] = useState<Camera | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; camera: Camera } | null>(null);
  const collapsedKey = [...(view?.collapsed ?? [])].sort().join(',');
  const focus = view?.focus ?? null;
  const listed = view?.listed ?? true;
  const machineId = machine.id;

  useEffect(() => {
    let live = true;
    setFailed(null);
    const collapsed = new Set(collapsedKey ? collapsedKey.split(',') : []);
    layoutMachine(machine, { collapsed, focus, listed }).then(
      (next) => live && setLayout(next),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [machine, collapsedKey, focus, listed]);

  // A new machine or region starts fitted; collapsing keeps the camera.
  useEffect(() => setCamera(null), [machineId, focus]);
  useEffect(() => {
    if (layout && camera === null) setCamera(startCamera(layout, viewport.current?.clientWidth ?? 1000, viewport.current?.clientHeight ?? 600));
  }, [layout, camera]);

  const firstFound = found[0];
  useEffect(() => {
    if (!layout || !firstFound) return;
    const node = layout.nodes.find((n) => n.id === firstFound);
    const el = viewport.current;
    if (!node || !el) return;
    setCamera((cam) => {
      const scale = Math.max(cam?.scale ?? 1, 0.8);
      return { scale, x: el.clientWidth / 2 - (node.x + node.width / 2) * scale, y: el.clientHeight / 2 - (node.y + Math.min(node.height, 200) / 2) * scale };
    });
  }, [layout, firstFound]);

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    setCamera((cam) => {
      if (!cam) return cam;
      const el = viewport.current;
      const px = cx ?? (el ? el.clientWidth / 2 : 0);
      const py = cy ?? (el ? el.clientHeight / 2 : 0);
      const scale = clampScale(cam.scale * factor);
      const k = scale / cam.scale;
      return { scale, x: px - (px - cam.x) * k, y: py - (py - cam.y) * k };
    });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      zoomAt(Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const fit = useCallback(() => layout && setCamera(fitCamera(layout, viewport.current?.clientWidth ?? 1000, viewport.current?.clientHeight ?? 600)), [layout]);
  const pan = (dx: number, dy: number) => setCamera((cam) => (cam ? { ...cam, x: cam.x + dx, y: cam.y + dy } : cam));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(PAN_STEP, 0),
      ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP),
      ArrowDown: () => pan(0, -PAN_STEP),
      '+': () => zoomAt(1.25),
      '=': () => zoomAt(1.25),
      '-': () => zoomAt(0.8),
      '0': fit,
    };
    const run = keys[event.key];
    if (run && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      run();
    }
  };

  // A control reached with Tab is brought into view.
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const el = viewport.current;
    if (!el || event.target === el) return;
    const box = event.target.getBoundingClientRect();
    const view = el.getBoundingClientRect();
    const margin = 24;
    let dx = 0;
    let dy = 0;
    if (box.right > view.right - margin) dx = view.right - margin - box.right;
    if (box.left + dx < view.left + margin) dx = view.left + margin - box.left;
    if (box.bottom > view.bottom - margin) dy = view.bottom - margin - box.bottom;
    if (box.top + dy < view.top + margin) dy = view.top + margin - box.top;
    if (dx || dy) pan(dx, dy);
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !camera || (event.target as Element).closest('[role="button"]')) return;
    drag.current = { x: event.clientX, y: event.clientY, camera };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setCamera({ ...start.camera, x: start.camera.x + event.clientX - start.x, y: start.camera.y + event.clientY - start.y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const marks = useMemo<ChartMarks>(
    () => ({ active: active ?? new Set(), coverage: coverage ?? null, triggers, found: new Set(found), selected }),
    [active, coverage, triggers, found, selected],
  );

  const name = label ?? t('charts.chart.label', { machine: machine.id });
  return (
    <div className="state-chart">
      <div className="state-chart__zoom" role="group" aria-label={t('charts.zoom.group')}>
        <button type="button" className="state-chart__zoom-button" onClick={() => zoomAt(1.25)} aria-label={t('charts.zoom.in')}>
          +
        </button>
        <button type="button" className="state-chart__zoom-button" onClick={() => zoomAt(0.8)} aria-label={t('charts.zoom.out')}>
          −
        </button>
        <button type="button" className="state-chart__zoom-button" onClick={fit}>
          {t('charts.zoom.fit')}
        </button>
        <span className="state-chart__scale" aria-live="polite">
          {camera ? `${Math.round(camera.scale * 100)}%` : ''}
        </span>
      </div>
      <div
        ref={viewport}
        className="state-chart__viewport"
        tabIndex={0}
        role="group"
        aria-label={`${name}. ${t('charts.chart.keys')}`}
        aria-busy={layout === null}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {failed && <p className="state-chart__note" role="alert">{t('charts.chart.failed', { message: failed })}</p>}
        {!layout && !failed && <p className="state-chart__note">{t('charts.chart.laying')}</p>}
        {layout && camera && (
          <svg
            className="state-chart__svg"
            xmlns="http://www.w3.org/2000/svg"
            width={layout.width + 40}
            height={layout.height + 40}
            viewBox={`-20 -20 ${layout.width + 40} ${layout.height + 40}`}
            fontFamily={FONT}
            style={{ transform: `translate(${camera.x}px, ${camera.y}px) scale(${camera.scale})` }}
            data-machine={machine.id}
          >
            <defs>
              <marker id="chart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0,0 L10,5 L0,10 z" fill={COLORS.edge} />
              </marker>
            </defs>
            {layout.nodes.map((laid) => (
              <StateBox key={laid.id} laid={laid} marks={marks} onToggle={onToggleState} />
            ))}
            {layout.edges.map((edge) => (
              <Edge key={edge.id} edge={edge} marks={marks} onSelect={onSelectTransition} />
            ))}
          </svg>
        )}
      </div>
    </div>
  );
}
