import { useId, useState, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface TooltipProps {
  content: string;
  /** Render the trigger; spread `describedBy` into `aria-describedby` so the tip is announced. */
  children: (describedBy: string) => ReactNode;
  placement?: 'bottom' | 'top';
  className?: string;
}

/**
 * A short text tip shown on hover and keyboard focus, hidden on Escape, blur or pointer leave
 * (WCAG 1.4.13: dismissible, hoverable, persistent). The trigger must be focusable.
 */
export function Tooltip({ content, children, placement = 'bottom', className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span
      className={cx('k-tooltip', className)}
      onPointerEnter={() => setOpen(true)}
      onPointerLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {children(id)}
      <span role="tooltip" id={id} className={cx('k-tooltip__bubble', `k-tooltip__bubble--${placement}`, open && 'is-open')}>
        {content}
      </span>
    </span>
  );
}
