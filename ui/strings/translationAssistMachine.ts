/**
 * Words of the translation tools actors' toasts: machines/translation/surveysMachine.ts SURVEY_TOAST_KEYS and
 * machines/translation/memoryReportMachine.ts MEMORY_REPORT_TOAST_KEYS (the toast id is the key; the toasts view shows the
 * service's message under it).
 */
export const translationAssistMachineStrings = {
  'translationToast.surveyFailed': 'Your feedback could not be sent. Please try again.',
  'translationToast.memoryReportRequestFailed': 'The translation memory report could not be requested.',
} as const;
