import type { Socket } from 'socket.io-client';
import type { Ack, ContentAckData, ContentPayload, ContentRequestName, ItemRecord, ItemStackRecord } from '../domain/content.ts';
import { ITEM_STACK_CALLS } from '../domain/content.ts';
import type { ItemCall } from '../domain/itemChanges.ts';
import type { ItemRefusal } from '../domain/items.ts';
import { CONTENT_ACK_TIMEOUT_MS } from '../domain/constants.ts';
import type { HttpClient } from './http.ts';

/** What the client needs of a socket.io socket (`once` / `off`: to hear the connection drop while an answer is awaited). */
export type ContentSocket = Pick<Socket, 'emit' | 'connected'> & Partial<Pick<Socket, 'once' | 'off'>>;

/**
 * How far a failed request got: `refused` (the server answered no, or the answer was unreadable), `unsent` (there was
 * no connection: the server never saw it), `unanswered` (sent, but no answer came: timed out, or the connection dropped
 * while waiting — the server may have done it). Machines keep an unsent or unanswered change pending and ask again.
 */
export type Delivery = 'refused' | 'unsent' | 'unanswered';

/**
 * A content or item request the server refused, that timed out, or that could not be sent. `reason` is an
 * ItemRefusal: the content refusals plus the item view's (domain/items.ts); `delivery` says how far it got.
 */
export class ContentRequestError extends Error {
  override name = 'ContentRequestError';
  constructor(
    readonly reason: ItemRefusal,
    message: string,
    readonly failedId?: string | number,
    readonly delivery: Delivery = 'refused',
  ) {
    super(message);
  }
}

/** How one request is sent: its time-out, and `asChange` for a change (see {@link emitRequest}). */
export interface RequestOptions {
  /** null: no time-out here (the actor that sent the change times the wait with a named delay). */
  timeoutMs?: number | null;
  asChange?: boolean;
}

/** How long a request waits for its acknowledgement unless told otherwise. */
export const CONTENT_REQUEST_TIMEOUT_MS = CONTENT_ACK_TIMEOUT_MS;

type StackResult = { success: true } | { success: false };

/** The item-stack HTTP calls (review-and-content §7), each checked against its expected status. */
export interface StackClient {
  bulkRestore(stackIds: string[]): Promise<{ success: true; stacks: ItemRecord[] } | { success: false }>;
  move(stackIds: string[], toFolderId: number | null): Promise<StackResult>;
  /** Throws 'Error renaming stack' on any failure (§8). */
  rename(stackId: string, title: string): Promise<void>;
  bulkSoftDelete(stackIds: string[]): Promise<StackResult>;
  bulkHardDelete(stackIds: string[]): Promise<StackResult>;
  get(id: string): Promise<{ success: true; stack: ItemStackRecord } | { success: false }>;
}

export interface ContentClient {
  /** Emits a content request on the user's socket and resolves with the acknowledgement's data. */
  request<K extends ContentRequestName>(name: K, payload: ContentPayload<K>, options?: RequestOptions): Promise<ContentAckData<K>>;
  stacks: StackClient;
}

function isAck(value: unknown): value is Ack<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const ack = value as { success?: unknown; reason?: unknown };
  return ack.success === true || (ack.success === false && typeof ack.reason === 'string');
}

/**
 * Emits one request on `socket` and resolves with its acknowledgement's data; the one implementation behind the
 * content client and the item client (adapters/items.ts), whose acks share the shape of domain/content.ts. Rejects
 * with a {@link ContentRequestError}: the server's reason on a refusal, `serverError` "timed out" (`unanswered`) when no
 * acknowledgement comes within `timeoutMs` (null: no time-out here, the actor that sent the change times the wait),
 * `serverError` without a socket (`unsent`) or for an unreadable
 * acknowledgement. A read made while reconnecting waits for the connection (socket.io sends it once connected). A change
 * (`asChange`) does not: while offline it is rejected at once as `unsent` (the actor shows it waiting for the connection
 * and sends it again later, with its change id), and a connection that drops while its answer is awaited rejects it
 * at once as `unanswered` (the answer is lost for good: socket.io never calls that acknowledgement).
 */
