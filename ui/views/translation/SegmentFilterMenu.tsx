/**
 * The segment filter (translation-editor §2 "Segment filters"): the seven filters of this issue as a labelled native
 * select, the active one chosen. The default is all.
 */
import { SEGMENT_FILTERS, type SegmentFilter } from '../../../domain/translationModel.ts';
import { Select } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { filterLabel } from './labels.ts';

export interface SegmentFilterMenuProps {
  value: SegmentFilter;
  onChange: (filter: SegmentFilter) => void;
  disabled?: boolean;
}

const OPTIONS = SEGMENT_FILTERS.map((filter) => ({ value: filter, label: filterLabel(filter) }));

/** The filter picker. */
export function SegmentFilterMenu({ value, onChange, disabled }: SegmentFilterMenuProps) {
  return (
    <Select<SegmentFilter>
      label={t('translation.filter.label')}
      value={value}
      options={OPTIONS}
      onChange={onChange}
      disabled={disabled}
      size="sm"
      hideLabel
      className="translation-filter"
    />
  );
}
