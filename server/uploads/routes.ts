import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_URL_TTL_MS } from '../../domain/constants.ts';
import { UPLOAD_KEY_PREFIXES } from '../../domain/items.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import type { BlobStore } from './blobStore.ts';
import { isSafeKey, isSafeVersionId, resolveInside } from './blobStore.ts';
import { contentTypeFor, uploadTypeFor } from './contentTypes.ts';
import { sendFile } from './fileServer.ts';
import { sendPlayerPage, playerPageKind } from './playerPage.ts';
import type { PackageOrigins } from './packageOrigin.ts';
import { signGrant, verifyGrant } from './signer.ts';
import type { UploadFailure, UploadHooks } from './types.ts';
import { verifyViewTicket, type ViewGrant } from './viewTicket.ts';

export interface UploadRouteContext {
  store: BlobStore;
  packageRoot: string;
  publicUrl: () => string;
  secret: Uint8Array | string;
  verifyBearer: (request: FastifyRequest) => Promise<{ aid: string } | null>;
  hooks: UploadHooks;
  keyPrefixes: readonly string[];
  maxBytes: number;
  /** Where packages are served (never the dashboard's origin; see packageOrigin.ts). */
  origins: () => PackageOrigins;
  /** The origins the dashboard is opened on: the only ones that may frame a package or talk to its bridge. */
  dashboardOrigins: () => string[];
  /** The item side's `FileAccess.allows`, each decision remembered for a few seconds (keyed by the ticket or download token). */
  allows: (ticket: string, grant: ViewGrant) => Promise<boolean>;
  /** The item side's `FileAccess.isLiveThumbnail`, remembered the same way. */
  isLiveThumbnail: (key: string) => Promise<boolean>;
}

/** Blobs under this prefix (extracted package thumbnails) are card images: served without a ticket while an item shows them. */
export const THUMBNAIL_KEY_PREFIX = 'review/thumbnails/';

/** Why a package or blob request was refused, in words (403). */
const REFUSALS = {
  missing: 'This address needs an access ticket: open the item again to get one.',
  forged: 'This address is not valid: open the item again.',
  expired: 'This address has expired: open the item again.',
  denied: 'You do not have access to this item.',
} as const;

/** A PUT that sends nothing for this long is dropped (the client marks a stall failed much sooner). */
export const UPLOAD_IDLE_TIMEOUT_MS = 120_000;

/**
 * A package reaches its own origin only (scripts, styles, media, fonts, its own nested frames, fetches), plus data:
 * and blob: URLs; no other site, and never the dashboard's API. Only the dashboard and the package itself may frame
 * it. Inline scripts stay allowed: every Storyline and Rise publish boots from inline script.
 */
export function packageCsp(dashboardOrigins: readonly string[]): string {
  return [
    "default-src 'self' 'unsafe-inline' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${dashboardOrigins.join(' ')}`.trim(),
  ].join('; ');
}
/** A blob opened directly (not as an image or video) gets an opaque origin and no scripts. */
export const BLOB_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

interface UrlQuery {
  acl: 'public-read';
  keyPrefix?: string;
  fileName: string;
  md5?: string;
}

/** The file-name part of a key: ASCII letters, digits and `._()+-` only, never hidden, at most 255 characters. */
export function keyFileName(fileName: string): string {
  const safe = fileName
    .normalize('NFC')
    .replace(/[^A-Za-z0-9._()+-]/g, '_')
    .replace(/^\.+/, (dots) => '_'.repeat(dots.length))
    .slice(0, 255);
  return safe || '_';
}

/**
 * The absolute signed PUT address for `key`, valid for SIGNED_URL_TTL_MS; with `md5` (hex) the PUT must carry
 * that digest. The upload URL call and UploadService.signUpload (comment files) both use it.
 */
export function signedPutUrl(secret: Uint8Array | string, publicUrl: string, key: string, md5: string | null): string {
  const token = signGrant(secret, { method: 'PUT', key, md5: md5?.toLowerCase() ?? null, expiresAt: Date.now() + SIGNED_URL_TTL_MS });
  return `${publicUrl}/api/uploads/put/${token}`;
}

