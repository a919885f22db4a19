/**
 * A private PostgreSQL server in a folder of its own, from Debian's `postgresql` package (no system cluster, no
 * service): used by the PostgreSQL test project (tests/support/postgresGlobalSetup.ts) and `npm run start:cluster`.
 * initdb refuses to run as root, so as root the folder is handed to the `postgres` user the package creates and the
 * server runs as that user. Listens on 127.0.0.1 only, trust authentication (nothing else can reach it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  dataDir: string;
  stop(): void;
}

/** The newest installed server's bin folder (/usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : path.join(root, majors[0], 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function asServerUser(command: string, args: string[]): void {
  const [file, rest] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, rest, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} failed: ${(result.stderr || result.stdout || String(result.error)).trim()}`);
}

/**
 * Starts PostgreSQL on a free port with its data in `dataDir` (created with initdb when empty). `durable: false`
 * turns fsync off (tests: fast, and a crashed test run's folder is thrown away anyway).
 */
export async function startPostgres(dataDir: string, options: { durable?: boolean; port?: number } = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed (Debian's postgresql package; `npm test` installs it through tools/ensureBrowser.ts)");
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  mkdirSync(dataDir, { recursive: true });
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dataDir, uid, gid);
    // The parent folders must be traversable by the server user.
    for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) if (dir.startsWith('/tmp/')) chownSync(dir, uid, gid);
  }
  if (fresh) asServerUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', ...(options.durable === false ? ['--no-sync'] : [])]);
  const port = options.port ?? (await freePort());
  const settings = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    '-c max_connections=200',
    ...(options.durable === false ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  asServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-o', settings, '-w', '-t', '60', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        asServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', options.durable === false ? 'immediate' : 'fast', '-w', 'stop']);
      } catch {
        // already gone
      }
    },
  };
}

/** Stops the server and removes its folder. */
export function removePostgres(server: PostgresServer): void {
  server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** `postgres://…/<name>` on the same server as `url`. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}
