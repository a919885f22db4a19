/**
 * The comment export client (domain/commentExport.ts): `commentExport.start` and `commentExport.status` over the
 * user's socket (/user/<aid>; anonymous reviewers cannot export), through the one request implementation
 * (adapters/content.ts `emitRequest`). Refusals reject with the service's reason and words.
 */
import type { CommentExportJob, CommentExportRequests } from '../domain/commentExport.ts';
import { CONTENT_REQUEST_TIMEOUT_MS, emitRequest, type ContentSocket } from './content.ts';

export interface CommentExportClient {
  start(payload: CommentExportRequests['commentExport.start']): Promise<{ job: CommentExportJob }>;
  status(payload: CommentExportRequests['commentExport.status']): Promise<{ job: CommentExportJob }>;
}

/** The export client over the live user socket `socket` gives. */
export function createCommentExportClient(options: { socket: () => ContentSocket | null; timeoutMs?: number }): CommentExportClient {
  const timeout = options.timeoutMs ?? CONTENT_REQUEST_TIMEOUT_MS;
  return {
    start: (payload) => emitRequest(options.socket(), 'commentExport.start', payload, timeout),
    status: (payload) => emitRequest(options.socket(), 'commentExport.status', payload, timeout),
  };
}
