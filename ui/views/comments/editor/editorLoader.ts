/**
 * Loads the ProseMirror comment editor (CommentEditor.tsx and ProseMirror with it) once per page, off the first load:
 * on the first sign of intent in a stand-in box (focus, pointer down, a key), or once the page's network has been
 * quiet for a while after it loaded and the browser is idle, so that it is usually there before the user reaches the
 * box. Views read the status with `useCommentEditorModule`. A failed load leaves the stand-in working and is tried
 * again on the next intent.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import type { CommentEditorProps } from './types.ts';

export type CommentEditorModule =
  | { status: 'idle' | 'loading' | 'failed'; CommentEditor: null }
  | { status: 'loaded'; CommentEditor: ComponentType<CommentEditorProps> };

let current: CommentEditorModule = { status: 'idle', CommentEditor: null };
const listeners = new Set<() => void>();

function settle(next: CommentEditorModule): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Starts loading the editor unless it is loading or loaded. */
export function loadCommentEditor(): void {
  if (current.status === 'loading' || current.status === 'loaded') return;
  settle({ status: 'loading', CommentEditor: null });
  import('./CommentEditor.tsx').then(
    (module) => settle({ status: 'loaded', CommentEditor: module.CommentEditor }),
    (error: unknown) => {
      console.warn('The comment editor could not be loaded; the plain box stays', error);
      settle({ status: 'failed', CommentEditor: null });
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The editor module's status, re-rendering when it changes. */
export function useCommentEditorModule(): CommentEditorModule {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** How long no resource may have finished before the page counts as quiet. */
export const EDITOR_PRELOAD_QUIET_MS = 2_000;
/** The longest the preload then waits for an idle moment. */
const EDITOR_PRELOAD_IDLE_TIMEOUT_MS = 2_000;

let preloadScheduled = false;

/** When the page has loaded, its network has been quiet for EDITOR_PRELOAD_QUIET_MS and the browser is idle: load the editor. Once per page. */
export function preloadCommentEditorWhenQuiet(): void {
  if (preloadScheduled || typeof window === 'undefined' || typeof performance === 'undefined') return;
  preloadScheduled = true;
  const whenIdle = (run: () => void) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: EDITOR_PRELOAD_IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  const check = () => {
    if (current.status !== 'idle') return;
    const lastFinished = performance.getEntriesByType('resource').reduce((latest, entry) => Math.max(latest, (entry as PerformanceResourceTiming).responseEnd), 0);
    const quietFor = performance.now() - lastFinished;
    if (quietFor >= EDITOR_PRELOAD_QUIET_MS) whenIdle(loadCommentEditor);
    else setTimeout(check, EDITOR_PRELOAD_QUIET_MS - quietFor);
  };
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check, { once: true });
}
