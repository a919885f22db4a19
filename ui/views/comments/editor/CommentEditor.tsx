/**
 * The comment editor on ProseMirror (review-and-content §4 comment editor and posting, §5 comment rules, §8, §9).
 * Controlled: the machine owns the draft, attachments and suggestions, and the editor's states (`modes`: empty,
 * focused, suggestions open, emoji open) come from the composer's editor actor; this component owns only the
 * ProseMirror state between resets (`resetKey`). Behaviour lives in editorState.ts (tested without a DOM);
 * here it is mounted in an EditorView with the paste/drop guards, the suggestion dropdown, the emoji picker, the
 * attach button, the character counter and the buttons.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { EditorState, Transaction } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { Avatar, cx } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';
import { plainTextOfDoc } from './convert.ts';
import { addCheckedFiles, describedBy, EditorChrome, isCounterShown, messagesOf } from './EditorChrome.tsx';
import {
  activeMentionQuery,
  characterCount,
  contentOf,
  createCommentEditorState,
  dismissMention,
  handlePasteEvent,
  insertPlainText,
  mentionMenu,
  pickMention,
  submitCommand,
  suggestionName,
  type EditorHooks,
} from './editorState.ts';
import { suggestionPlacement, type Placement } from './placement.ts';
import { ReadOnlyCommentBox } from './ReadOnlyCommentBox.tsx';
import type { CommentEditorProps } from './types.ts';

export type { CommentEditorProps } from './types.ts';

/** The comment box: the editor, or the read-only box when `readOnlyText` is set. */
export function CommentEditor(props: CommentEditorProps) {
  if (props.readOnlyText !== null) {
    return <ReadOnlyCommentBox text={props.readOnlyText} onClick={props.onReadOnlyClick} label={props.label} />;
  }
  return <EditableCommentEditor {...props} />;
}

interface DropdownPosition {
  placement: Placement;
  left: number;
  /** Distance from the field's top (below) or bottom (above) edge, px. */
  offset: number;
}

