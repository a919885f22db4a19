/**
 * The catalogues of the features that load after the first page (grid and item view panels, comments, sharing,
 * review requests, the translate tab, the sandbox, support replay, charts, exports, annotation): one chunk, merged into
 * ../strings.ts by `loadLateStrings` when the first lazy route or feature loads.
 */
import { annotationStrings } from './annotation.ts';
import { chartsStrings } from './charts.ts';
import { commentExportStrings } from './commentExport.ts';
import { commentsStrings } from './comments.ts';
import { commentsPanelStrings } from './commentsPanel.ts';
import { lmsExportStrings } from './lmsExport.ts';
import { reviewRequestsStrings } from './reviewRequests.ts';
import { sandboxStrings } from './sandbox.ts';
import { shareStrings } from './share.ts';
import { supportStrings } from './support.ts';
import { translationStrings } from './translation.ts';
import { translationAssistStrings } from './translationAssist.ts';
import { translationAssistMachineStrings } from './translationAssistMachine.ts';
import { translationEditorStrings } from './translationEditor.ts';
import { translationKeysStrings } from './translationKeys.ts';
import { translationMachineStrings } from './translationMachine.ts';
import { translationToolsStrings } from './translationTools.ts';
import { translationVersionsStrings } from './translationVersions.ts';

export const lateStrings: Readonly<Record<string, string>> = {
  ...sandboxStrings,
  ...commentsStrings,
  ...commentsPanelStrings,
  ...shareStrings,
  ...reviewRequestsStrings,
  ...translationStrings,
  ...translationToolsStrings,
  ...translationEditorStrings,
  ...translationMachineStrings,
  ...translationAssistStrings,
  ...translationVersionsStrings,
  ...translationAssistMachineStrings,
  ...supportStrings,
  ...chartsStrings,
  ...lmsExportStrings,
  ...commentExportStrings,
  ...annotationStrings,
  ...translationKeysStrings,
};
