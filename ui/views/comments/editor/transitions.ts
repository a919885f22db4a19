/**
 * The comments' enter and leave transitions (§9: 100 ms and 25 ms). The panel puts `style` on the list (it sets
 * the durations from domain constants as CSS variables) and `enterClass` / `leaveClass` on a comment entering or
 * leaving; comments.css animates them and keeps them short and motionless under prefers-reduced-motion, where
 * `animationend` still fires, so a leaving comment can be removed on it.
 */
import type { CSSProperties } from 'react';
import { COMMENT_ENTER_MS, COMMENT_LEAVE_MS } from '../../../../domain/constants.ts';

export const COMMENT_TRANSITION = {
  enterClass: 'comment-transition--enter',
  leaveClass: 'comment-transition--leave',
  style: { '--comment-enter-ms': `${COMMENT_ENTER_MS}ms`, '--comment-leave-ms': `${COMMENT_LEAVE_MS}ms` } as CSSProperties,
} as const;
