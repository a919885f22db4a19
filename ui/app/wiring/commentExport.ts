import { fromPromise } from 'xstate';
import { createCommentExportClient } from '../../../adapters/commentExport.ts';
import { commentExportMachine } from '../../../machines/commentExport/commentExportMachine.ts';
import { reportError, type Adapters } from './common.ts';

/** Comment export (review-and-content §2, §7): the dialog's job requests over the user's socket. */
export function commentExportActors({ userSocket }: Adapters) {
  const client = createCommentExportClient({ socket: userSocket });
  const commentExport = commentExportMachine.provide({
    actors: {
      startExport: fromPromise(({ input }) => client.start(input)),
      readExportStatus: fromPromise(({ input }) => client.status(input)),
    },
    actions: { reportError },
  });
  return { commentExport };
}
