/**
 * A segment row's markers (translation-editor §5 duplicates and low contrast; the version diff's disabled segments):
 * small icons, each focusable with its words as a tooltip and as its accessible name.
 */
import type { ReactNode } from 'react';
import { CopyIcon, InfoIcon, Tooltip, WarningIcon } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface SegmentMarkersProps {
  /** Occurrences of the source text, this segment included: "Appears N times" from 2. */
  duplicates: number;
  lowContrast: boolean;
  disabledByDiff: boolean;
}

/** The markers that apply, in a fixed order: duplicates, low contrast, disabled by the diff. */
export function SegmentMarkers({ duplicates, lowContrast, disabledByDiff }: SegmentMarkersProps) {
  return (
    <span className="translation-markers">
      {duplicates > 1 && (
        <Marker kind="duplicates" label={t('translationTools.badge.duplicates', { count: duplicates })}>
          <CopyIcon size={12} />
          <span aria-hidden="true">{duplicates}</span>
        </Marker>
      )}
      {lowContrast && (
        <Marker kind="lowContrast" label={t('translationTools.badge.lowContrast')}>
          <WarningIcon size={12} />
          <span aria-hidden="true">{t('translationTools.badge.lowContrastShort')}</span>
        </Marker>
      )}
      {disabledByDiff && (
        <Marker kind="disabledByDiff" label={t('translationTools.badge.disabledByDiff')}>
          <InfoIcon size={12} />
        </Marker>
      )}
    </span>
  );
}

function Marker({ kind, label, children }: { kind: string; label: string; children: ReactNode }) {
  return (
    <Tooltip content={label} placement="top">
      {() => (
        // Focusable so keyboard users get the tip; named by the same words.
        <span className={`translation-marker translation-marker--${kind}`} role="img" aria-label={label} tabIndex={0}>
          {children}
        </span>
      )}
    </Tooltip>
  );
}
