/**
 * `npm run start:cluster`: the reference service as several instances on one machine — a private PostgreSQL from
 * Debian's packages in a data folder of its own (tools/postgres.ts; as root it runs as the `postgres` user), two
 * service instances on that database sharing one DATA_DIR (OIDC secrets, blobs), and a small proxy on one port in
 * front of them. The proxy needs no stickiness: the service's socket.io accepts the websocket transport only, so a
 * socket lives on one upgraded connection from start to end; plain requests go round-robin. Pushes cross instances
 * on the realtime bus (server/realtimeCluster.ts).
 *
 * Environment: PORT (proxy, default 3000), CLUSTER_DIR (default ./data-cluster: `postgres/` and `service/`),
 * INSTANCES (default 2), HOST of the proxy (default localhost). Ctrl-C / SIGTERM stop everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, freePort, startPostgres, type PostgresServer } from './postgres.ts';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
const clusterDir = path.resolve(process.env.CLUSTER_DIR ?? 'data-cluster');
const instanceCount = Number(process.env.INSTANCES ?? 2);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const DATABASE = 'review';

interface Instance {
  port: number;
  child: ChildProcess;
}

async function ensureDatabase(server: PostgresServer): Promise<string> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
  return databaseUrl(server.url, DATABASE);
}

/** Starts one service instance and resolves once it listens; `echo` forwards its output (the first one's accounts list). */
function startInstance(index: number, instancePort: number, url: string, echo: boolean): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(instancePort), HOST: 'localhost', DATABASE_URL: url, DATA_DIR: path.join(clusterDir, 'service'), PUBLIC_URL: publicUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let listening = false;
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      if (!listening && chunk.includes('listening on')) {
        listening = true;
        console.log(`Instance ${index + 1} on http://localhost:${instancePort}`);
        resolve({ port: instancePort, child });
      }
      if (echo) process.stdout.write(chunk.replace(/^Review dashboard listening on .*\n/m, ''));
    });
    child.once('exit', (code) => {
      if (!listening) reject(new Error(`instance ${index + 1} exited with ${code} before it listened`));
    });
  });
}

/** Round-robin HTTP and websocket proxy; the Host header is kept (package origins are told apart by it). */
function startProxy(instances: Instance[]): Promise<http.Server> {
  let next = 0;
  const pick = () => instances[next++ % instances.length]!;
  const server = http.createServer((request, response) => {
    const target = pick();
    const upstream = http.request({ host: 'localhost', port: target.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders as unknown as http.OutgoingHttpHeaders);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('The service instance did not answer.');
    });
    request.pipe(upstream);
  });
  server.on('upgrade', (request, socket, head) => {
    const target = pick();
    const upstream = net.connect(target.port, 'localhost', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

const postgres = await startPostgres(path.join(clusterDir, 'postgres'));
console.log(`PostgreSQL on 127.0.0.1:${postgres.port} (data in ${postgres.dataDir})`);
const url = await ensureDatabase(postgres);
const instances: Instance[] = [];
try {
  // One after the other: the first migrates and seeds an empty database, the others find it ready.
  for (let index = 0; index < instanceCount; index += 1) instances.push(await startInstance(index, await freePort(), url, index === 0));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  for (const instance of instances) instance.child.kill('SIGTERM');
  postgres.stop();
  process.exit(1);
}
const proxy = await startProxy(instances);
console.log(`\nReview dashboard (${instanceCount} instances, PostgreSQL) listening on ${publicUrl}`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, stopping the instances, the proxy and PostgreSQL.`);
  proxy.close();
  proxy.closeAllConnections();
  const exits = instances.map((instance) => new Promise<void>((resolve) => (instance.child.exitCode !== null ? resolve() : instance.child.once('exit', () => resolve()))));
  for (const instance of instances) instance.child.kill('SIGTERM');
  void Promise.all(exits).then(() => {
    postgres.stop();
    process.exit(0);
  });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
for (const instance of instances) instance.child.once('exit', (code) => !stopping && (console.error(`An instance exited (${code}); stopping.`), shutdown('exit')));
