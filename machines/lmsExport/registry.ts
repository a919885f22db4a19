/** Registry entries of the LMS export feature: its machine with its payload cases (charts, path generation, replay read them). */
import { lmsExportMachine } from './lmsExportMachine.ts';
import { type RegistryEntry, refusal } from '../registryCases.ts';

export const lmsExportEntries: readonly RegistryEntry[] = [
  {
    name: 'lmsExport',
    machine: lmsExportMachine,
    description:
      "The LMS export dialog of one video item: editing target (SCORM 1.2 by default), completion percent (80, clamped 0–100) and title → requesting (lms.export) → building (until the package's packageReadyForDownload push, at most 300 s) → ready (the signed download) | failed (said generically, try again) (review-and-content §2, §3, §5, §6, §8, §9).",
    cases: {
      'lmsExport.open': [
        { itemId: 'i-video', title: 'All-hands recording' },
        { itemId: 'i-video', title: '', versionKey: 'review/transcode/k2/all-hands.webm' },
      ],
      'lmsExport.setTarget': [{ target: 'scorm2004_2nd' }, { target: 'scorm3' }],
      'lmsExport.setPercent': [{ value: 150 }, { value: 'abc' }],
      'lmsExport.setTitle': [{ title: 'Q&A <intro> 日本語' }, { title: '   ' }],
      'xstate.done.actor.requestExport': [{ output: { version: 2 } }, { output: {} }],
      'xstate.error.actor.requestExport': [refusal('forbidden', 'Only the owner and people whose folder role allows export to LMS can export this video.')],
      'lmsExport.packageReady': [
        { itemId: 'i-video', version: 2, url: 'http://localhost:3000/api/downloads/signed' },
        { itemId: 'i-other', version: 2, url: 'http://localhost:3000/api/downloads/other' },
      ],
    },
  },
];
