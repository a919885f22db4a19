/**
 * Audio groups (translation-editor §2 "Validate audio elements" opens a side drawer with a title and child groups by
 * audio type; §3 segment meta type script, captions, transcript): the button and the drawer (a modal dialog drawn
 * against the right edge; Escape, × or the backdrop close it). A segment click goes to it in the table.
 */
import { Dialog, EmptyState, PlayIcon } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export type AudioType = 'script' | 'captions' | 'transcript';
/** The drawer's order of the types. */
export const AUDIO_TYPES: readonly AudioType[] = ['script', 'captions', 'transcript'];

/** A segment as the drawer lists it: plain texts. */
export interface AudioSegment {
  key: string;
  groupTitle: string;
  source: string;
  target: string;
}
export interface AudioGroup {
  type: AudioType;
  segments: readonly AudioSegment[];
}

export interface AudioButtonProps {
  /** Audio segments in the course; no button when 0. */
  count: number;
  onClick: () => void;
  /** The drawer is open (aria-expanded). */
  open?: boolean;
}

/** "Validate audio elements". */
export function AudioButton({ count, onClick, open = false }: AudioButtonProps) {
  if (count < 1) return null;
  return (
    <button type="button" className="translation-audio-button" aria-haspopup="dialog" aria-expanded={open} title={t('translationTools.audio.button')} onClick={onClick}>
      <PlayIcon size={14} />
      <span className="translation-audio-button__label">{t('translationTools.audio.button')}</span>
      <span className="translation-audio-button__count">{count}</span>
    </button>
  );
}

export interface AudioDrawerProps {
  open: boolean;
  groups: readonly AudioGroup[];
  /** Target text direction and language. */
  dir: 'ltr' | 'rtl';
  lang: string;
  onGoTo: (key: string) => void;
  onClose: () => void;
}

/** The groups to show: by type in AUDIO_TYPES order, empty ones left out (several entries of one type merged). */
export function audioGroupsShown(groups: readonly AudioGroup[]): AudioGroup[] {
  return AUDIO_TYPES.map((type) => ({ type, segments: groups.filter((group) => group.type === type).flatMap((group) => group.segments) })).filter(
    (group) => group.segments.length > 0,
  );
}

/** The drawer: "Audio elements", a section per audio type, or the empty state. */
export function AudioDrawer({ open, groups, dir, lang, onGoTo, onClose }: AudioDrawerProps) {
  const shown = audioGroupsShown(groups);
  return (
    <Dialog open={open} onClose={onClose} size="md" title={t('translationTools.audio.title')} description={t('translationTools.audio.description')} className="translation-drawer">
      {shown.length === 0 ? (
        <EmptyState headingLevel={3} title={t('translationTools.audio.empty')} className="translation-drawer__empty" />
      ) : (
        shown.map((group) => {
          const typeLabel = t(`translationTools.audio.type.${group.type}`);
          const headingId = `translation-audio-${group.type}`;
          return (
            <section key={group.type} className="translation-audio" aria-labelledby={headingId}>
              <h3 id={headingId} className="translation-audio__title">
                {typeLabel}
                <span className="translation-audio__count">
                  {group.segments.length === 1 ? t('translationTools.audio.countOne') : t('translationTools.audio.count', { count: group.segments.length })}
                </span>
              </h3>
              <ul className="translation-audio__list">
                {group.segments.map((segment) => (
                  <li key={segment.key}>
                    <button type="button" className="translation-audio__segment" onClick={() => onGoTo(segment.key)}>
                      <span className="translation-audio__group">{segment.groupTitle}</span>
                      <span className="translation-audio__source">{segment.source}</span>
                      <span className="translation-audio__target" lang={lang} dir={dir}>
                        {segment.target}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </Dialog>
  );
}
