/**
 * Strings of the segment editor (translation-editor §5 text-editor rules, §8 "toasts in the segment editor"):
 * one toast per refusal (`translationEditor.toast.<reason>`, see ui/views/translation/editor/rules.ts
 * SegmentEditRefusal), the buttons, the tag chips and the copy confirmation. Merged into ../strings.ts.
 */
export const translationEditorStrings = {
  'translationEditor.loadFailed': 'The editor could not be loaded. Reload the page to edit this segment.',
  'translationEditor.toast.tagDeleted': "Tags can't be deleted. They keep the formatting of the translated text.",
  'translationEditor.toast.tagStyles': "Tags can't be copied or added. Type your text between the existing tags to keep its formatting.",
  'translationEditor.toast.variableDeleted': "Variables between percent signs, like %Name%, can't be deleted or changed. Storyline fills them in when the course plays.",
  'translationEditor.toast.invalidCursor': "Tags can't be moved. Place the cursor in the text and type there.",
  'translationEditor.toast.deleteError': "Storyline paragraphs can't be joined. Delete the text, not the paragraph break.",
  'translationEditor.toast.enterNewline': "New lines aren't allowed in this text.",
  'translationEditor.toast.storylineTransaction': "This change would add or remove a Storyline paragraph, so it wasn't made.",
  'translationEditor.toast.timedTextEnter': "Timed text can't take a new line: each caption keeps its timing.",
  'translationEditor.copied': 'Copied to clipboard',
  'translationEditor.save': 'Save',
  'translationEditor.saving': 'Saving…',
  'translationEditor.cancel': 'Cancel',
  'translationEditor.loading': 'Loading the editor…',
  'translationEditor.shortcuts': 'Ctrl+Enter saves, Escape cancels.',
  'translationEditor.sameAsOriginal': 'This is the original translation, so there is nothing to save. To go back to it, cancel and use Reset.',
  'translationEditor.toolbar': 'Segment actions',
  'translationEditor.tag.open': '‹{name}›',
  'translationEditor.tag.close': '‹/{name}›',
  'translationEditor.tag.selfClosing': '‹{name}/›',
} as const;
