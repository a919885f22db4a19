/** The LMS export dialog (review-and-content §2 LMS export dialog, §5, §8, §9). */
export const lmsExportStrings = {
  'lmsExport.title': 'Export to LMS',
  'lmsExport.description': 'Package “{title}” for a learning management system. The package plays the video and reports completion once the learner has watched the share you choose.',
  'lmsExport.target': 'Format',
  'lmsExport.targetGroup.scorm': 'SCORM',
  'lmsExport.targetGroup.other': 'Other standards',
  'lmsExport.percent': 'Completion percent',
  'lmsExport.percentHint': 'Completed once this much of the video has been watched (0–100).',
  'lmsExport.packageTitle': 'Package title',
  'lmsExport.export': 'Export',
  'lmsExport.building': 'Building the package…',
  'lmsExport.ready': 'Your package is ready.',
  'lmsExport.readyDetail': 'The download link works for one hour.',
  'lmsExport.download': 'Download package',
  'lmsExport.failed': 'The export failed. Please try again.',
  'lmsExport.tryAgain': 'Try again',
} as const;