/** `attachment` with an ASCII fallback name and the exact name as RFC 8187 UTF-8. */
export function attachmentDisposition(fileName: string): string {
  // Only printable ASCII (no quotes, no backslashes) in the fallback: control characters never reach a header.
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Content-MD5 (base64 of the 16-byte digest) as lower-case hex, or null when it is not one. */
function md5HeaderToHex(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string' || !/^[A-Za-z0-9+/]{22}==$/.test(header.trim())) return null;
  return Buffer.from(header.trim(), 'base64').toString('hex');
}

/** A refusal that ends a PUT: status, message for people, the hook reason. */
class PutRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly reason: UploadFailure,
  ) {
    super(message);
  }
}

const putResponseSchema = {
  type: 'object',
  required: ['key', 'size', 'md5'],
  properties: { key: { type: 'string' }, size: { type: 'integer' }, md5: { type: 'string' } },
} as const;

/**
 * An onRequest hook for the whole service: a package origin serves package files and nothing else (no API, no
 * sign-in, no dashboard), so a package can never call the service with anyone's session from its own origin.
 */
export function packageHostGuard(origins: () => PackageOrigins) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!origins().matchHost(request.headers.host)) return;
    const isPackageFile = (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/packages/');
    if (!isPackageFile) await sendError(reply, 404, 'This address serves course packages only.');
  };
}

