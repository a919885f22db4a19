import { useId, type ChangeEvent } from 'react';
import { cx } from './cx.ts';
import { ChevronDownIcon } from './icons.tsx';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectGroup<V extends string = string> {
  label: string;
  options: readonly SelectOption<V>[];
}

export interface SelectProps<V extends string = string> {
  /** The visible (or, with `hideLabel`, announced) label. */
  label: string;
  hideLabel?: boolean;
  /** The chosen value; '' with a `placeholder` shows the placeholder. */
  value: V | '';
  options?: readonly SelectOption<V>[];
  /** Options in labelled groups (after `options`). */
  groups?: readonly SelectGroup<V>[];
  /** A first, unselectable entry shown while nothing is chosen. */
  placeholder?: string;
  onChange: (value: V) => void;
  disabled?: boolean;
  size?: 'sm' | 'md';
  id?: string;
  className?: string;
  /** Id of a hint or error to announce with the field. */
  describedBy?: string;
}

/** A labelled native select (keyboard and screen-reader behaviour come with the platform), in the kit's look. */
export function Select<V extends string = string>({
  label,
  hideLabel = false,
  value,
  options = [],
  groups = [],
  placeholder,
  onChange,
  disabled,
  size = 'md',
  id,
  className,
  describedBy,
}: SelectProps<V>) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className={cx('k-select', `k-select--${size}`, className)}>
      <label htmlFor={selectId} className={hideLabel ? 'k-visually-hidden' : 'k-field__label'}>
        {label}
      </label>
      <span className="k-select__control">
        <select
          id={selectId}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as V)}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ChevronDownIcon size={16} className="k-select__chevron" />
      </span>
    </div>
  );
}
