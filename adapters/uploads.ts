/**
 * Upload I/O (review-and-content §5, §7): reading a file's head and tail for the checks, the upload URL call and
 * the PUT of the file to the signed URL it returns.
 */
import { FILE_SNIFF_BYTES } from '../domain/constants.ts';
import { UPLOAD_URL_CALL } from '../domain/items.ts';
import { validateStoryZip } from '../domain/storyZip.ts';
import { checkUploadHead, type UploadCheck } from '../domain/uploads.ts';
import { HttpError, type HttpClient } from './http.ts';

/**
 * Reads the first {@link FILE_SNIFF_BYTES} bytes and, for a story zip, the tail (Blob.slice: never the whole
 * file) and runs the domain checks; a zip that is not a valid Storyline package is refused as invalidStoryZip.
 * Rejects only when the file cannot be read (removed or changed on disk since it was picked).
 */
export async function inspectFile(file: File): Promise<UploadCheck> {
  const read = async (offset: number, length: number) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
  const check = await checkUploadHead(file.name, file.size, await read(0, FILE_SNIFF_BYTES));
  if (!check.ok || check.kind !== 'storyline') return check;
  const zip = await validateStoryZip(file.size, read);
  if (zip.ok) return check;
  const detail = zip.reason === 'missing-entries' ? `The story package has no ${zip.missing.join(', ')}.` : `The zip file cannot be read (${zip.reason}).`;
  return { ok: false, reason: 'invalidStoryZip', detail };
}

/** A PUT that did not end in 200–299: `status` 0 for a network error, a time-out or an abort (`aborted`). */
export class UploadPutError extends Error {
  override name = 'UploadPutError';
  constructor(
    readonly status: number,
    message: string,
    /** True when the PUT was aborted through its signal (a cancel: silent, §8). */
    readonly aborted = false,
  ) {
    super(message);
  }
}

export interface UploadPutInput {
  url: string;
  file: Blob;
  contentType: string;
  fileName: string;
  md5Hex: string;
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
}

export interface UploadClient {
  /** GET /api/uploads/url (bearer through the HttpClient) → { key, url, type }. */
  uploadUrl(input: { fileName: string; keyPrefix: string; md5: string | null }): Promise<{ key: string; url: string; type: string }>;
  /**
   * PUT with XMLHttpRequest (fetch has no upload progress): headers Content-Type, Content-Disposition
   * (attachment; filename*=UTF-8''…), Content-MD5 (base64 of the hex md5). 200–299 resolves; anything else,
   * network error or abort rejects with {@link UploadPutError}.
   */
  put(input: UploadPutInput): Promise<void>;
}

/** RFC 8187 ext-value of a file name: UTF-8, percent-encoded beyond the attr-chars. */
export function contentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** Content-MD5 (RFC 1864): base64 of the 16 digest bytes, from the hex digest. */
export function contentMd5(md5Hex: string): string {
  if (!/^[0-9a-f]{32}$/i.test(md5Hex)) throw new Error(`Not an MD5 hex digest: ${JSON.stringify(md5Hex)}`);
  let binary = '';
  for (let i = 0; i < 32; i += 2) binary += String.fromCharCode(parseInt(md5Hex.slice(i, i + 2), 16));
  return btoa(binary);
}

/** The server's `{ message }` from a refused PUT, else a generic text with the status. */
function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body?.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: fall through.
  }
  return `Upload failed with status ${xhr.status}.`;
}

/**
 * The upload client: the upload URL call through the shared HttpClient (bearer, 401 → refresh → retry) and the
 * PUT through `createXhr` (a real XMLHttpRequest unless told otherwise). The signed URL needs no bearer.
 */
export function createUploadClient(options: { http: HttpClient; createXhr?: () => XMLHttpRequest }): UploadClient {
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  return {
    async uploadUrl({ fileName, keyPrefix, md5 }) {
      const answer = await options.http.request<unknown>(UPLOAD_URL_CALL.path, {
        method: UPLOAD_URL_CALL.method,
        query: { acl: 'public-read', keyPrefix, fileName, ...(md5 ? { md5 } : {}) },
      });
      const { key, url, type } = (answer ?? {}) as { key?: unknown; url?: unknown; type?: unknown };
      if (typeof key !== 'string' || typeof url !== 'string' || typeof type !== 'string') {
        throw new HttpError(UPLOAD_URL_CALL.expect, 'InvalidResponse', 'The upload URL answer is missing key, url or type.', UPLOAD_URL_CALL.path);
      }
      return { key, url, type };
    },

    put(input) {
      return new Promise<void>((resolve, reject) => {
        if (input.signal.aborted) {
          reject(new UploadPutError(0, 'Upload aborted.', true));
          return;
        }
        let md5: string;
        try {
          md5 = contentMd5(input.md5Hex);
        } catch (error) {
          reject(new UploadPutError(0, (error as Error).message));
          return;
        }
        const xhr = createXhr();
        const onAbort = () => xhr.abort();
        const settle = (error: UploadPutError | null) => {
          input.signal.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve();
        };
        xhr.open('PUT', input.url);
        xhr.setRequestHeader('Content-Type', input.contentType);
        xhr.setRequestHeader('Content-Disposition', contentDisposition(input.fileName));
        xhr.setRequestHeader('Content-MD5', md5);
        // Upload listeners must be in place before send(), or the browser may skip progress events.
        xhr.upload.onprogress = (event) => input.onProgress(event.loaded, event.lengthComputable ? event.total : input.file.size);
        xhr.onload = () => settle(xhr.status >= 200 && xhr.status <= 299 ? null : new UploadPutError(xhr.status, messageOf(xhr)));
        xhr.onerror = () => settle(new UploadPutError(0, 'The upload could not reach the server.'));
        xhr.ontimeout = () => settle(new UploadPutError(0, 'The upload timed out.'));
        xhr.onabort = () => settle(new UploadPutError(0, 'Upload aborted.', true));
        input.signal.addEventListener('abort', onAbort, { once: true });
        xhr.send(input.file);
      });
    },
  };
}