function EditableCommentEditor(props: CommentEditorProps) {
  const { content, resetKey, placeholder, submitLabel, busy, mentionSuggestions, attachments, attachmentMessage, onAddFiles, onRemoveAttachment, label, modes } = props;
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const [message, setMessage] = useState<string | null>(null);
  const clearRef = useRef<() => void>(() => {});
  const [hooks] = useState<EditorHooks>(() => ({
    suggestions: () => latest.current.mentionSuggestions,
    post: (posted) => {
      if (latest.current.busy) return;
      setMessage(null);
      latest.current.onSubmit(posted);
    },
    refuse: (refusal) => setMessage(refusal),
    cancel: () => clearRef.current(),
  }));

  // The ProseMirror state is React state too, so the counter, the buttons and the dropdown re-render with it.
  const [state, setState] = useState<EditorState>(() => createCommentEditorState(content, hooks, props.initialSelection));
  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setState(createCommentEditorState(content, hooks));
    setMessage(null);
  }

  const mountRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const stateRef = useRef(state);
  const attributesRef = useRef<Record<string, string>>({});

  const clear = () => {
    setState(createCommentEditorState(null, hooks));
    setMessage(null);
    latest.current.onCancel();
  };

  const addFiles = (files: File[]) => {
    const { onAddFiles: add, attachments: attached } = latest.current;
    if (!add || files.length === 0) return;
    setMessage(addCheckedFiles(files, attached.length, add));
  };
  const addFilesRef = useRef(addFiles);

  useLayoutEffect(() => {
    stateRef.current = state;
    clearRef.current = clear;
    addFilesRef.current = addFiles;
  });

  // The dropdown shows while the editor actor says suggestions are open (a mention is being typed) and some were found.
  const typedMenu = mentionMenu(state, mentionSuggestions.length);
  const menu = modes && !modes.suggestionsOpen ? null : typedMenu;
  const listboxId = useId();
  const counterId = useId();
  const messageId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const count = characterCount(state);
  const showCounter = isCounterShown(count);
  const blank = plainTextOfDoc(state.doc).trim() === '';
  const empty = modes ? modes.empty : state.doc.childCount === 1 && state.doc.firstChild!.content.size === 0;
  const messages = messagesOf(message, attachmentMessage);
  const description = describedBy({ counter: counterId, messages: messageId }, showCounter, messages.length > 0);

  // The editable region's attributes follow the dropdown (combobox-like: aria-controls / aria-activedescendant).
  const attributes: Record<string, string> = {
    class: 'comment-editor__input',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    'aria-placeholder': placeholder,
    'aria-autocomplete': 'list',
    ...(description ? { 'aria-describedby': description } : {}),
    ...(menu ? { 'aria-controls': listboxId, 'aria-activedescendant': optionId(menu.index) } : {}),
  };
  const attributesKey = JSON.stringify(attributes);

  // Created in a layout effect so the effects below (state sync, attributes) find it on the first commit.
  useLayoutEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const view: EditorView = new EditorView(mount, {
      state: stateRef.current,
      attributes: attributesRef.current,
      dispatchTransaction(tr: Transaction) {
        const { state: next, transactions } = view.state.applyTransaction(tr);
        if (next === view.state) return;
        view.updateState(next);
        setState(next);
        if (transactions.some((applied) => applied.docChanged)) {
          setMessage(null);
          latest.current.onChange(contentOf(next));
        }
      },
      handleDOMEvents: {
        paste: (v, event) => handlePasteEvent(v, event, latest.current.onPasteImage),
        drop: (v, event) => {
          // A move inside the editor carries ProseMirror's own slice; anything from outside is read as text or files.
          if (v.dragging) return false;
          event.preventDefault();
          const data = event.dataTransfer;
          if (!data) return true;
          if (data.files.length > 0) {
            addFilesRef.current(Array.from(data.files));
            return true;
          }
          const at = v.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? v.state.selection.from;
          const tr = insertPlainText(v.state, data.getData('text/plain'), at, at);
          if (tr) v.dispatch(tr.setMeta('uiEvent', 'drop'));
          return true;
        },
        focus: () => {
          latest.current.onFocus?.();
          return false;
        },
        blur: (v) => {
          dismissMention(v.state, v.dispatch);
          latest.current.onBlur?.();
          return false;
        },
      },
      // Defence in depth: the paste handler above never lets ProseMirror see clipboard HTML; if it ever did, it gets none.
      transformPastedHTML: () => '',
    });
    viewRef.current = view;
    if (latest.current.autoFocus) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // A reset (resetKey, cancel) replaces the state: hand it to the view.
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (view && view.state !== state) view.updateState(state);
  }, [state]);

  useLayoutEffect(() => {
    attributesRef.current = JSON.parse(attributesKey) as Record<string, string>;
    viewRef.current?.setProps({ attributes: attributesRef.current });
  }, [attributesKey]);

  // §4: '@' at a word start reports the query; Escape or leaving the word reports null.
  const query = activeMentionQuery(state)?.query ?? null;
  const reportedQuery = useRef<string | null>(null);
  useEffect(() => {
    if (reportedQuery.current === query) return;
    reportedQuery.current = query;
    latest.current.onMentionQuery(query);
  }, [query]);

  const menuFrom = menu?.query.from ?? null;
  const [dropdown, setDropdown] = useState<DropdownPosition | null>(null);
  useLayoutEffect(() => {
    const view = viewRef.current;
    const field = fieldRef.current;
    if (menuFrom === null || !view || !field) {
      setDropdown(null);
      return;
    }
    const caret = view.coordsAtPos(menuFrom);
    const box = field.getBoundingClientRect();
    const placement = suggestionPlacement(caret.bottom, window.innerHeight);
    const left = Math.max(0, Math.round(caret.left - box.left));
    const offset = Math.round(placement === 'below' ? caret.bottom - box.top : box.bottom - caret.top);
    setDropdown((was) => (was && was.placement === placement && was.left === left && was.offset === offset ? was : { placement, left, offset }));
  }, [menuFrom, state]);

  const withView = (run: (view: EditorView) => void) => {
    const view = viewRef.current;
    if (view) run(view);
  };

  const pickSuggestion = (index: number) =>
    withView((view) => {
      pickMention(hooks, index)(view.state, view.dispatch, view);
      view.focus();
    });

  const insertEmoji = (emoji: string) =>
    withView((view) => {
      const tr = insertPlainText(view.state, emoji);
      if (tr) view.dispatch(tr);
      view.focus();
    });

  const submit = () => submitCommand(hooks)(viewRef.current?.state ?? state);

  return (
    <div className={cx('comment-editor', busy && 'is-busy')}>
      <div ref={fieldRef} className={cx('comment-editor__field', empty && 'is-empty')}>
        <div ref={mountRef} className="comment-editor__mount" />
        {empty && (
          <span className="comment-editor__placeholder" aria-hidden="true">
            {placeholder}
          </span>
        )}
        {menu && (
          <ul
            id={listboxId}
            role="listbox"
            aria-label={t('comments.editor.suggestions')}
            className={cx('comment-editor__suggestions', `is-${dropdown?.placement ?? 'below'}`)}
            style={dropdown ? (dropdown.placement === 'below' ? { left: dropdown.left, top: dropdown.offset } : { left: dropdown.left, bottom: dropdown.offset }) : undefined}
          >
            {mentionSuggestions.map((suggestion, index) => {
              const name = suggestionName(suggestion);
              return (
                <li
                  key={`${suggestion.userId}|${suggestion.email}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === menu.index}
                  className={cx('comment-editor__suggestion', index === menu.index && 'is-active')}
                  // Keep the caret in the editor: the pick happens on click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pickSuggestion(index)}
                >
                  <Avatar name={name} email={suggestion.email} src={suggestion.avatar ?? undefined} size="sm" decorative />
                  <span className="comment-editor__suggestion-text">
                    <span className="comment-editor__suggestion-name">{name}</span>
                    <span className="comment-editor__suggestion-email">
                      {suggestion.userType === 'anonymous' ? t('comments.editor.suggestion.anonymous') : suggestion.email}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <span className="k-visually-hidden" aria-live="polite">
          {menu ? t(mentionSuggestions.length === 1 ? 'comments.editor.suggestions.one' : 'comments.editor.suggestions.other', { count: mentionSuggestions.length }) : ''}
        </span>
      </div>

      <EditorChrome
        ids={{ counter: counterId, messages: messageId }}
        messages={messages}
        attachments={attachments}
        onRemoveAttachment={onRemoveAttachment}
        onPickFiles={onAddFiles ? addFiles : undefined}
        onPickEmoji={insertEmoji}
        field={fieldRef}
        focusField={() => viewRef.current?.focus()}
        emojiOpen={modes?.emojiOpen}
        onEmojiOpenChange={(open) => (open ? props.onEmojiToggle?.() : props.onEmojiClose?.())}
        count={count}
        submitLabel={submitLabel}
        submitDisabled={blank}
        busy={busy}
        onCancel={clear}
        onSubmit={submit}
      />
    </div>
  );
}
