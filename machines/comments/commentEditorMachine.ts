import { assign, setup } from 'xstate';
import { plainTextOf, type RawContent } from '../../domain/richText.ts';

/** Nothing typed at all (one empty block): the placeholder shows. Spaces are not empty (they are blank). */
export function isEmptyContent(content: RawContent): boolean {
  return content.blocks.length <= 1 && plainTextOf(content) === '';
}

export interface CommentEditorContext {
  /** The '@word' being typed (after the '@'), as the editor reported it; null when none is active. */
  mentionQuery: string | null;
}

export type CommentEditorEvent =
  /** From the composer: its content changed (typed, cleared after a post, a draft restored, canceled). */
  | { type: 'editor.contentChanged'; empty: boolean }
  /** The editable region got or lost the keyboard focus. */
  | { type: 'editor.focus' }
  | { type: 'editor.blur' }
  /** '@' at a word start reports the word typed after it; null when the mention ends or Escape dismissed it. */
  | { type: 'editor.mentionQuery'; query: string | null }
  /** The emoji button; the picker's Escape, click outside or pick closes it. */
  | { type: 'editor.toggleEmoji' }
  | { type: 'editor.closeEmoji' };

/**
 * The comment editor's own states (review-and-content §4 comment editor: empty, focused, suggestions open, emoji
 * open; "Escape closes dropdowns"), one per composer (invoked by `commentPosting` as `editor`). Three regions:
 * `draft` (`empty` | `filled`, told by the composer whenever its content changes), `focus` (`blurred` |
 * `focused`) and `popup` (`closed` | `suggestions` while a mention is being typed | `emoji` while the picker is
 * open). One pop-up at a time: opening the emoji picker closes the suggestions (the editor's blur ends the mention).
 * The text itself is the editor widget's (ProseMirror) and the composer's; the view only reports what happened.
 */
export const commentEditorMachine = setup({
  types: {
    context: {} as CommentEditorContext,
    events: {} as CommentEditorEvent,
  },
  actions: {
    rememberQuery: assign({ mentionQuery: ({ event }) => (event.type === 'editor.mentionQuery' ? event.query : null) }),
  },
  guards: {
    isEmpty: (_, params: { empty: boolean }) => params.empty,
    hasQuery: (_, params: { query: string | null }) => params.query !== null,
  },
}).createMachine({
  id: 'commentEditor',
  type: 'parallel',
  context: { mentionQuery: null },
  states: {
    draft: {
      initial: 'empty',
      on: {
        'editor.contentChanged': [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ empty: event.empty }) }, target: '.empty' },
          { target: '.filled' },
        ],
      },
      states: { empty: {}, filled: {} },
    },
    focus: {
      initial: 'blurred',
      states: {
        blurred: { on: { 'editor.focus': { target: 'focused' } } },
        focused: { tags: ['focused'], on: { 'editor.blur': { target: 'blurred' } } },
      },
    },
    popup: {
      initial: 'closed',
      states: {
        closed: {
          entry: assign({ mentionQuery: null }),
          on: {
            'editor.mentionQuery': { guard: { type: 'hasQuery', params: ({ event }) => ({ query: event.query }) }, target: 'suggestions', actions: 'rememberQuery' },
            'editor.toggleEmoji': { target: 'emoji' },
          },
        },
        suggestions: {
          tags: ['suggestionsOpen'],
          on: {
            'editor.mentionQuery': [{ guard: { type: 'hasQuery', params: ({ event }) => ({ query: event.query }) }, actions: 'rememberQuery' }, { target: 'closed' }],
            'editor.toggleEmoji': { target: 'emoji' },
          },
        },
        // The picker has the focus: the editor's blur ends the mention, which must not close the picker.
        emoji: {
          tags: ['emojiOpen'],
          entry: assign({ mentionQuery: null }),
          on: { 'editor.toggleEmoji': { target: 'closed' }, 'editor.closeEmoji': { target: 'closed' } },
        },
      },
    },
  },
});
