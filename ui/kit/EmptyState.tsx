import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What a list or area shows when it has nothing yet, with an optional next step. */
export function EmptyState({ icon, title, body, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('k-empty', className)}>
      {icon && (
        <div className="k-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="k-empty__title">{title}</Heading>
      {body && <p className="k-empty__body">{body}</p>}
      {action && <div className="k-empty__action">{action}</div>}
    </div>
  );
}
