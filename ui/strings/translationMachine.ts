/**
 * Words of the translation actor's toasts (machines/translation/translationMachine.ts TRANSLATION_TOAST_KEYS: the toast id is the
 * key) and the leave message while a translation save is on the wire (translation-editor §2). The §8 messages the
 * actor raises with their own text (saving, progress, old Storyline) need no words here.
 */
export const translationMachineStrings = {
  'translationToast.saved': 'Translation saved.',
  'translationToast.savedAll': 'Translation saved to all duplicate segments.',
  'translationToast.emptyEdit': 'An empty translation cannot be saved. Type the translated text, or cancel.',
  'translationToast.noPermission': 'You do not have permission to edit translations.',
  'translationToast.locked': 'This segment is locked. Reopen its section, or open the latest version, to edit it.',
  'translationToast.notValidating': 'Translations cannot be edited here.',
  'translationToast.disabledByDiff': 'This segment cannot be edited while the version difference is shown.',
} as const;
