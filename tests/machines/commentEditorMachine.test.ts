import { describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import { rawFromPlainText } from '../../domain/richText.ts';
import { commentEditorMachine, isEmptyContent } from '../../machines/comments/commentEditorMachine.ts';
import type { commentPostingMachine } from '../../machines/comments/commentPostingMachine.ts';
import { comment, startComments, subject, text } from './commentFixtures.ts';
import { settle } from './contentFixtures.ts';

type Editor = ActorRefFrom<typeof commentEditorMachine>;
const popup = (editor: Editor) => (editor.getSnapshot().value as { popup: string }).popup;
const draft = (editor: Editor) => (editor.getSnapshot().value as { draft: string }).draft;
const editorOf = (composer: ActorRefFrom<typeof commentPostingMachine>) => composer.getSnapshot().children.editor as Editor;

describe('comment editor (review-and-content §4: empty, focused, suggestions open, emoji open)', () => {
  it('empty means nothing typed at all: spaces are not empty', () => {
    expect(isEmptyContent(rawFromPlainText(''))).toBe(true);
    expect(isEmptyContent(rawFromPlainText('  '))).toBe(false);
    expect(isEmptyContent(rawFromPlainText('\n'))).toBe(false);
  });

  it('focus and blur', () => {
    const editor = createActor(commentEditorMachine).start();
    expect(editor.getSnapshot().hasTag('focused')).toBe(false);
    editor.send({ type: 'editor.focus' });
    expect(editor.getSnapshot().hasTag('focused')).toBe(true);
    editor.send({ type: 'editor.blur' });
    expect(editor.getSnapshot().hasTag('focused')).toBe(false);
  });

  it("suggestions are open while an '@word' is typed, and close when it ends (Escape, leaving the word)", () => {
    const editor = createActor(commentEditorMachine).start();
    editor.send({ type: 'editor.mentionQuery', query: 'sa' });
    expect(popup(editor)).toBe('suggestions');
    editor.send({ type: 'editor.mentionQuery', query: 'sam' });
    expect(editor.getSnapshot().context.mentionQuery).toBe('sam');
    editor.send({ type: 'editor.mentionQuery', query: null });
    expect(popup(editor)).toBe('closed');
    expect(editor.getSnapshot().context.mentionQuery).toBeNull();
  });

  it('one pop-up at a time: the emoji picker replaces the suggestions, and the editor losing the focus to it does not close it', () => {
    const editor = createActor(commentEditorMachine).start();
    editor.send({ type: 'editor.mentionQuery', query: 'sa' });
    editor.send({ type: 'editor.toggleEmoji' });
    expect(popup(editor)).toBe('emoji');
    // The picker takes the focus: the editor's blur dismisses the mention, reported as null.
    editor.send({ type: 'editor.blur' });
    editor.send({ type: 'editor.mentionQuery', query: null });
    expect(popup(editor)).toBe('emoji');
    editor.send({ type: 'editor.closeEmoji' });
    expect(popup(editor)).toBe('closed');
    editor.send({ type: 'editor.toggleEmoji' });
    editor.send({ type: 'editor.toggleEmoji' });
    expect(popup(editor)).toBe('closed');
  });

  it('each composer has one: empty until typed in, empty again once posted; an edit starts with its text', async () => {
    const h = startComments();
    h.actor.send({ type: 'comments.open', ...subject() });
    h.find.calls[0]!.resolve({ comments: [comment('c1')], enableComments: true, allowAnonComments: false });
    await settle();
    h.actor.send({ type: 'comments.slideChanged', slideId: 's1' });
    const composer = h.composer()!;
    const editor = editorOf(composer);
    expect(draft(editor)).toBe('empty');
    composer.send({ type: 'posting.change', content: text('Looks good') });
    expect(draft(editor)).toBe('filled');
    composer.send({ type: 'posting.submit' });
    // The draft went out: the box is cleared at once.
    expect(draft(editor)).toBe('empty');
    h.save.calls[0]!.reject({ name: 'ContentRequestError', reason: 'oldItemVersion', message: 'The item has a newer version.' });
    await settle();
    // The draft-restoring refusal brings the text back.
    expect(draft(editor)).toBe('filled');
    composer.send({ type: 'posting.cancel' });
    expect(draft(editor)).toBe('empty');

    h.actor.send({ type: 'comments.compose', target: { kind: 'edit', commentId: 'c1' } });
    expect(draft(editorOf(h.composer({ kind: 'edit', commentId: 'c1' })!))).toBe('filled');
  });
});
