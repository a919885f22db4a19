/**
 * `npm run start:cluster`: the reference service as several instances on one machine — a private PostgreSQL from
 * Debian's packages in a data folder of its own (tools/postgres.ts; as root it runs as the `postgres` user), a local
 * S3-compatible server (s3rver, tools/s3.ts) holding the blobs, two service instances on that database and object
 * store, each with a data folder of its own (a cache; only the OIDC secrets file is copied from the first), and a
 * small proxy on one port in front of them. The proxy needs no stickiness: the service's socket.io accepts the websocket transport only, so a
 * socket lives on one upgraded connection from start to end; plain requests go round-robin. Pushes cross instances
 * on the realtime bus (server/realtimeCluster.ts).
 *
 * Environment: PORT (proxy, default 3000), CLUSTER_DIR (default ./data-cluster: `postgres/`, `s3/`, `service-<n>/`),
 * INSTANCES (default 2), HOST of the proxy (default localhost). Ctrl-C / SIGTERM stop everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { databaseUrl, freePort, startPostgres, type PostgresServer } from './postgres.ts';
import { startLocalS3, type LocalS3 } from './s3.ts';
import { startProxy } from './clusterProxy.ts';

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
function startInstance(index: number, instancePort: number, url: string, s3: LocalS3, echo: boolean): Promise<Instance> {
  const dataDir = path.join(clusterDir, `service-${index + 1}`);
  // The instances share the OIDC secrets (cookie and signing keys, the upload links' key): the first one makes them.
  const secrets = path.join(clusterDir, 'service-1', 'oidc-secrets.json');
  mkdirSync(dataDir, { recursive: true });
  if (index > 0 && existsSync(secrets) && !existsSync(path.join(dataDir, 'oidc-secrets.json'))) copyFileSync(secrets, path.join(dataDir, 'oidc-secrets.json'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...s3.env, PORT: String(instancePort), HOST: 'localhost', DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: publicUrl },
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

const postgres = await startPostgres(path.join(clusterDir, 'postgres'));
console.log(`PostgreSQL on 127.0.0.1:${postgres.port} (data in ${postgres.dataDir})`);
const url = await ensureDatabase(postgres);
const s3 = await startLocalS3(path.join(clusterDir, 's3'));
console.log(`S3 (s3rver) on ${s3.endpoint}, bucket ${s3.bucket} (objects in ${path.join(clusterDir, 's3')})`);
const instances: Instance[] = [];
try {
  // One after the other: the first migrates and seeds an empty database, the others find it ready.
  for (let index = 0; index < instanceCount; index += 1) instances.push(await startInstance(index, await freePort(), url, s3, index === 0));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  for (const instance of instances) instance.child.kill('SIGTERM');
  await s3.stop();
  postgres.stop();
  process.exit(1);
}
const proxy = await startProxy(instances.map((instance) => instance.port), port, host);
console.log(`\nReview dashboard (${instanceCount} instances, PostgreSQL, S3) listening on ${publicUrl}`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, stopping the instances, the proxy, S3 and PostgreSQL.`);
  proxy.close();
  proxy.closeAllConnections();
  const exits = instances.map((instance) => new Promise<void>((resolve) => (instance.child.exitCode !== null ? resolve() : instance.child.once('exit', () => resolve()))));
  for (const instance of instances) instance.child.kill('SIGTERM');
  void Promise.all(exits).then(async () => {
    await s3.stop().catch(() => undefined);
    postgres.stop();
    process.exit(0);
  });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
for (const instance of instances) instance.child.once('exit', (code) => !stopping && (console.error(`An instance exited (${code}); stopping.`), shutdown('exit')));
