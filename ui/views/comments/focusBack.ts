/** Keyboard focus after a comment box closes (WCAG 2.4.3: focus is not lost to the page's body). */
import { useEffect, useRef } from 'react';

/**
 * When the box of `openId` closes (it goes from an id to null: a reply or an edit saved or cancelled) and the focus
 * went with it (to the page's body), the keyboard goes to `targetOf(closedId)` (the thread's Reply, the comment's
 * actions) when it is on the page.
 */
export function useFocusBackAfterClose(openId: string | null, targetOf: (closedId: string) => HTMLElement | null): void {
  const was = useRef(openId);
  const latest = useRef(targetOf);
  latest.current = targetOf;
  useEffect(() => {
    const closedId = was.current;
    was.current = openId;
    if (closedId === null || openId !== null) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    latest.current(closedId)?.focus();
  }, [openId]);
}

/** The Reply button of the thread whose parent is `parentId`. */
export function threadReplyButton(parentId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(parentId)}"] .comment-thread__reply`);
}

/** The actions button of the comment `commentId`. */
export function commentActionsButton(commentId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-comment-id="${CSS.escape(commentId)}"] .comment-item__menu`);
}
