import { useId } from 'react';
import type { RegistryEntry } from '../../../machines/index.ts';
import { cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { ActorChart } from './ActorChart.tsx';
import { activeStateIds } from './actorMachines.ts';
import { formatValue, type ActorStates } from './replayIndex.ts';

export interface ActorsPanelProps {
  actors: readonly string[];
  states: ActorStates;
  machines: ReadonlyMap<string, RegistryEntry | null>;
  chosen: string;
  onChoose: (actor: string) => void;
}

/** The chosen actor's recorded state at the cursor, drawn on its machine's states. */
export function ChosenActorPanel({ states, machines, chosen }: Omit<ActorsPanelProps, 'actors' | 'onChoose'>) {
  const chartHeadingId = useId();
  const chosenState = states.get(chosen);
  const chosenMachine = machines.get(chosen) ?? null;
  return (
    <section className="replay-panel replay-panel--chart" aria-labelledby={chartHeadingId}>
      <h2 id={chartHeadingId} className="replay-panel__title">
        {t('support.replay.chart.heading', { actor: chosen })}
      </h2>
      {!chosenState ? (
        <p className="replay-panel__note">{t('support.replay.chart.noState')}</p>
      ) : chosenMachine ? (
        <>
          <p className="replay-panel__note">
            {t('support.replay.chart.machine', { name: chosenMachine.name })} <code>{formatValue(chosenState.value) || '{}'}</code> ({chosenState.status})
          </p>
          <ActorChart machine={chosenMachine.machine} active={activeStateIds(chosenMachine.machine, chosenState.value)} />
        </>
      ) : (
        <p className="replay-panel__note">{t('support.replay.chart.noMachine', { value: formatValue(chosenState.value) || '{}' })}</p>
      )}
    </section>
  );
}

/** Every actor by system path with its machine and recorded state at the cursor; a path chooses the actor shown. */
export function ActorsPanel({ actors, states, machines, chosen, onChoose }: ActorsPanelProps) {
  const headingId = useId();
  return (
    <section className="replay-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="replay-panel__title">
        {t('support.replay.actors.heading')}
      </h2>
      <div className="replay-table-wrap">
        <table className="replay-table">
          <thead>
            <tr>
              <th scope="col">{t('support.replay.actors.path')}</th>
              <th scope="col">{t('support.replay.actors.machine')}</th>
              <th scope="col">{t('support.replay.actors.state')}</th>
              <th scope="col">{t('support.replay.actors.status')}</th>
            </tr>
          </thead>
          <tbody>
            {actors.map((actor) => {
              const state = states.get(actor);
              const machine = machines.get(actor);
              return (
                <tr key={actor} className={cx(actor === chosen && 'replay-table__chosen', state?.status === 'stopped' && 'replay-table__stopped')}>
                  <th scope="row">
                    <button
                      type="button"
                      className="replay-link"
                      aria-pressed={actor === chosen}
                      aria-label={t('support.replay.actors.choose', { actor })}
                      onClick={() => onChoose(actor)}
                    >
                      {actor}
                    </button>
                  </th>
                  <td>{state ? (machine?.name ?? t('support.replay.actors.unknownMachine')) : '—'}</td>
                  <td>{state ? formatValue(state.value) || '{}' : machine ? t('support.replay.actors.notYet') : t('support.replay.actors.adapter')}</td>
                  <td>{state?.status ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
