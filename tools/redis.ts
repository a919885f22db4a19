/**
 * A private Redis server in a folder of its own, from Debian's `redis-server` package (no system service): for the
 * realtime bus over Redis (REDIS_URL) in tests and on a developer's machine. Listens on 127.0.0.1 only, keeps
 * nothing on disk (the bus holds no state).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './postgres.ts';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

const REDIS_SERVER = '/usr/bin/redis-server';

/** Whether Debian's redis-server is installed. */
export const redisInstalled = (): boolean => existsSync(REDIS_SERVER);

/** Starts redis-server on a free port with `dir` as its working folder; resolves once it answers PING. */
export async function startRedis(dir: string): Promise<RedisServer> {
  if (!redisInstalled()) throw new Error("Redis is not installed (Debian's redis-server package)");
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', (data) => (socket.destroy(), resolve(data.toString().startsWith('+PONG'))));
      socket.once('error', () => resolve(false));
    });
    if (pong) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('redis-server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
