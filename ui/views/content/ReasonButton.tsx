import { Button, Tooltip, cx, type ButtonProps } from '../../kit/index.ts';

export interface ReasonButtonProps extends Omit<ButtonProps, 'disabled'> {
  /** Why the command is unavailable; null or omitted: enabled. */
  disabledReason?: string | null;
}

/**
 * A button that, when unavailable, stays focusable (aria-disabled) and tells why in a tooltip linked with
 * aria-describedby — a disabled button would hide the reason from keyboard users.
 */
export function ReasonButton({ disabledReason, className, onClick, ...rest }: ReasonButtonProps) {
  if (!disabledReason) return <Button className={className} onClick={onClick} {...rest} />;
  return (
    <Tooltip content={disabledReason}>
      {(describedBy) => (
        <Button {...rest} className={cx(className, 'is-disabled')} aria-disabled="true" aria-describedby={describedBy} onClick={(event) => event.preventDefault()} />
      )}
    </Tooltip>
  );
}
