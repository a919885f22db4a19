/**
 * Loads the ProseMirror comment editor (CommentEditor.tsx and ProseMirror with it) once per page, off the first load:
 * on the first sign of intent in a stand-in box (the pointer over it, focus, pointer down, a key): the stand-in keeps
 * what is typed meanwhile and hands it over. Views read the status with `useCommentEditorModule`. A failed load leaves
 * the stand-in working and is tried again on the next intent.
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
