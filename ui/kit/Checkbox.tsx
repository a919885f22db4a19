import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { CheckIcon } from './icons.tsx';

export interface CheckboxModifiers {
  shiftKey: boolean;
  /** Ctrl or Cmd was held. */
  toggleKey: boolean;
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type' | 'checked'> {
  /** The accessible label; shown next to the box unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  checked: boolean;
  /** The new state, and the click's modifier keys (for shift-click ranges in lists). */
  onChange: (checked: boolean, modifiers: CheckboxModifiers) => void;
  className?: string;
}

/** Modifier keys of the click behind a change (a checkbox's change comes from a click, also for Space). */
function modifiersOf(event: ChangeEvent<HTMLInputElement>): CheckboxModifiers {
  const native = event.nativeEvent as Partial<MouseEvent>;
  return { shiftKey: native.shiftKey === true, toggleKey: native.metaKey === true || native.ctrlKey === true };
}

/** A native checkbox drawn in the kit's look; Space toggles it, the focus ring sits on the box. */
export function Checkbox({ label, hideLabel = false, checked, onChange, className, ...rest }: CheckboxProps) {
  return (
    <label className={cx('k-checkbox', className)}>
      <input
        type="checkbox"
        className="k-checkbox__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked, modifiersOf(event))}
        {...rest}
      />
      <span className="k-checkbox__box" aria-hidden="true">
        <CheckIcon size={12} strokeWidth={3} />
      </span>
      <span className={hideLabel ? 'k-visually-hidden' : 'k-checkbox__label'}>{label}</span>
    </label>
  );
}
