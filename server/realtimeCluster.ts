/**
 * Pushes and staff realtime controls across service instances that share one PostgreSQL database. Each instance
 * keeps its own sockets (realtime.ts); a bus — a socket.io server with no HTTP listener whose main namespace runs on
 * socket.io's Postgres adapter (LISTEN/NOTIFY, large messages through the `socket_io_attachments` table) — carries
 * every push to the other instances (serverSideEmit), which deliver it to their own sockets with the same messageId.
 * A per-watcher item push asks the other instances who watches (an acknowledged serverSideEmit), computes each
 * watcher's data here, and sends the deliveries back by socket id.
 */
import { createRequire } from 'node:module';
import type * as PostgresAdapter from '@socket.io/postgres-adapter';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type pg from 'pg';
import type * as Redis from 'redis';
import { Server } from 'socket.io';
import type { Namespace } from 'socket.io';

/** Who watches (realtime.ts SocketIdentity; repeated here so the two files do not import each other). */
interface SocketIdentity {
  id: string;
  email: string;
  kind: 'account' | 'anonymous';
}

/** What this file needs of realtime.ts's Realtime. */
export interface ClusterableRealtime {
  io: Server;
  emitToUser(aid: string, event: string, data?: Record<string, unknown>): string;
  emitToUsers(aids: readonly string[], event: string, data?: Record<string, unknown>): string;
  emitToAllUsers(event: string, data?: Record<string, unknown>): string;
  emitToItem(itemId: string, event: string, data?: Record<string, unknown>): string;
  emitToItemEach(itemId: string, event: string, dataFor: (viewer: SocketIdentity) => Record<string, unknown> | null): string;
  disconnect(target: { aid?: string | undefined }): { disconnected: number };
  refuseConnections(seconds: number): number;
  tellInstances(event: string, data: Record<string, unknown>): void;
  onInstanceMessage(event: string, listener: (data: Record<string, unknown>) => void): void;
  close(): Promise<void>;
}

type Relay =
  | { kind: 'users'; aids: string[] | null; event: string; payload: Record<string, unknown> }
  | { kind: 'item'; itemId: string; event: string; payload: Record<string, unknown> }
  | { kind: 'deliver'; itemId: string; event: string; deliveries: { socketId: string; payload: Record<string, unknown> }[] }
  | { kind: 'disconnect'; aid: string | null }
  | { kind: 'refuse'; seconds: number }
  | { kind: 'instance'; event: string; data: Record<string, unknown> };

interface Watcher {
  socketId: string;
  identity: SocketIdentity;
}

function identityOf(socket: { data: unknown }): SocketIdentity | undefined {
  return (socket.data as { identity?: SocketIdentity } | undefined)?.identity;
}

/** What carries the bus: the shared PostgreSQL (LISTEN/NOTIFY) or, with REDIS_URL, Redis (publish/subscribe). */
export type BusTransport = { kind: 'postgres'; pool: pg.Pool } | { kind: 'redis'; url: string };

// The adapters and the Redis client are loaded when a bus is made: a single instance never loads them.
const require = createRequire(import.meta.url);

