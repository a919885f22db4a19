import type { AnyStateMachine } from 'xstate';
import { cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { StateChart } from '../charts/StateChart.tsx';

type AnyStateNode = AnyStateMachine['root'];

export interface ActorChartProps {
  machine: AnyStateMachine;
  /** Ids of the active state nodes. */
  active?: ReadonlySet<string>;
}

function StateItem({ node, active }: { node: AnyStateNode; active: ReadonlySet<string> }) {
  const children = Object.values(node.states) as AnyStateNode[];
  const isActive = active.has(node.id);
  const kind = node.type === 'parallel' ? 'parallel' : node.type === 'final' ? 'final' : node.type === 'history' ? 'history' : null;
  return (
    <li className={cx('replay-chart__state', isActive && 'replay-chart__state--active')} aria-current={isActive ? 'true' : undefined}>
      <span className="replay-chart__name">{node.key}</span>
      {kind && <span className="replay-chart__kind">{t(`support.replay.chart.${kind}`)}</span>}
      {isActive && <span className="replay-chart__badge">{t('support.replay.chart.active')}</span>}
      {children.length > 0 && (
        <ul className={cx('replay-chart__children', node.type === 'parallel' && 'replay-chart__children--parallel')}>
          {children.map((child) => (
            <StateItem key={child.id} node={child} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The one place the replay viewer draws a machine with its active states: the chart (ui/views/charts StateChart,
 * elkjs layout, the active states highlighted) and, as its text alternative, the nested list of the machine's states
 * (names, parallel/final/history marked, the active ones highlighted and marked "active").
 */
export function ActorChart({ machine, active = new Set() }: ActorChartProps) {
  return (
    <div className="replay-chart__views">
      <StateChart machine={machine} active={active} label={t('support.replay.chart.drawn', { machine: machine.id })} />
      <ul className="replay-chart">
        <StateItem node={machine.root} active={active} />
      </ul>
    </div>
  );
}