export function emitRequest<T>(socket: ContentSocket | null, name: string, payload: unknown, timeoutMs: number | null, options: { asChange?: boolean } = {}): Promise<T> {
  if (!socket) return Promise.reject(new ContentRequestError('serverError', `Cannot send ${name}: not connected to the review service.`, undefined, 'unsent'));
  if (options.asChange && !socket.connected) {
    return Promise.reject(new ContentRequestError('serverError', `Cannot send ${name}: waiting for the connection to the review service.`, undefined, 'unsent'));
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = () => {
      settled = true;
      if (timer !== null) clearTimeout(timer);
      if (options.asChange) socket.off?.('disconnect', onDrop);
    };
    const onDrop = () => {
      if (settled) return;
      finish();
      reject(new ContentRequestError('serverError', `${name}: the connection dropped before the answer came.`, undefined, 'unanswered'));
    };
    const timer =
      timeoutMs === null
        ? null
        : setTimeout(() => {
            if (settled) return;
            finish();
            reject(new ContentRequestError('serverError', `${name} timed out after ${timeoutMs} ms.`, undefined, 'unanswered'));
          }, timeoutMs);
    if (options.asChange) socket.once?.('disconnect', onDrop);
    socket.emit(name, payload, (ack: unknown) => {
      if (settled) return;
      finish();
      if (!isAck(ack)) reject(new ContentRequestError('serverError', `${name}: unreadable acknowledgement.`));
      else if (ack.success) resolve(ack.data as T);
      else reject(new ContentRequestError(ack.reason, ack.message || ack.reason, ack.failedId));
    });
  });
}

/**
 * The socket a request goes over: the live one, or, when none is there yet (the live connection still loading or held
 * back until the page's first load is over), the one `whenSocket` hands over once it connects; null if none came.
 */
export function socketOrWait(options: { socket: () => ContentSocket | null; whenSocket?: (timeoutMs: number) => Promise<ContentSocket | null> }, timeoutMs: number): Promise<ContentSocket | null> {
  const socket = options.socket();
  return socket || !options.whenSocket ? Promise.resolve(socket) : options.whenSocket(timeoutMs);
}

/**
 * The content protocol client (domain/content.ts). Socket requests go over the user's live socket
 * (`/user/<aid>`, handed over by the socket adapter): each resolves with its acknowledgement's data, or
 * rejects with a {@link ContentRequestError} carrying the server's reason (a refusal), `serverError` with a
 * "timed out" message (no acknowledgement within `timeoutMs`), or `serverError` when there is no socket. The
 * item-stack calls go over HTTP and are checked against their expected statuses: a rename failure throws
 * 'Error renaming stack'; other failures are reported through `report` and resolve `{ success: false }`.
 */