/** The bus's adapter and what ends its connections. */
function busAdapter(transport: BusTransport): { adapter: ReturnType<typeof PostgresAdapter.createAdapter>; close: () => Promise<void> } {
  if (transport.kind === 'postgres') {
    const { createAdapter } = require('@socket.io/postgres-adapter') as typeof PostgresAdapter;
    return { adapter: createAdapter(transport.pool, { errorHandler: () => undefined }), close: async () => undefined };
  }
  const { createAdapter: createRedisAdapter } = require('@socket.io/redis-adapter') as typeof RedisAdapter;
  const { createClient } = require('redis') as typeof Redis;
  // Two connections: a subscribed Redis connection can do nothing else. Commands wait in the client's queue until
  // it is connected; a lost connection is retried by the client (its errors are not the request's).
  const publisher = createClient({ url: transport.url });
  const subscriber = publisher.duplicate();
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  void publisher.connect().catch(() => undefined);
  void subscriber.connect().catch(() => undefined);
  return {
    adapter: createRedisAdapter(publisher, subscriber) as unknown as ReturnType<typeof PostgresAdapter.createAdapter>,
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/** Wraps one instance's realtime so every push and control also reaches the sockets of the other instances. */
export function clusterRealtime<R extends ClusterableRealtime>(local: R, transport: BusTransport): R {
  const { io } = local;
  const bus = new Server({ serveClient: false });
  const carrier = busAdapter(transport);
  bus.adapter(carrier.adapter);

  const namespaces = (prefix: string): Namespace[] => [...io._nsps.values()].filter((nsp) => nsp.name.startsWith(prefix));
  const itemNamespace = (itemId: string) => io._nsps.get(`/item/${itemId}`);
  const instanceListeners = new Map<string, ((data: Record<string, unknown>) => void)[]>();

  const deliverHere = (relay: Relay) => {
    switch (relay.kind) {
      case 'users': {
        const wanted = relay.aids === null ? null : new Set(relay.aids);
        for (const nsp of namespaces('/user/')) {
          for (const socket of nsp.sockets.values()) {
            const id = identityOf(socket)?.id;
            if (id !== undefined && (wanted === null || wanted.has(id))) socket.emit(relay.event, relay.payload);
          }
        }
        return;
      }
      case 'item':
        itemNamespace(relay.itemId)?.to(`item:${relay.itemId}`).emit(relay.event, relay.payload);
        return;
      case 'deliver': {
        const nsp = itemNamespace(relay.itemId);
        for (const { socketId, payload } of relay.deliveries) nsp?.sockets.get(socketId)?.emit(relay.event, payload);
        return;
      }
      case 'disconnect':
        local.disconnect({ aid: relay.aid ?? undefined });
        return;
      case 'refuse':
        local.refuseConnections(relay.seconds);
        return;
      case 'instance':
        for (const listener of instanceListeners.get(relay.event) ?? []) listener(relay.data);
        return;
    }
  };

  bus.on('realtime:relay', (relay: Relay) => deliverHere(relay));
  bus.on('realtime:watchers', (itemId: string, ack: (watchers: Watcher[]) => void) => {
    const watchers: Watcher[] = [];
    for (const socket of itemNamespace(itemId)?.sockets.values() ?? []) {
      const identity = identityOf(socket);
      if (identity) watchers.push({ socketId: socket.id, identity });
    }
    ack(watchers);
  });

  const relay = (message: Relay) => {
    bus.serverSideEmit('realtime:relay', message);
  };

  const clustered: ClusterableRealtime = {
    io,
    emitToUser: (aid, event, data) => {
      const messageId = local.emitToUser(aid, event, data);
      relay({ kind: 'users', aids: [aid], event, payload: { ...data, messageId } });
      return messageId;
    },
    emitToUsers: (aids, event, data) => {
      const messageId = local.emitToUsers(aids, event, data);
      relay({ kind: 'users', aids: [...new Set(aids)], event, payload: { ...data, messageId } });
      return messageId;
    },
    emitToAllUsers: (event, data) => {
      const messageId = local.emitToAllUsers(event, data);
      relay({ kind: 'users', aids: null, event, payload: { ...data, messageId } });
      return messageId;
    },
    emitToItem: (itemId, event, data) => {
      const messageId = local.emitToItem(itemId, event, data);
      relay({ kind: 'item', itemId, event, payload: { ...data, messageId } });
      return messageId;
    },
    emitToItemEach: (itemId, event, dataFor) => {
      const messageId = local.emitToItemEach(itemId, event, dataFor);
      bus.serverSideEmit('realtime:watchers', itemId, (_error: unknown, answers: Watcher[][] = []) => {
        const deliveries: { socketId: string; payload: Record<string, unknown> }[] = [];
        for (const watcher of answers.flat()) {
          const data = dataFor(watcher.identity);
          if (data) deliveries.push({ socketId: watcher.socketId, payload: { ...data, messageId } });
        }
        if (deliveries.length > 0) relay({ kind: 'deliver', itemId, event, deliveries });
      });
      return messageId;
    },
    disconnect: (target) => {
      relay({ kind: 'disconnect', aid: target.aid ?? null });
      return local.disconnect(target);
    },
    refuseConnections: (seconds) => {
      relay({ kind: 'refuse', seconds });
      return local.refuseConnections(seconds);
    },
    tellInstances: (event, data) => relay({ kind: 'instance', event, data }),
    onInstanceMessage: (event, listener) => {
      instanceListeners.set(event, [...(instanceListeners.get(event) ?? []), listener]);
    },
    close: async () => {
      await local.close();
      // The bus has no HTTP side to close: closing its adapter ends the LISTEN connection, so the pool can end.
      await Promise.all([...bus._nsps.values()].map((nsp) => nsp.adapter.close()));
      await carrier.close();
    },
  };
  return { ...local, ...clustered };
}
