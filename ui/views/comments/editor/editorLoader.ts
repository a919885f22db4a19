/**
 * Loads the ProseMirror comment editor (CommentEditor.tsx and ProseMirror with it) once per page, off the first load:
 * on the first sign of intent in a stand-in box (focus, pointer down, a key), or once the page's network has been
 * quiet for a while after it loaded and the browser is idle, so that it is usually there before the user reaches the
 * box. Views read the status with `useCommentEditorModule`. A failed load leaves the stand-in working and is tried
 * again on the next intent.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import type { CommentEditorProps } from './types.ts';
import { whenPageQuiet } from '../../../pageQuiet.ts';

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

let preloadScheduled = false;

/** Once the page's first load is over (ui/pageQuiet.ts): load the editor. Once per page. */
export function preloadCommentEditorWhenQuiet(): void {
  if (preloadScheduled) return;
  preloadScheduled = true;
  void whenPageQuiet().then(() => {
    if (current.status === 'idle') loadCommentEditor();
  });
}
