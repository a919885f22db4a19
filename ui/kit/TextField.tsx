import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cx } from './cx.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size'> {
  label: string;
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  /** Shown under the field when there is no error. */
  hint?: string | null;
  /** Text at the end of the hint line (e.g. a character count). */
  aside?: string | null;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled text input with a hint or an error, linked by aria-describedby; the error sets aria-invalid. */
export function TextField({ label, hideLabel = false, value, onChange, error, hint, aside, ref, className, id, type = 'text', ...rest }: TextFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const messageId = `${inputId}-message`;
  const message = error || hint;
  return (
    <div className={cx('k-field', error && 'is-invalid', className)}>
      <label htmlFor={inputId} className={hideLabel ? 'k-visually-hidden' : 'k-field__label'}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        type={type}
        className="k-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {(message || aside) && (
        <div className="k-field__footer">
          {message ? (
            <p id={messageId} className={error ? 'k-field__error' : 'k-field__hint'} role={error ? 'alert' : undefined}>
              {message}
            </p>
          ) : (
            <span />
          )}
          {aside && (
            <span className="k-field__aside" aria-hidden="true">
              {aside}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
