/** Registry entries of the comment export: its machine with payload cases (charts, path generation, replay read them). */
import { commentExportMachine } from './commentExportMachine.ts';
import { refusal, type RegistryEntry } from '../registryCases.ts';

const job = (status: 'running' | 'ready' | 'failed', format: 'csv' | 'pdf' = 'csv') => ({
  job: {
    jobId: 'job-1',
    status,
    format,
    progress: status === 'running' ? 0.4 : 1,
    url: status === 'ready' ? 'http://localhost/api/downloads/t?name=Style%20guide%20comments.csv' : null,
    fileName: status === 'ready' ? 'Style guide comments.csv' : null,
  },
});

export const commentExportEntries: readonly RegistryEntry[] = [
  {
    name: 'commentExport',
    machine: commentExportMachine,
    description:
      'The comments export dialog and its job: an order (recent, or time for video, slide, lesson for Rise) and a format (CSV or PDF), the job started on the service, its progress and end told by the service’s commentExport.updated push under the wait toast (60 s CSV, 300 s PDF; the status read once after a reconnect), then a signed download link, or the generic failure (review-and-content §2, §5, §7–§9).',
    cases: {
      'commentExport.open': [
        { itemId: 'i1', product: 'storyline' },
        { itemId: 'i2', product: 'video' },
        { itemId: 'i3', product: 'rise' },
      ],
      'commentExport.setOrder': [{ order: 'recent' }, { order: 'slide' }, { order: 'time' }, { order: 'lesson' }],
      'commentExport.setFormat': [{ format: 'pdf' }, { format: 'csv' }],
      'commentExport.updated': [job('running'), job('ready'), job('failed'), { job: null }],
      'xstate.done.actor.startExport': [{ output: job('running') }, { output: job('ready') }, { output: null }],
      'xstate.error.actor.startExport': [refusal('forbidden', 'You are not allowed to export the comments of this item.')],
      'xstate.done.actor.readExportStatus': [{ output: job('running') }, { output: job('ready') }, { output: job('failed') }],
      'xstate.error.actor.readExportStatus': [refusal('notFound', 'This item does not exist or is not visible to you.')],
    },
  },
];
