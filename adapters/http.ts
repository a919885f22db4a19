import { FetchError, ofetch, type FetchOptions } from 'ofetch';

/** Where the http client gets bearer tokens (the token bus of the composition root). */
export interface TokenSource {
  accessToken(): Promise<string | null>;
  /** Forces a refresh and returns the new token, or null when the session could not be renewed. */
  forceRefresh(): Promise<string | null>;
}

/** A failed request, with the server's `{ error, message }` when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly url: string,
    /** The refusal's reason when the error body names one (`reason`), else null. */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

export type RequestOptions = Omit<FetchOptions<'json'>, 'baseURL'> & { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' };

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

function toHttpError(error: unknown, url: string): HttpError {
  if (error instanceof FetchError) {
    const data = error.data as { error?: unknown; message?: unknown; reason?: unknown } | undefined;
    const status = error.status ?? 0;
    const message = typeof data?.message === 'string' ? data.message : status ? `Request failed with status ${status}.` : 'The service could not be reached.';
    return new HttpError(status, typeof data?.error === 'string' ? data.error : status ? 'HttpError' : 'NetworkError', message, url, typeof data?.reason === 'string' ? data.reason : null);
  }
  return new HttpError(0, 'NetworkError', error instanceof Error ? error.message : 'The service could not be reached.', url);
}

/**
 * The shared HTTP client (foundation §7): base address from the runtime config, bearer token in the
 * Authorization header; on a 401 it forces one token refresh for that URL and retries once. A URL
 * that answers 401 again keeps its mark, so a refused request never loops through refreshes; a
 * successful retry clears it, so a later expiry can refresh again.
 */
export function createHttpClient(options: { baseURL: string; tokens: TokenSource; fetch?: typeof globalThis.fetch }): HttpClient {
  const refreshedOnce = new Set<string>();
  const client = ofetch.create({ baseURL: options.baseURL, retry: 0, ...(options.fetch ? { fetch: options.fetch } : {}) });

  const send = <T>(path: string, token: string | null, init: RequestOptions) =>
    client<T>(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string> | undefined), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    } as FetchOptions<'json'>) as Promise<T>;

  return {
    async request<T>(path: string, init: RequestOptions = {}): Promise<T> {
      const key = `${init.method ?? 'GET'} ${options.baseURL}${path}`;
      const token = await options.tokens.accessToken();
      try {
        return await send<T>(path, token, init);
      } catch (error) {
        const status = error instanceof FetchError ? error.status : undefined;
        if (status !== 401 || refreshedOnce.has(key)) throw toHttpError(error, key);
        refreshedOnce.add(key);
        const fresh = await options.tokens.forceRefresh();
        if (!fresh) throw toHttpError(error, key);
        try {
          const result = await send<T>(path, fresh, init);
          refreshedOnce.delete(key);
          return result;
        } catch (retryError) {
          throw toHttpError(retryError, key);
        }
      }
    },
  };
}
