/**
 * Words of later features that pages of the first load show (the header's menu entries, a route's loading words, the
 * item header's export entries, a toast, the leave-page warning): kept with the first load, while the rest of those
 * features' catalogues load with their chunks (../strings.ts `loadLateStrings`).
 */
export const firstLoadStrings = {
  'annotation.loading': 'Loading the annotation tools…',
  'charts.link': 'Statecharts',
  'charts.chart.laying': 'Laying out the chart…',
  'item.export.comments': 'Export comments…',
  'item.export.lms': 'Export to LMS…',
  'review.request.sent': 'Review requested.',
  'header.account.replaySessionLog': 'Replay a session log',
  'support.replay.loadingPage': 'Loading the replay viewer…',
  'translation.leave_warning': 'Your translation is still being saved. Are you sure you want to leave?',
} as const;
