import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { skipCompression } from '../compression.ts';
import { sendError } from '../errors.ts';

export interface SendFileOptions {
  contentType: string;
  /** Extra response headers (CSP, Content-Disposition, CORS …), also sent with a 404. */
  headers?: Record<string, string>;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range (RFC 9110 §14.1.2): `a-b`, `a-`, `-n`. Several ranges or a malformed header → null
 * (the whole file is sent, as the RFC allows); a range starting past the end → unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a regular file (never a directory or a symbolic link) with Range and ETag support; 404 JSON
 * otherwise. The file is never read into memory.
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string | null, options: SendFileOptions): Promise<FastifyReply> {
  for (const [name, value] of Object.entries(options.headers ?? {})) reply.header(name, value);
  reply.header('X-Content-Type-Options', 'nosniff');
  const info = file ? await lstat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) return sendError(reply, 404, 'No such file.');

  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply.header('ETag', etag).header('Last-Modified', info.mtime.toUTCString()).header('Accept-Ranges', 'bytes').header('Cache-Control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, info.size) : null;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${info.size}`).type('application/json; charset=utf-8').send({ error: 'Range Not Satisfiable', message: 'The requested range is outside the file.' });
  }
  reply.type(options.contentType);
  if (range) {
    skipCompression(request.headers);
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`).header('Content-Length', String(range.end - range.start + 1));
    return reply.send(createReadStream(file, { start: range.start, end: range.end }));
  }
  reply.header('Content-Length', String(info.size));
  // An empty file: a stream over 0 bytes would still be fine, but an empty body is simpler.
  return reply.send(info.size === 0 ? '' : createReadStream(file));
}
