import { useId, useRef, useState, type DragEvent } from 'react';
import { REPLAY_SPEEDS, type ReplaySpeed } from '../../../machines/support/replayViewerMachine.ts';
import { Banner, Button, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { formatTime } from './Timeline.tsx';

/** The file picker and drop zone: the picked or dropped file goes to `onFile` (read in this browser only). */
export function LogOpener(props: { onFile: (file: File) => void; loadingName: string | null; error: { file: string; message: string } | null; compact: boolean }) {
  const { onFile, loadingName, error, compact } = props;
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={cx('replay-drop', over && 'replay-drop--over', compact && 'replay-drop--compact')}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span className="replay-drop__text">{t('support.replay.open.drop')}</span>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".gz,.jsonl,application/gzip"
        className="k-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      <Button variant={compact ? 'secondary' : 'primary'} onClick={() => input.current?.click()}>
        {compact ? t('support.replay.open.another') : t('support.replay.open.choose')}
      </Button>
      {loadingName !== null && (
        <p role="status" className="replay-drop__status">
          {t('support.replay.open.loading', { file: loadingName })}
        </p>
      )}
      {error !== null && (
        <Banner tone="error" className="replay-drop__error">
          {t('support.replay.open.failed', error)}
        </Banner>
      )}
    </div>
  );
}

export interface ReplayControlsProps {
  cursor: number;
  times: readonly number[];
  divergenceAt: readonly number[];
  playing: boolean;
  speed: ReplaySpeed;
  skipIdle: boolean;
  actors: readonly string[];
  chosen: string;
  jumpNote: string | null;
  onSeek: (index: number) => void;
  onStep: (by: number) => void;
  onTogglePlay: () => void;
  onSpeed: (speed: ReplaySpeed) => void;
  onSkipIdle: (skipIdle: boolean) => void;
  onChoose: (actor: string) => void;
  onActorJump: (direction: 1 | -1) => void;
}

/** Scrubber (divergences marked along it), step, play at a speed, skip idle, and jumps between one actor's events. */
export function ReplayControls(props: ReplayControlsProps) {
  const { cursor, times, divergenceAt, playing, speed, skipIdle, actors, chosen, jumpNote } = props;
  const actorId = useId();
  const count = times.length;
  const last = Math.max(count - 1, 1);
  return (
    <div className="replay-controls" role="group" aria-label={t('support.replay.controls.label')}>
      <div className="replay-scrubber">
        <input
          type="range"
          className="replay-scrubber__input"
          min={0}
          max={count - 1}
          step={1}
          value={cursor}
          aria-label={t('support.replay.controls.scrubber')}
          aria-valuetext={t('support.replay.controls.position', { index: cursor, count: count.toLocaleString('en'), time: formatTime(times[cursor] ?? 0) })}
          onChange={(event) => props.onSeek(Number(event.target.value))}
        />
        <div className="replay-scrubber__marks" aria-hidden="true">
          {divergenceAt.map((index) => (
            <span key={index} className="replay-scrubber__mark" style={{ left: `${(index / last) * 100}%` }} />
          ))}
        </div>
      </div>
      <p className="replay-controls__position" aria-live="off">
        {t('support.replay.controls.position', { index: cursor, count: count.toLocaleString('en'), time: formatTime(times[cursor] ?? 0) })}
      </p>
      <div className="replay-controls__row">
        <Button size="sm" onClick={() => props.onStep(-1)} disabled={cursor <= 0}>
          {t('support.replay.controls.stepBack')}
        </Button>
        <Button size="sm" variant="primary" onClick={props.onTogglePlay} disabled={!playing && cursor >= count - 1}>
          {playing ? t('support.replay.controls.pause') : t('support.replay.controls.play')}
        </Button>
        <Button size="sm" onClick={() => props.onStep(1)} disabled={cursor >= count - 1}>
          {t('support.replay.controls.stepForward')}
        </Button>
        <fieldset className="replay-speed">
          <legend>{t('support.replay.controls.speed')}</legend>
          {REPLAY_SPEEDS.map((value) => (
            <label key={value} className="replay-speed__option">
              <input type="radio" name="replay-speed" value={value} checked={speed === value} onChange={() => props.onSpeed(value)} />
              {value}×
            </label>
          ))}
        </fieldset>
        <label className="replay-check">
          <input type="checkbox" checked={skipIdle} onChange={(event) => props.onSkipIdle(event.target.checked)} />
          {t('support.replay.controls.skipIdle')}
        </label>
      </div>
      <div className="replay-controls__row">
        <label htmlFor={actorId} className="replay-controls__label">
          {t('support.replay.controls.actor')}
        </label>
        <select id={actorId} className="replay-select" value={chosen} onChange={(event) => props.onChoose(event.target.value)}>
          {actors.map((actor) => (
            <option key={actor} value={actor}>
              {actor}
            </option>
          ))}
        </select>
        <Button size="sm" onClick={() => props.onActorJump(-1)}>
          {t('support.replay.controls.previousOfActor')}
        </Button>
        <Button size="sm" onClick={() => props.onActorJump(1)}>
          {t('support.replay.controls.nextOfActor')}
        </Button>
        {jumpNote !== null && (
          <span role="status" className="replay-controls__note">
            {jumpNote}
          </span>
        )}
      </div>
      <p className="replay-controls__keys">{t('support.replay.controls.keys')}</p>
    </div>
  );
}