export function createContentClient(options: {
  socket: () => ContentSocket | null;
  /** The socket once it is there and connected (at most `timeoutMs`): a read made before it exists waits for it. */
  whenSocket?: (timeoutMs: number) => Promise<ContentSocket | null>;
  http: HttpClient;
  report?: (message: string, details: Record<string, unknown>) => void;
  timeoutMs?: number;
}): ContentClient {
  const report = options.report ?? (() => {});
  const defaultTimeout = options.timeoutMs ?? CONTENT_REQUEST_TIMEOUT_MS;

  function request<K extends ContentRequestName>(name: K, payload: ContentPayload<K>, requestOptions: RequestOptions = {}): Promise<ContentAckData<K>> {
    const timeoutMs = requestOptions.timeoutMs === undefined ? defaultTimeout : requestOptions.timeoutMs;
    const asChange = requestOptions.asChange ?? false;
    const socket = options.socket();
    // A change made before there is a socket is unsent at once (its actor keeps it pending); a read waits for one.
    if (socket || asChange) return emitRequest<ContentAckData<K>>(socket, name, payload, timeoutMs, { asChange });
    return socketOrWait(options, timeoutMs ?? defaultTimeout).then((ready) => emitRequest<ContentAckData<K>>(ready, name, payload, timeoutMs));
  }

  /** One stack call: ok only with exactly the expected status. */
  async function call(spec: { method: 'GET' | 'PUT' | 'DELETE'; path: string; expect: number }, path: string, body?: unknown): Promise<{ ok: boolean; status: number; data: unknown; error: string | null }> {
    let status = 0;
    try {
      const data = await options.http.request<unknown>(path, {
        method: spec.method,
        ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        onResponse: ({ response }) => {
          status = response.status;
        },
      });
      return status === spec.expect ? { ok: true, status, data, error: null } : { ok: false, status, data, error: `Expected ${spec.expect}, got ${status}` };
    } catch (error) {
      const failed = error as { status?: unknown; message?: unknown };
      return { ok: false, status: typeof failed.status === 'number' ? failed.status : status, data: null, error: typeof failed.message === 'string' ? failed.message : 'Request failed' };
    }
  }

  const failed = (what: string, details: Record<string, unknown>) => {
    report(what, details);
    return { success: false } as const;
  };

  const stacks: StackClient = {
    async bulkRestore(stackIds) {
      const result = await call(ITEM_STACK_CALLS.bulkRestore, ITEM_STACK_CALLS.bulkRestore.path, { stackIds });
      const list = (result.data as { stacks?: unknown } | null)?.stacks;
      if (!result.ok || !Array.isArray(list)) return failed('Error restoring stacks', { stackIds, status: result.status, error: result.error });
      return { success: true, stacks: list as ItemRecord[] };
    },
    async move(stackIds, toFolderId) {
      const result = await call(ITEM_STACK_CALLS.move, ITEM_STACK_CALLS.move.path, { stackIds, toFolderId });
      return result.ok ? { success: true } : failed('Error moving stacks', { stackIds, toFolderId, status: result.status, error: result.error });
    },
    async rename(stackId, title) {
      const result = await call(ITEM_STACK_CALLS.rename, `${ITEM_STACK_CALLS.rename.path}${encodeURIComponent(stackId)}`, { title });
      if (!result.ok) {
        report('Error renaming stack', { stackId, status: result.status, error: result.error });
        throw new Error('Error renaming stack');
      }
    },
    async bulkSoftDelete(stackIds) {
      const result = await call(ITEM_STACK_CALLS.bulkSoftDelete, ITEM_STACK_CALLS.bulkSoftDelete.path, { stackIds });
      return result.ok ? { success: true } : failed('Error archiving stacks', { stackIds, status: result.status, error: result.error });
    },
    async bulkHardDelete(stackIds) {
      const result = await call(ITEM_STACK_CALLS.bulkHardDelete, ITEM_STACK_CALLS.bulkHardDelete.path, { stackIds });
      return result.ok ? { success: true } : failed('Error destroying stacks', { stackIds, status: result.status, error: result.error });
    },
    async get(id) {
      const result = await call(ITEM_STACK_CALLS.get, `${ITEM_STACK_CALLS.get.path}${encodeURIComponent(id)}`);
      if (!result.ok || typeof result.data !== 'object' || result.data === null) return failed('Error fetching stack', { id, status: result.status, error: result.error });
      return { success: true, stack: result.data as ItemStackRecord };
    },
  };

  return { request, stacks };
}

/**
 * Runs the calls of one item change in order (socket events for items, HTTP for stacks) and collects the item
 * records the server answered with. The first failure stops the run and rejects with a ContentRequestError,
 * so the grid rolls the change back (a stack call's `success: false` counts as a failure).
 */
export async function runItemCalls(client: ContentClient, calls: readonly ItemCall[], options: RequestOptions = {}): Promise<{ items: ItemRecord[] }> {
  const items: ItemRecord[] = [];
  for (const c of calls) {
    if (c.via === 'socket') {
      const data = (await client.request(c.name, c.payload as never, options)) as { item?: ItemRecord; items?: ItemRecord[] };
      if (data?.item) items.push(data.item);
      if (Array.isArray(data?.items)) items.push(...data.items);
      continue;
    }
    if (c.call === 'rename') {
      try {
        await client.stacks.rename(c.stackId, c.title);
      } catch (error) {
        throw new ContentRequestError('serverError', error instanceof Error ? error.message : 'Error renaming stack');
      }
      continue;
    }
    if (c.call === 'bulkRestore') {
      const result = await client.stacks.bulkRestore(c.stackIds);
      if (!result.success) throw new ContentRequestError('serverError', 'Error updating items');
      items.push(...result.stacks);
      continue;
    }
    const result =
      c.call === 'move' ? await client.stacks.move(c.stackIds, c.toFolderId) : c.call === 'bulkSoftDelete' ? await client.stacks.bulkSoftDelete(c.stackIds) : await client.stacks.bulkHardDelete(c.stackIds);
    if (!result.success) throw new ContentRequestError('serverError', 'Error updating items');
  }
  return { items };
}

/**
 * A random id for this page's changes (the `content.clientId` event): 32 hex digits from the platform's random source
 * (`getRandomValues` also works outside secure contexts, unlike `randomUUID`).
 */
export function newClientId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  return [...random(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