/** Registers the upload, download, package and blob routes (see README "Routes"). */
export async function registerUploadRoutes(app: FastifyInstance, ctx: UploadRouteContext): Promise<void> {
  /** Keys with a PUT in progress: a second PUT of the same key at the same time is refused. */
  const inFlight = new Set<string>();

  const reportFailure = async (request: FastifyRequest, key: string, reason: UploadFailure) => {
    try {
      await ctx.hooks.failed(key, reason);
    } catch (error) {
      request.log.error({ err: error, key, reason }, 'upload failed hook threw');
    }
  };

  await app.register(async (scope) => {
    // The PUT body is read from the raw request as a stream: no parser, no 1 MiB body limit, never buffered.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.get<{ Querystring: UrlQuery }>(
      '/api/uploads/url',
      {
        onRequest: async (request, reply) => {
          if (await ctx.verifyBearer(request)) return;
          reply.header('WWW-Authenticate', 'Bearer');
          await sendError(reply, 401, 'Sign in first: this endpoint needs a valid bearer access token.');
        },
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            required: ['acl', 'fileName'],
            properties: {
              acl: { type: 'string', enum: ['public-read'] },
              keyPrefix: { type: 'string', enum: [...ctx.keyPrefixes] },
              fileName: { type: 'string', minLength: 1, maxLength: 255 },
              md5: { type: 'string', pattern: '^[0-9a-fA-F]{32}$' },
            },
          },
          response: {
            200: { type: 'object', required: ['key', 'url', 'type'], properties: { key: { type: 'string' }, url: { type: 'string' }, type: { type: 'string' } } },
            400: errorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { keyPrefix = UPLOAD_KEY_PREFIXES.default, fileName, md5 } = request.query;
        // eslint-disable-next-line no-control-regex -- control characters are refused
        if (/[/\\\u0000-\u001f\u007f]/.test(fileName) || fileName.trim() === '') {
          return sendError(reply, 400, 'Invalid request: querystring/fileName must be a file name, without path separators or control characters.');
        }
        const key = `${keyPrefix}/${randomUUID()}/${keyFileName(fileName)}`;
        return { key, url: signedPutUrl(ctx.secret, ctx.publicUrl(), key, md5 ?? null), type: uploadTypeFor(fileName) };
      },
    );

    scope.put<{ Params: { token: string } }>(
      '/api/uploads/put/:token',
      {
        schema: {
          params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 1000 } } },
          response: { 200: putResponseSchema, '4xx': errorBodySchema },
        },
      },
      async (request, reply) => {
        const check = verifyGrant(ctx.secret, request.params.token, 'PUT', Date.now());
        // Refusals before the body is read close the connection, so a client does not go on sending gigabytes.
        const refuse = (statusCode: number, message: string) => sendError(reply.header('Connection', 'close'), statusCode, message);
        if (!check.ok) {
          if (check.reason === 'expired') {
            await reportFailure(request, check.grant.key, 'badSignature');
            return refuse(403, 'This upload link has expired. Ask for a new one.');
          }
          return refuse(403, 'This upload link is not valid.');
        }
        const { key, md5: signedMd5 } = check.grant;
        if (!isSafeKey(key)) return refuse(403, 'This upload link is not valid.');
        if (inFlight.has(key) || (await ctx.store.exists(key))) return refuse(409, 'A file is already stored (or being stored) under this key. Ask for a new upload link.');
        inFlight.add(key);
        try {
          return await receive(request, reply, key, signedMd5, refuse);
        } finally {
          inFlight.delete(key);
        }
      },
    );

    scope.get<{ Params: { token: string }; Querystring: { name: string } }>(
      '/api/downloads/:token',
      {
        schema: {
          params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 1000 } } },
          querystring: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 1024 } } },
        },
      },
      async (request, reply) => {
        const check = verifyGrant(ctx.secret, request.params.token, 'GET', Date.now(), request.query.name);
        if (!check.ok) return sendError(reply, 403, check.reason === 'expired' ? 'This download link has expired.' : 'This download link is not valid.');
        const { viewer, key, expiresAt } = check.grant;
        if (viewer && !(await ctx.allows(request.params.token, { ...viewer, resource: `d:${key}`, expiresAt }))) return sendError(reply, 403, REFUSALS.denied);
        const file = isSafeKey(check.grant.key) ? await ctx.store.localFile(check.grant.key) : null;
        return sendFile(request, reply, file, {
          contentType: contentTypeFor(request.query.name),
          headers: { 'Content-Disposition': attachmentDisposition(request.query.name), 'Content-Security-Policy': BLOB_CSP },
        });
      },
    );

    /**
     * The ticket of a package or blob address: signed, not expired, for this resource, and its holder may still view
     * its item (the item side's decision, remembered for a few seconds); the refusal's words otherwise.
     */
    const refusalOf = async (ticket: string | undefined, resource: string): Promise<string | null> => {
      if (!ticket) return REFUSALS.missing;
      const check = verifyViewTicket(ctx.secret, ticket, Date.now());
      if (!check.ok) return REFUSALS[check.reason];
      if (check.grant.resource !== resource) return REFUSALS.forged;
      return (await ctx.allows(ticket, check.grant)) ? null : REFUSALS.denied;
    };

    scope.get<{ Params: { versionId: string; '*': string } }>(
      '/packages/:versionId/*',
      { schema: { params: { type: 'object', properties: { versionId: { type: 'string' }, '*': { type: 'string', maxLength: 4096 } } } } },
      async (request, reply) => {
        const { versionId, '*': rest } = request.params;
        const origins = ctx.origins();
        const host = origins.matchHost(request.headers.host);
        if (!isSafeVersionId(versionId)) return sendError(reply, 404, 'No such file.');
        // On the dashboard's origin a package would share its session: old links go to the package's own origin.
        if (!host) return reply.redirect(`${origins.originFor(versionId)}${request.url}`, 302);
        if (!origins.servesVersion(host, versionId)) return sendError(reply, 404, 'No such file.');
        // '/packages/<versionId>/<ticket>/<file>': the ticket is a path segment, so the package's relative addresses keep it.
        const slash = rest.indexOf('/');
        const ticket = slash > 0 ? rest.slice(0, slash) : undefined;
        const relative = slash > 0 ? rest.slice(slash + 1) : '';
        // Never sent on as a Referer: the ticket is in every address of the package.
        const headers = { 'Content-Security-Policy': packageCsp(ctx.dashboardOrigins()), 'Referrer-Policy': 'no-referrer' };
        const refusal = await refusalOf(ticket, `p:${versionId}`);
        if (refusal) return sendError(reply.headers(headers), 403, refusal);
        await ctx.store.ensurePackage(ctx.packageRoot, versionId);
        const folder = `${ctx.packageRoot}/${versionId}`;
        const file = isSafeKey(relative) ? resolveInside(folder, relative) : null;
        const kind = file ? await playerPageKind(folder, relative) : null;
        if (file && kind) return sendPlayerPage(request, reply, { file, folder, kind, versionId, headers, dashboardOrigins: ctx.dashboardOrigins() });
        return sendFile(request, reply, file, { contentType: contentTypeFor(relative), headers });
      },
    );

    scope.get<{ Params: { '*': string }; Querystring: { access?: string } }>(
      '/blobs/*',
      {
        schema: {
          params: { type: 'object', properties: { '*': { type: 'string', maxLength: 2048 } } },
          querystring: { type: 'object', properties: { access: { type: 'string', minLength: 1, maxLength: 4096 } } },
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        const headers = { 'Content-Security-Policy': BLOB_CSP, 'Referrer-Policy': 'no-referrer' };
        if (!isSafeKey(key)) return sendError(reply.headers(headers), 404, 'No such file.');
        const { access } = request.query;
        if (access === undefined && key.startsWith(THUMBNAIL_KEY_PREFIX)) {
          if (!(await ctx.isLiveThumbnail(key))) return sendError(reply.headers(headers), 404, 'No such file.');
        } else {
          const refusal = await refusalOf(access, `b:${key}`);
          if (refusal) return sendError(reply.headers(headers), 403, refusal);
        }
        return sendFile(request, reply, await ctx.store.localFile(key), { contentType: contentTypeFor(key), headers });
      },
    );
  });

  /** Streams the body to a temporary file while hashing and counting, checks it, renames it into place. */
  async function receive(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    signedMd5: string | null,
    refuse: (statusCode: number, message: string) => FastifyReply,
  ): Promise<FastifyReply | { key: string; size: number; md5: string }> {
    const temp = ctx.store.tempPath();
    let idle: NodeJS.Timeout | undefined;
    try {
      const lengthHeader = request.headers['content-length'];
      if (lengthHeader === undefined) throw new PutRefusal(411, 'Send the file with a Content-Length header.', 'sizeMismatch');
      const size = /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : NaN;
      if (!Number.isSafeInteger(size)) throw new PutRefusal(400, 'The Content-Length header is not a number of bytes.', 'sizeMismatch');
      if (size > ctx.maxBytes) throw new PutRefusal(413, `The file is larger than the ${ctx.maxBytes} bytes allowed.`, 'tooLarge');
      const expected = await ctx.hooks.expectedSize(key);
      if (expected !== null && expected !== size) throw new PutRefusal(413, `The file has ${size} bytes, but ${expected} were announced for this upload.`, 'sizeMismatch');
      const headerMd5 = md5HeaderToHex(request.headers['content-md5']);
      if (!headerMd5) throw new PutRefusal(400, 'Send the base64 MD5 digest of the file in a Content-MD5 header.', 'md5Mismatch');
      if (signedMd5 && signedMd5 !== headerMd5) throw new PutRefusal(400, 'The Content-MD5 header does not match the upload link.', 'md5Mismatch');

      const hash = createHash('md5');
      let received = 0;
      idle = setTimeout(() => request.raw.destroy(new Error('upload idle')), UPLOAD_IDLE_TIMEOUT_MS);
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          idle?.refresh();
          if (received > size) return callback(new PutRefusal(413, 'The body is longer than its Content-Length.', 'sizeMismatch'));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(request.raw, meter, createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        if (error instanceof PutRefusal) throw error;
        throw new PutRefusal(400, 'The upload was interrupted.', 'aborted');
      }
      if (received !== size) throw new PutRefusal(400, 'The upload ended before Content-Length bytes arrived.', 'aborted');
      const md5 = hash.digest('hex');
      if (md5 !== headerMd5) throw new PutRefusal(400, 'The file does not match its Content-MD5 digest.', 'md5Mismatch');
      await ctx.store.commit(temp, key);
      try {
        await ctx.hooks.stored(key, { size, md5 });
      } catch (error) {
        // The version could not take the file: do not keep a blob nobody refers to.
        await ctx.store.remove(key).catch(() => undefined);
        throw error;
      }
      return { key, size, md5 };
    } catch (error) {
      await rm(temp, { force: true });
      const refusal = error instanceof PutRefusal ? error : null;
      await reportFailure(request, key, refusal?.reason ?? 'aborted');
      if (!refusal) throw error;
      // The client is gone (aborted, or destroyed for idling): there is nobody to answer.
      // (request.raw.destroyed says nothing here: a fully read request is destroyed too.)
      if (request.raw.socket?.destroyed ?? true) return reply.hijack();
      return refuse(refusal.statusCode, refusal.message);
    } finally {
      clearTimeout(idle);
    }
  }
}
