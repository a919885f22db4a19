/**
 * The translate tab: its editor, tools, assist features, versions and keyboard. One chunk, loaded with the tab's views
 * (`loadStrings('translateTab')`).
 */
import { translationStrings } from './translation.ts';
import { translationAssistStrings } from './translationAssist.ts';
import { translationAssistMachineStrings } from './translationAssistMachine.ts';
import { translationEditorStrings } from './translationEditor.ts';
import { translationKeysStrings } from './translationKeys.ts';
import { translationMachineStrings } from './translationMachine.ts';
import { translationToolsStrings } from './translationTools.ts';
import { translationVersionsStrings } from './translationVersions.ts';

export const translateTabStrings: Readonly<Record<string, string>> = {
  ...translationStrings,
  ...translationToolsStrings,
  ...translationEditorStrings,
  ...translationMachineStrings,
  ...translationAssistStrings,
  ...translationVersionsStrings,
  ...translationAssistMachineStrings,
  ...translationKeysStrings,
};
