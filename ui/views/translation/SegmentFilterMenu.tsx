/**
 * The segment filter (translation-editor §2 "Segment filters"): the filters offered as a labelled native select, the
 * active one chosen. The default is all. `filters` narrows the list (§2 the updates filter is offered only when
 * course updates exist and the course-updates filter is not active); without it all but that one are offered.
 */
import { SEGMENT_FILTERS, type SegmentFilter } from '../../../domain/translationModel.ts';
import { Select } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { filterLabel } from './labels.ts';

export interface SegmentFilterMenuProps {
  value: SegmentFilter;
  onChange: (filter: SegmentFilter) => void;
  disabled?: boolean;
  /** The filters offered, in order (default: SEGMENT_FILTERS without the updates filter, which is offered only when told). */
  filters?: readonly SegmentFilter[];
}

/** §2 the filter offered only on condition. */
const CONDITIONAL_FILTER: string = 'updatesFromPreviousVersion';
const optionsOf = (filters: readonly SegmentFilter[]) => filters.map((filter) => ({ value: filter, label: filterLabel(filter) }));
const DEFAULT_OPTIONS = optionsOf(SEGMENT_FILTERS.filter((filter) => filter !== CONDITIONAL_FILTER));

/** The filter picker. */
export function SegmentFilterMenu({ value, onChange, disabled, filters }: SegmentFilterMenuProps) {
  return (
    <Select<SegmentFilter>
      label={t('translation.filter.label')}
      value={value}
      options={filters ? optionsOf(filters) : DEFAULT_OPTIONS}
      onChange={onChange}
      disabled={disabled}
      size="sm"
      hideLabel
      className="translation-filter"
    />
  );
}
