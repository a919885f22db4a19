import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compression of what the service writes at run time (JSON, HTML pages, CSS/JS of packages, CSV): brotli or gzip as
 * the request's `Accept-Encoding` asks (brotli first), `Vary: Accept-Encoding` on every compressed answer. Only types
 * mime-db calls compressible (text, JSON, JavaScript, SVG, XML…) are touched: images, video, zip, PDF and other
 * already compressed or binary bodies go out unchanged. Files already compressed at build time (dist/*.br, *.gz) are
 * sent by the client routes with their own `Content-Encoding`, which this leaves alone. socket.io and the OIDC
 * provider write to the raw response, outside fastify's reply, and are not touched.
 *
 * Registered before every route: the plugin adds its hook to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4: near gzip's speed with a better ratio; 11 (the default) costs tens of ms on a large JSON answer.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/**
 * A byte range (206) is a range of the file as stored; compressing it would make the bytes the client asked for
 * unreadable. The compression plugin skips requests that carry `x-no-compression`, so a ranged answer marks its
 * request so.
 */
export function skipCompression(headers: Record<string, string | string[] | undefined>): void {
  headers['x-no-compression'] = '1';
}
